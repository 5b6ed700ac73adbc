// kernel: gemv — f64 y = alpha * A * x + beta * y on a 5x4 matrix, called twice with different scalars and vectors; prints 2-D and 1-D f64 memrefs and an f64 scalar.
func.func private @printMemrefF64(memref<*xf64>)

func.func @gemv(%A: memref<5x4xf64>, %x: memref<4xf64>, %y: memref<5xf64>, %alpha: f64, %beta: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c5 step %c1 {
    %dot = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
      %a = memref.load %A[%i, %j] : memref<5x4xf64>
      %v = memref.load %x[%j] : memref<4xf64>
      %p = arith.mulf %a, %v : f64
      %s = arith.addf %acc, %p : f64
      scf.yield %s : f64
    }
    %y0 = memref.load %y[%i] : memref<5xf64>
    %t0 = arith.mulf %alpha, %dot : f64
    %t1 = arith.mulf %beta, %y0 : f64
    %t2 = arith.addf %t0, %t1 : f64
    memref.store %t2, %y[%i] : memref<5xf64>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %half = arith.constant 0.5 : f64
  %eighth = arith.constant 0.125 : f64
  %tenth = arith.constant 0.1 : f64
  %neg3 = arith.constant -3.0 : f64
  %A = memref.alloc() : memref<5x4xf64>
  %x = memref.alloc() : memref<4xf64>
  %x2 = memref.alloc() : memref<4xf64>
  %y = memref.alloc() : memref<5xf64>
  // A[i][j] = 0.5 * (i - j) + 0.125
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %d = arith.subi %i, %j : index
      %di = arith.index_cast %d : index to i64
      %df = arith.sitofp %di : i64 to f64
      %h = arith.mulf %df, %half : f64
      %v = arith.addf %h, %eighth : f64
      memref.store %v, %A[%i, %j] : memref<5x4xf64>
    }
  }
  // x[j] = j + 0.1 ; x2[j] = -3 * j
  scf.for %j = %c0 to %c4 step %c1 {
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    %v = arith.addf %jf, %tenth : f64
    memref.store %v, %x[%j] : memref<4xf64>
    %w = arith.mulf %jf, %neg3 : f64
    memref.store %w, %x2[%j] : memref<4xf64>
  }
  // y[i] = 1 / (i + 3)
  %one = arith.constant 1.0 : f64
  %three = arith.constant 3.0 : f64
  scf.for %i = %c0 to %c5 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %d = arith.addf %f, %three : f64
    %v = arith.divf %one, %d : f64
    memref.store %v, %y[%i] : memref<5xf64>
  }
  %Au = memref.cast %A : memref<5x4xf64> to memref<*xf64>
  func.call @printMemrefF64(%Au) : (memref<*xf64>) -> ()
  %yu = memref.cast %y : memref<5xf64> to memref<*xf64>
  %alpha1 = arith.constant 1.0 : f64
  %beta1 = arith.constant 0.0 : f64
  func.call @gemv(%A, %x, %y, %alpha1, %beta1) : (memref<5x4xf64>, memref<4xf64>, memref<5xf64>, f64, f64) -> ()
  func.call @printMemrefF64(%yu) : (memref<*xf64>) -> ()
  %alpha2 = arith.constant -0.75 : f64
  %beta2 = arith.constant 2.5 : f64
  func.call @gemv(%A, %x2, %y, %alpha2, %beta2) : (memref<5x4xf64>, memref<4xf64>, memref<5xf64>, f64, f64) -> ()
  func.call @printMemrefF64(%yu) : (memref<*xf64>) -> ()
  %c2 = arith.constant 2 : index
  %y2 = memref.load %y[%c2] : memref<5xf64>
  vector.print %y2 : f64
  memref.dealloc %A : memref<5x4xf64>
  memref.dealloc %x : memref<4xf64>
  memref.dealloc %x2 : memref<4xf64>
  memref.dealloc %y : memref<5xf64>
  func.return
}
