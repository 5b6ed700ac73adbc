// kernel: particles — six independent memrefs (positions, velocities, masses as f32, a bounce counter as i32) updated by one kernel step called from inside an scf.for in main; floor bounce is an scf.if without else; returns the f32 kinetic energy each step.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @step(%px: memref<8xf32>, %py: memref<8xf32>, %vx: memref<8xf32>, %vy: memref<8xf32>,
           %mass: memref<8xf32>, %bounces: memref<8xi32>, %dt: f32, %g: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %damp = arith.constant -0.75 : f32
  %one = arith.constant 1 : i32
  %e = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %px[%i] : memref<8xf32>
    %y = memref.load %py[%i] : memref<8xf32>
    %u = memref.load %vx[%i] : memref<8xf32>
    %v = memref.load %vy[%i] : memref<8xf32>
    %gdt = arith.mulf %g, %dt : f32
    %v1 = arith.subf %v, %gdt : f32
    %dx = arith.mulf %u, %dt : f32
    %dy = arith.mulf %v1, %dt : f32
    %x1 = arith.addf %x, %dx : f32
    %y1 = arith.addf %y, %dy : f32
    memref.store %x1, %px[%i] : memref<8xf32>
    memref.store %y1, %py[%i] : memref<8xf32>
    memref.store %v1, %vy[%i] : memref<8xf32>
    %below = arith.cmpf olt, %y1, %zero : f32
    scf.if %below {
      %ny = arith.subf %zero, %y1 : f32
      memref.store %ny, %py[%i] : memref<8xf32>
      %nv = arith.mulf %v1, %damp : f32
      memref.store %nv, %vy[%i] : memref<8xf32>
      %b = memref.load %bounces[%i] : memref<8xi32>
      %b1 = arith.addi %b, %one : i32
      memref.store %b1, %bounces[%i] : memref<8xi32>
    }
    %m = memref.load %mass[%i] : memref<8xf32>
    %vyf = memref.load %vy[%i] : memref<8xf32>
    %u2 = arith.mulf %u, %u : f32
    %v2 = arith.mulf %vyf, %vyf : f32
    %s2 = arith.addf %u2, %v2 : f32
    %hm = arith.mulf %half, %m : f32
    %ke = arith.mulf %hm, %s2 : f32
    %a = arith.addf %acc, %ke : f32
    scf.yield %a : f32
  }
  func.return %e : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %px = memref.alloc() : memref<8xf32>
  %py = memref.alloc() : memref<8xf32>
  %vx = memref.alloc() : memref<8xf32>
  %vy = memref.alloc() : memref<8xf32>
  %mass = memref.alloc() : memref<8xf32>
  %bounces = memref.alloc() : memref<8xi32>
  %zero = arith.constant 0 : i32
  %tenth = arith.constant 0.1 : f32
  %quarter = arith.constant 0.25 : f32
  %two = arith.constant 2.0 : f32
  %onehalf = arith.constant 1.5 : f32
  %negone = arith.constant -1.0 : f32
  // px = i, py = 0.25 * i, vx = 1.5 - 0.1 * i, vy = -i, mass = 2 + 0.25 * i
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %y = arith.mulf %f, %quarter : f32
    %t = arith.mulf %f, %tenth : f32
    %u = arith.subf %onehalf, %t : f32
    %v = arith.mulf %f, %negone : f32
    %m = arith.addf %two, %y : f32
    memref.store %f, %px[%i] : memref<8xf32>
    memref.store %y, %py[%i] : memref<8xf32>
    memref.store %u, %vx[%i] : memref<8xf32>
    memref.store %v, %vy[%i] : memref<8xf32>
    memref.store %m, %mass[%i] : memref<8xf32>
    memref.store %zero, %bounces[%i] : memref<8xi32>
  }
  %dt = arith.constant 0.125 : f32
  %g = arith.constant 9.81 : f32
  scf.for %s = %c0 to %c4 step %c1 {
    %e = func.call @step(%px, %py, %vx, %vy, %mass, %bounces, %dt, %g)
        : (memref<8xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>, memref<8xi32>, f32, f32) -> f32
    vector.print %e : f32
  }
  %pxu = memref.cast %px : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%pxu) : (memref<*xf32>) -> ()
  %pyu = memref.cast %py : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%pyu) : (memref<*xf32>) -> ()
  %vyu = memref.cast %vy : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%vyu) : (memref<*xf32>) -> ()
  %bu = memref.cast %bounces : memref<8xi32> to memref<*xi32>
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  memref.dealloc %px : memref<8xf32>
  memref.dealloc %py : memref<8xf32>
  memref.dealloc %vx : memref<8xf32>
  memref.dealloc %vy : memref<8xf32>
  memref.dealloc %mass : memref<8xf32>
  memref.dealloc %bounces : memref<8xi32>
  func.return
}
