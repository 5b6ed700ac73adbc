// kernel: 2mm — PolyBench 2mm in i32: tmp = alpha*A*B accumulated through memory (tmp[i][j] = 0, then tmp[i][j] += ... in the k loop), then D = beta*D + tmp*C with the reduction in an iter_arg seeded from beta*D; two consecutive nests in one function over rectangular static shapes (4x6, 6x5, 5x3); called twice with different scalars; prints 2-D i32 memrefs.
func.func private @printMemrefI32(memref<*xi32>)

func.func @k2mm(%alpha: i32, %beta: i32, %A: memref<4x6xi32>, %B: memref<6x5xi32>, %C: memref<5x3xi32>, %D: memref<4x3xi32>, %tmp: memref<4x5xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      memref.store %zero, %tmp[%i, %j] : memref<4x5xi32>
      scf.for %k = %c0 to %c6 step %c1 {
        %a = memref.load %A[%i, %k] : memref<4x6xi32>
        %aa = arith.muli %alpha, %a : i32
        %b = memref.load %B[%k, %j] : memref<6x5xi32>
        %p = arith.muli %aa, %b : i32
        %t = memref.load %tmp[%i, %j] : memref<4x5xi32>
        %s = arith.addi %t, %p : i32
        memref.store %s, %tmp[%i, %j] : memref<4x5xi32>
      }
    }
  }
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %d = memref.load %D[%i, %j] : memref<4x3xi32>
      %bd = arith.muli %d, %beta : i32
      %s = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %bd) -> (i32) {
        %t = memref.load %tmp[%i, %k] : memref<4x5xi32>
        %c = memref.load %C[%k, %j] : memref<5x3xi32>
        %p = arith.muli %t, %c : i32
        %n = arith.addi %acc, %p : i32
        scf.yield %n : i32
      }
      memref.store %s, %D[%i, %j] : memref<4x3xi32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() : memref<4x6xi32>
  %B = memref.alloc() : memref<6x5xi32>
  %C = memref.alloc() : memref<5x3xi32>
  %D = memref.alloc() : memref<4x3xi32>
  %tmp = memref.alloc() : memref<4x5xi32>
  // A[i][k] = (i*k + 1) mod 7 - 3
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c6 step %c1 {
      %p = arith.muli %i, %k : index
      %p1 = arith.addi %p, %c1 : index
      %r = arith.remui %p1, %c7 : index
      %v = arith.subi %r, %c3 : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %A[%i, %k] : memref<4x6xi32>
    }
  }
  // B[k][j] = (k * (j + 1)) mod 5 - 2
  scf.for %k = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %j1 = arith.addi %j, %c1 : index
      %p = arith.muli %k, %j1 : index
      %r = arith.remui %p, %c5 : index
      %v = arith.subi %r, %c2 : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %B[%k, %j] : memref<6x5xi32>
    }
  }
  // C[k][j] = (k * (j + 3) + 1) mod 6 - 2
  scf.for %k = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %j3 = arith.addi %j, %c3 : index
      %p = arith.muli %k, %j3 : index
      %p1 = arith.addi %p, %c1 : index
      %r = arith.remui %p1, %c6 : index
      %v = arith.subi %r, %c2 : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %C[%k, %j] : memref<5x3xi32>
    }
  }
  // D[i][j] = (i * (j + 2)) mod 4 - 1
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %j2 = arith.addi %j, %c2 : index
      %p = arith.muli %i, %j2 : index
      %r = arith.remui %p, %c4 : index
      %v = arith.subi %r, %c1 : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %D[%i, %j] : memref<4x3xi32>
    }
  }
  %alpha = arith.constant 3 : i32
  %beta = arith.constant -2 : i32
  func.call @k2mm(%alpha, %beta, %A, %B, %C, %D, %tmp) : (i32, i32, memref<4x6xi32>, memref<6x5xi32>, memref<5x3xi32>, memref<4x3xi32>, memref<4x5xi32>) -> ()
  %tu = memref.cast %tmp : memref<4x5xi32> to memref<*xi32>
  func.call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  %Du = memref.cast %D : memref<4x3xi32> to memref<*xi32>
  func.call @printMemrefI32(%Du) : (memref<*xi32>) -> ()
  // second call reuses D as input: alpha = -1, beta = 1
  %alpha2 = arith.constant -1 : i32
  %beta2 = arith.constant 1 : i32
  func.call @k2mm(%alpha2, %beta2, %A, %B, %C, %D, %tmp) : (i32, i32, memref<4x6xi32>, memref<6x5xi32>, memref<5x3xi32>, memref<4x3xi32>, memref<4x5xi32>) -> ()
  func.call @printMemrefI32(%Du) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<4x6xi32>
  memref.dealloc %B : memref<6x5xi32>
  memref.dealloc %C : memref<5x3xi32>
  memref.dealloc %D : memref<4x3xi32>
  memref.dealloc %tmp : memref<4x5xi32>
  func.return
}
