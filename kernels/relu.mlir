// kernel: relu — in-place leaky ReLU on a 2-D f32 memref where only negative elements are rewritten by an scf.if without else (side effect only); with alpha = 0 negative inputs become -0; called twice with different buffers and alphas, returning the index count of rewritten elements.
func.func private @printMemrefF32(memref<*xf32>)

func.func @leaky_relu(%m: memref<?x?xf32>, %alpha: f32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %x = memref.load %m[%i, %j] : memref<?x?xf32>
      %neg = arith.cmpf olt, %x, %zero : f32
      scf.if %neg {
        %y = arith.mulf %x, %alpha : f32
        memref.store %y, %m[%i, %j] : memref<?x?xf32>
      }
    }
  }
  // count the elements that are now negative or negative zero (1/x < 0)
  %one = arith.constant 1.0 : f32
  %cnt = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %c0) -> (index) {
    %r = scf.for %j = %c0 to %cols step %c1 iter_args(%a = %acc) -> (index) {
      %x = memref.load %m[%i, %j] : memref<?x?xf32>
      %inv = arith.divf %one, %x : f32
      %neg = arith.cmpf olt, %inv, %zero : f32
      %inc = arith.addi %a, %c1 : index
      %a1 = arith.select %neg, %inc, %a : index
      scf.yield %a1 : index
    }
    scf.yield %r : index
  }
  func.return %cnt : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<3x5xf32>
  %b = memref.alloc() : memref<4x3xf32>
  %scale = arith.constant 0.75 : f32
  %shift = arith.constant 4.5 : f32
  // a[i][j] = 0.75 * (i * 5 + j) - 4.5 ; b[i][j] = 4.5 - 0.75 * (i * 3 + j)
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %t = arith.muli %i, %c5 : index
      %k = arith.addi %t, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %s = arith.mulf %kf, %scale : f32
      %v = arith.subf %s, %shift : f32
      memref.store %v, %a[%i, %j] : memref<3x5xf32>
    }
  }
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %t = arith.muli %i, %c3 : index
      %k = arith.addi %t, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %s = arith.mulf %kf, %scale : f32
      %v = arith.subf %shift, %s : f32
      memref.store %v, %b[%i, %j] : memref<4x3xf32>
    }
  }
  %ad = memref.cast %a : memref<3x5xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<4x3xf32> to memref<?x?xf32>
  %alpha0 = arith.constant 0.0 : f32
  %n0 = func.call @leaky_relu(%ad, %alpha0) : (memref<?x?xf32>, f32) -> index
  vector.print %n0 : index
  %au = memref.cast %a : memref<3x5xf32> to memref<*xf32>
  func.call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %alpha1 = arith.constant 0.1 : f32
  %n1 = func.call @leaky_relu(%bd, %alpha1) : (memref<?x?xf32>, f32) -> index
  vector.print %n1 : index
  %bu = memref.cast %b : memref<4x3xf32> to memref<*xf32>
  func.call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<3x5xf32>
  memref.dealloc %b : memref<4x3xf32>
  func.return
}
