// kernel: lu — PolyBench lu in f64, in place without pivoting on a diagonally dominant 6x6 matrix: for row i, j < i updates through a k < j reduction then a divide by the pivot A[j][j], j >= i updates through a k < i reduction; both reductions are iter_args seeded from A[i][j] (zero trips at i = 0 and j = 0), triangular bounds depend on both outer ivs; prints L\U as a 2-D f64 memref.
func.func private @printMemrefF64(memref<*xf64>)

func.func @lu(%A: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %i step %c1 {
      %a0 = memref.load %A[%i, %j] : memref<?x?xf64>
      %s = scf.for %k = %c0 to %j step %c1 iter_args(%acc = %a0) -> (f64) {
        %x = memref.load %A[%i, %k] : memref<?x?xf64>
        %y = memref.load %A[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %x, %y : f64
        %d = arith.subf %acc, %p : f64
        scf.yield %d : f64
      }
      %piv = memref.load %A[%j, %j] : memref<?x?xf64>
      %q = arith.divf %s, %piv : f64
      memref.store %q, %A[%i, %j] : memref<?x?xf64>
    }
    scf.for %j = %i to %n step %c1 {
      %a0 = memref.load %A[%i, %j] : memref<?x?xf64>
      %s = scf.for %k = %c0 to %i step %c1 iter_args(%acc = %a0) -> (f64) {
        %x = memref.load %A[%i, %k] : memref<?x?xf64>
        %y = memref.load %A[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %x, %y : f64
        %d = arith.subf %acc, %p : f64
        scf.yield %d : f64
      }
      memref.store %s, %A[%i, %j] : memref<?x?xf64>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %A = memref.alloc() : memref<6x6xf64>
  %f6 = arith.constant 6.0 : f64
  %diag = arith.constant 7.0 : f64
  %half = arith.constant 0.5 : f64
  // A[i][j] = 7 on the diagonal, ((i*j + 1) mod 6) / 6 - 0.5 elsewhere
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %p = arith.muli %i, %j : index
      %p1 = arith.addi %p, %c1 : index
      %r = arith.remui %p1, %c6 : index
      %ri = arith.index_cast %r : index to i64
      %rf = arith.sitofp %ri : i64 to f64
      %q = arith.divf %rf, %f6 : f64
      %off = arith.subf %q, %half : f64
      %eq = arith.cmpi eq, %i, %j : index
      %v = arith.select %eq, %diag, %off : f64
      memref.store %v, %A[%i, %j] : memref<6x6xf64>
    }
  }
  %Au = memref.cast %A : memref<6x6xf64> to memref<*xf64>
  func.call @printMemrefF64(%Au) : (memref<*xf64>) -> ()
  %Ad = memref.cast %A : memref<6x6xf64> to memref<?x?xf64>
  func.call @lu(%Ad) : (memref<?x?xf64>) -> ()
  func.call @printMemrefF64(%Au) : (memref<*xf64>) -> ()
  memref.dealloc %A : memref<6x6xf64>
  func.return
}
