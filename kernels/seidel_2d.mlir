// kernel: seidel_2d — PolyBench seidel-2d in i32: T time steps of an in-place 9-point Gauss-Seidel sweep A[i][j] = (sum of the 3x3 block) / 9 with arith.divsi (truncation toward zero on negative sums); each update reads values written earlier in the same sweep (A[i-1][*], A[i][j-1]), so the result depends on the exact memory order; 7x7 grid, T = 2 then T = 1 more.
func.func private @printMemrefI32(memref<*xi32>)

func.func @seidel_2d(%A: memref<?x?xi32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nine = arith.constant 9 : i32
  %n = memref.dim %A, %c0 : memref<?x?xi32>
  %nm1 = arith.subi %n, %c1 : index
  scf.for %t = %c0 to %steps step %c1 {
    scf.for %i = %c1 to %nm1 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      scf.for %j = %c1 to %nm1 step %c1 {
        %jm1 = arith.subi %j, %c1 : index
        %jp1 = arith.addi %j, %c1 : index
        %a00 = memref.load %A[%im1, %jm1] : memref<?x?xi32>
        %a01 = memref.load %A[%im1, %j] : memref<?x?xi32>
        %a02 = memref.load %A[%im1, %jp1] : memref<?x?xi32>
        %a10 = memref.load %A[%i, %jm1] : memref<?x?xi32>
        %a11 = memref.load %A[%i, %j] : memref<?x?xi32>
        %a12 = memref.load %A[%i, %jp1] : memref<?x?xi32>
        %a20 = memref.load %A[%ip1, %jm1] : memref<?x?xi32>
        %a21 = memref.load %A[%ip1, %j] : memref<?x?xi32>
        %a22 = memref.load %A[%ip1, %jp1] : memref<?x?xi32>
        %s1 = arith.addi %a00, %a01 : i32
        %s2 = arith.addi %s1, %a02 : i32
        %s3 = arith.addi %s2, %a10 : i32
        %s4 = arith.addi %s3, %a11 : i32
        %s5 = arith.addi %s4, %a12 : i32
        %s6 = arith.addi %s5, %a20 : i32
        %s7 = arith.addi %s6, %a21 : i32
        %s8 = arith.addi %s7, %a22 : i32
        %v = arith.divsi %s8, %nine : i32
        memref.store %v, %A[%i, %j] : memref<?x?xi32>
      }
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %A = memref.alloc() : memref<7x7xi32>
  %k = arith.constant 37 : i32
  %off = arith.constant 250 : i32
  // A[i][j] = 37 * ((i * (j + 2) + 7 * j) mod 13) - 250
  scf.for %i = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %j2 = arith.addi %j, %c2 : index
      %p = arith.muli %i, %j2 : index
      %j5 = arith.muli %j, %c7 : index
      %s = arith.addi %p, %j5 : index
      %r = arith.remui %s, %c13 : index
      %ri = arith.index_cast %r : index to i32
      %m = arith.muli %ri, %k : i32
      %v = arith.subi %m, %off : i32
      memref.store %v, %A[%i, %j] : memref<7x7xi32>
    }
  }
  %Au = memref.cast %A : memref<7x7xi32> to memref<*xi32>
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  %Ad = memref.cast %A : memref<7x7xi32> to memref<?x?xi32>
  func.call @seidel_2d(%Ad, %c2) : (memref<?x?xi32>, index) -> ()
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  func.call @seidel_2d(%Ad, %c1) : (memref<?x?xi32>, index) -> ()
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<7x7xi32>
  func.return
}
