// kernel: mvt — PolyBench mvt in i32: x1 += A y1 (row-major walk) and x2 += A^T y2 (column walk, A[j][i]) as two nests in one function on memref<?x?xi32> with sizes from memref.dim; both reductions seeded from loads of x1/x2; called twice so the second call accumulates on the first's results.
func.func private @printMemrefI32(memref<*xi32>)

func.func @mvt(%A: memref<?x?xi32>, %x1: memref<?xi32>, %x2: memref<?xi32>, %y1: memref<?xi32>, %y2: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %init = memref.load %x1[%i] : memref<?xi32>
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
      %a = memref.load %A[%i, %j] : memref<?x?xi32>
      %y = memref.load %y1[%j] : memref<?xi32>
      %p = arith.muli %a, %y : i32
      %t = arith.addi %acc, %p : i32
      scf.yield %t : i32
    }
    memref.store %s, %x1[%i] : memref<?xi32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %init = memref.load %x2[%i] : memref<?xi32>
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
      %a = memref.load %A[%j, %i] : memref<?x?xi32>
      %y = memref.load %y2[%j] : memref<?xi32>
      %p = arith.muli %a, %y : i32
      %t = arith.addi %acc, %p : i32
      scf.yield %t : i32
    }
    memref.store %s, %x2[%i] : memref<?xi32>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %A = memref.alloc() : memref<7x7xi32>
  %x1 = memref.alloc() : memref<7xi32>
  %x2 = memref.alloc() : memref<7xi32>
  %y1 = memref.alloc() : memref<7xi32>
  %y2 = memref.alloc() : memref<7xi32>
  // A[i][j] = (3*i + j*j) mod 9 - 4 ; x1[i] = i ; x2[i] = -i ; y1[i] = i mod 3 - 1 ; y2[i] = 7 - 2*i
  scf.for %i = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %t = arith.muli %i, %c3 : index
      %jj = arith.muli %j, %j : index
      %s = arith.addi %t, %jj : index
      %r = arith.remui %s, %c9 : index
      %ri = arith.index_cast %r : index to i32
      %four = arith.constant 4 : i32
      %v = arith.subi %ri, %four : i32
      memref.store %v, %A[%i, %j] : memref<7x7xi32>
    }
    %ii = arith.index_cast %i : index to i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %seven = arith.constant 7 : i32
    memref.store %ii, %x1[%i] : memref<7xi32>
    %neg = arith.subi %zero, %ii : i32
    memref.store %neg, %x2[%i] : memref<7xi32>
    %m3 = arith.remui %i, %c3 : index
    %m3i = arith.index_cast %m3 : index to i32
    %y1v = arith.subi %m3i, %one : i32
    memref.store %y1v, %y1[%i] : memref<7xi32>
    %t2 = arith.muli %ii, %two : i32
    %y2v = arith.subi %seven, %t2 : i32
    memref.store %y2v, %y2[%i] : memref<7xi32>
  }
  %Ad = memref.cast %A : memref<7x7xi32> to memref<?x?xi32>
  %x1d = memref.cast %x1 : memref<7xi32> to memref<?xi32>
  %x2d = memref.cast %x2 : memref<7xi32> to memref<?xi32>
  %y1d = memref.cast %y1 : memref<7xi32> to memref<?xi32>
  %y2d = memref.cast %y2 : memref<7xi32> to memref<?xi32>
  %Au = memref.cast %A : memref<7x7xi32> to memref<*xi32>
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  func.call @mvt(%Ad, %x1d, %x2d, %y1d, %y2d) : (memref<?x?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>) -> ()
  %x1u = memref.cast %x1 : memref<7xi32> to memref<*xi32>
  %x2u = memref.cast %x2 : memref<7xi32> to memref<*xi32>
  func.call @printMemrefI32(%x1u) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%x2u) : (memref<*xi32>) -> ()
  // second call with y1 and y2 exchanged
  func.call @mvt(%Ad, %x1d, %x2d, %y2d, %y1d) : (memref<?x?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>) -> ()
  func.call @printMemrefI32(%x1u) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%x2u) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<7x7xi32>
  memref.dealloc %x1 : memref<7xi32>
  memref.dealloc %x2 : memref<7xi32>
  memref.dealloc %y1 : memref<7xi32>
  memref.dealloc %y2 : memref<7xi32>
  func.return
}
