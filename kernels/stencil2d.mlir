// kernel: stencil2d — f32 5-point Jacobi sweep over the interior of a 6x6 grid, called twice with the two buffers swapped (ping-pong); reads neighbours at i-1/i+1/j-1/j+1; prints 2-D f32 memrefs.
func.func private @printMemrefF32(memref<*xf32>)

func.func @jacobi(%in: memref<6x6xf32>, %out: memref<6x6xf32>) {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %w = arith.constant 0.2 : f32
  scf.for %i = %c1 to %c5 step %c1 {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    scf.for %j = %c1 to %c5 step %c1 {
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %c = memref.load %in[%i, %j] : memref<6x6xf32>
      %n = memref.load %in[%im, %j] : memref<6x6xf32>
      %s = memref.load %in[%ip, %j] : memref<6x6xf32>
      %wv = memref.load %in[%i, %jm] : memref<6x6xf32>
      %e = memref.load %in[%i, %jp] : memref<6x6xf32>
      %t0 = arith.addf %c, %n : f32
      %t1 = arith.addf %t0, %s : f32
      %t2 = arith.addf %t1, %wv : f32
      %t3 = arith.addf %t2, %e : f32
      %r = arith.mulf %t3, %w : f32
      memref.store %r, %out[%i, %j] : memref<6x6xf32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %i7 = arith.constant 7 : i32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<6x6xf32>
  %b = memref.alloc() : memref<6x6xf32>
  // a[i][j] = b[i][j] = ((i * j) mod 7) * 0.5 - 1
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %p = arith.muli %i, %j : index
      %pi = arith.index_cast %p : index to i32
      %m = arith.remsi %pi, %i7 : i32
      %f = arith.sitofp %m : i32 to f32
      %h = arith.mulf %f, %half : f32
      %v = arith.subf %h, %one : f32
      memref.store %v, %a[%i, %j] : memref<6x6xf32>
      memref.store %v, %b[%i, %j] : memref<6x6xf32>
    }
  }
  %au = memref.cast %a : memref<6x6xf32> to memref<*xf32>
  %bu = memref.cast %b : memref<6x6xf32> to memref<*xf32>
  func.call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  func.call @jacobi(%a, %b) : (memref<6x6xf32>, memref<6x6xf32>) -> ()
  func.call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  func.call @jacobi(%b, %a) : (memref<6x6xf32>, memref<6x6xf32>) -> ()
  func.call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<6x6xf32>
  memref.dealloc %b : memref<6x6xf32>
  func.return
}
