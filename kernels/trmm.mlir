// kernel: trmm — PolyBench trmm in i32: B = alpha * A^T B with A unit lower triangular, B[i][j] += A[k][i]*B[k][j] for k in [i+1, m) (inner reduction in an iter_arg seeded from B[i][j]; zero trips for i = m-1), then scaled by alpha; B is updated in place and later rows are read before they are written; 5x4 B, 5x5 A.
func.func private @printMemrefI32(memref<*xi32>)

func.func @trmm(%alpha: i32, %A: memref<5x5xi32>, %B: memref<5x4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %ip1 = arith.addi %i, %c1 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %b0 = memref.load %B[%i, %j] : memref<5x4xi32>
      %s = scf.for %k = %ip1 to %c5 step %c1 iter_args(%acc = %b0) -> (i32) {
        %a = memref.load %A[%k, %i] : memref<5x5xi32>
        %b = memref.load %B[%k, %j] : memref<5x4xi32>
        %p = arith.muli %a, %b : i32
        %t = arith.addi %acc, %p : i32
        scf.yield %t : i32
      }
      %r = arith.muli %alpha, %s : i32
      memref.store %r, %B[%i, %j] : memref<5x4xi32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() : memref<5x5xi32>
  %B = memref.alloc() : memref<5x4xi32>
  %three = arith.constant 3 : i32
  %big = arith.constant 99 : i32
  // A[i][j] = (i + 4*j) mod 7 - 3 below the diagonal, 1 on it, 99 above (never read)
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %j3 = arith.muli %j, %c4 : index
      %s = arith.addi %i, %j3 : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %low = arith.subi %ri, %three : i32
      %lt = arith.cmpi ult, %j, %i : index
      %eq = arith.cmpi eq, %j, %i : index
      %one = arith.constant 1 : i32
      %v0 = arith.select %lt, %low, %big : i32
      %v = arith.select %eq, %one, %v0 : i32
      memref.store %v, %A[%i, %j] : memref<5x5xi32>
    }
    // B[i][j] = (i*j + 2*i) mod 7 - 3
    scf.for %j = %c0 to %c4 step %c1 {
      %p = arith.muli %i, %j : index
      %ii = arith.addi %i, %i : index
      %s = arith.addi %p, %ii : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %three : i32
      memref.store %v, %B[%i, %j] : memref<5x4xi32>
    }
  }
  %Au = memref.cast %A : memref<5x5xi32> to memref<*xi32>
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  %Bu = memref.cast %B : memref<5x4xi32> to memref<*xi32>
  func.call @printMemrefI32(%Bu) : (memref<*xi32>) -> ()
  %alpha = arith.constant 2 : i32
  func.call @trmm(%alpha, %A, %B) : (i32, memref<5x5xi32>, memref<5x4xi32>) -> ()
  func.call @printMemrefI32(%Bu) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<5x5xi32>
  memref.dealloc %B : memref<5x4xi32>
  func.return
}
