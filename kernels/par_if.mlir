// kernel: par_if — branches inside an scf.parallel: a clamp that stores only out-of-range elements (scf.if without else), and a conditional value (scf.if with results) feeding an i32 count reduction and an f32 max reduction; the iterations that take no branch with a store still complete.
func.func @par_clamp(%a: memref<?xf32>, %n: index, %lo: f32, %hi: f32) -> (i32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %ninf = arith.constant 0xFF800000 : f32
  %r:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero, %ninf) -> (i32, f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %below = arith.cmpf olt, %x, %lo : f32
    %above = arith.cmpf ogt, %x, %hi : f32
    scf.if %below {
      memref.store %lo, %a[%i] : memref<?xf32>
    }
    scf.if %above {
      memref.store %hi, %a[%i] : memref<?xf32>
    }
    %out = arith.ori %below, %above : i1
    %cnt, %seen = scf.if %out -> (i32, f32) {
      scf.yield %one, %ninf : i32, f32
    } else {
      scf.yield %zero, %x : i32, f32
    }
    scf.reduce(%cnt, %seen : i32, f32) {
    ^bb0(%l: i32, %r: i32):
      %s = arith.addi %l, %r : i32
      scf.reduce.return %s : i32
    }, {
    ^bb0(%l: f32, %r: f32):
      %m = arith.maximumf %l, %r : f32
      scf.reduce.return %m : f32
    }
  }
  return %r#0, %r#1 : i32, f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %a = memref.alloc() : memref<20xf32>
  %k = arith.constant 0.75 : f32
  %off = arith.constant 6.5 : f32
  scf.for %i = %c0 to %c20 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %k7 = arith.constant 7 : i32
    %k20 = arith.constant 20 : i32
    %t = arith.muli %ii, %k7 : i32
    %m = arith.remui %t, %k20 : i32
    %f = arith.sitofp %m : i32 to f32
    %g = arith.mulf %f, %k : f32
    %h = arith.subf %g, %off : f32
    memref.store %h, %a[%i] : memref<20xf32>
  }
  %ad = memref.cast %a : memref<20xf32> to memref<?xf32>
  %lo = arith.constant -2.0 : f32
  %hi = arith.constant 4.5 : f32
  %r:2 = func.call @par_clamp(%ad, %c20, %lo, %hi) : (memref<?xf32>, index, f32, f32) -> (i32, f32)
  vector.print %r#0 : i32
  vector.print %r#1 : f32
  %au = memref.cast %a : memref<20xf32> to memref<*xf32>
  func.call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %lo2 = arith.constant 0.0 : f32
  %hi2 = arith.constant 1.0 : f32
  %c9 = arith.constant 9 : index
  %q:2 = func.call @par_clamp(%ad, %c9, %lo2, %hi2) : (memref<?xf32>, index, f32, f32) -> (i32, f32)
  vector.print %q#0 : i32
  vector.print %q#1 : f32
  func.call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<20xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
