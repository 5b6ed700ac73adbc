// kernel: syrk — PolyBench syrk in i32 on the lower triangle: C[i][j] *= beta for j <= i, then C[i][j] += alpha*A[i][k]*A[j][k] in an i/k/j nest whose innermost bound is i + 1 (trip counts 1..n); the upper triangle is never touched (stays at its fill value); called twice with different scalars on a 6x6 C and 6x4 A.
func.func private @printMemrefI32(memref<*xi32>)

func.func @syrk(%alpha: i32, %beta: i32, %C: memref<?x?xi32>, %A: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %C, %c0 : memref<?x?xi32>
  %m = memref.dim %A, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %ip1 = arith.addi %i, %c1 : index
    scf.for %j = %c0 to %ip1 step %c1 {
      %c = memref.load %C[%i, %j] : memref<?x?xi32>
      %cb = arith.muli %c, %beta : i32
      memref.store %cb, %C[%i, %j] : memref<?x?xi32>
    }
    scf.for %k = %c0 to %m step %c1 {
      %aik = memref.load %A[%i, %k] : memref<?x?xi32>
      %s = arith.muli %alpha, %aik : i32
      scf.for %j = %c0 to %ip1 step %c1 {
        %ajk = memref.load %A[%j, %k] : memref<?x?xi32>
        %p = arith.muli %s, %ajk : i32
        %c = memref.load %C[%i, %j] : memref<?x?xi32>
        %cn = arith.addi %c, %p : i32
        memref.store %cn, %C[%i, %j] : memref<?x?xi32>
      }
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c11 = arith.constant 11 : index
  %C = memref.alloc() : memref<6x6xi32>
  %A = memref.alloc() : memref<6x4xi32>
  %two = arith.constant 2 : i32
  %five = arith.constant 5 : i32
  // C[i][j] = (i + 2*j) mod 11 - 5 ; A[i][k] = (i*k + i + 2) mod 5 - 2
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %j2 = arith.addi %j, %j : index
      %s = arith.addi %i, %j2 : index
      %r = arith.remui %s, %c11 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %five : i32
      memref.store %v, %C[%i, %j] : memref<6x6xi32>
    }
    scf.for %k = %c0 to %c4 step %c1 {
      %p = arith.muli %i, %k : index
      %p1 = arith.addi %p, %i : index
      %p2 = arith.addi %p1, %c1 : index
      %p3 = arith.addi %p2, %c1 : index
      %r = arith.remui %p3, %c5 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %two : i32
      memref.store %v, %A[%i, %k] : memref<6x4xi32>
    }
  }
  %Cd = memref.cast %C : memref<6x6xi32> to memref<?x?xi32>
  %Ad = memref.cast %A : memref<6x4xi32> to memref<?x?xi32>
  %alpha = arith.constant 3 : i32
  %beta = arith.constant -1 : i32
  func.call @syrk(%alpha, %beta, %Cd, %Ad) : (i32, i32, memref<?x?xi32>, memref<?x?xi32>) -> ()
  %Cu = memref.cast %C : memref<6x6xi32> to memref<*xi32>
  func.call @printMemrefI32(%Cu) : (memref<*xi32>) -> ()
  %alpha2 = arith.constant -2 : i32
  %beta2 = arith.constant 2 : i32
  func.call @syrk(%alpha2, %beta2, %Cd, %Ad) : (i32, i32, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @printMemrefI32(%Cu) : (memref<*xi32>) -> ()
  memref.dealloc %C : memref<6x6xi32>
  memref.dealloc %A : memref<6x4xi32>
  func.return
}
