// kernel: gemm — i32 C += A * B on dynamically shaped 2-D memrefs (sizes taken with memref.dim), innermost reduction carried in an iter_arg seeded from C; prints 2-D i32 memrefs.
func.func private @printMemrefI32(memref<*xi32>)

func.func @gemm(%A: memref<?x?xi32>, %B: memref<?x?xi32>, %C: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xi32>
  %k = memref.dim %A, %c1 : memref<?x?xi32>
  %n = memref.dim %B, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %init = memref.load %C[%i, %j] : memref<?x?xi32>
      %sum = scf.for %p = %c0 to %k step %c1 iter_args(%acc = %init) -> (i32) {
        %x = memref.load %A[%i, %p] : memref<?x?xi32>
        %y = memref.load %B[%p, %j] : memref<?x?xi32>
        %xy = arith.muli %x, %y : i32
        %s = arith.addi %acc, %xy : i32
        scf.yield %s : i32
      }
      memref.store %sum, %C[%i, %j] : memref<?x?xi32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %i2 = arith.constant 2 : i32
  %i3 = arith.constant 3 : i32
  %i5 = arith.constant 5 : i32
  %i7 = arith.constant 7 : i32
  %i100 = arith.constant 100 : i32
  %A = memref.alloc() : memref<4x5xi32>
  %B = memref.alloc() : memref<5x3xi32>
  %C = memref.alloc() : memref<4x3xi32>
  // A[i][p] = 5*i + p - 7
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %p = %c0 to %c5 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %pp = arith.index_cast %p : index to i32
      %t = arith.muli %ii, %i5 : i32
      %u = arith.addi %t, %pp : i32
      %v = arith.subi %u, %i7 : i32
      memref.store %v, %A[%i, %p] : memref<4x5xi32>
    }
  }
  // B[p][j] = (3*p + 2*j) mod 5 - 2
  scf.for %p = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %pp = arith.index_cast %p : index to i32
      %jj = arith.index_cast %j : index to i32
      %t = arith.muli %pp, %i3 : i32
      %u = arith.muli %jj, %i2 : i32
      %w = arith.addi %t, %u : i32
      %r = arith.remsi %w, %i5 : i32
      %v = arith.subi %r, %i2 : i32
      memref.store %v, %B[%p, %j] : memref<5x3xi32>
    }
  }
  // C[i][j] = 100 * i - j
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %t = arith.muli %ii, %i100 : i32
      %v = arith.subi %t, %jj : i32
      memref.store %v, %C[%i, %j] : memref<4x3xi32>
    }
  }
  %Au = memref.cast %A : memref<4x5xi32> to memref<*xi32>
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  %Bu = memref.cast %B : memref<5x3xi32> to memref<*xi32>
  func.call @printMemrefI32(%Bu) : (memref<*xi32>) -> ()
  %Ad = memref.cast %A : memref<4x5xi32> to memref<?x?xi32>
  %Bd = memref.cast %B : memref<5x3xi32> to memref<?x?xi32>
  %Cd = memref.cast %C : memref<4x3xi32> to memref<?x?xi32>
  func.call @gemm(%Ad, %Bd, %Cd) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  %Cu = memref.cast %C : memref<4x3xi32> to memref<*xi32>
  func.call @printMemrefI32(%Cu) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<4x5xi32>
  memref.dealloc %B : memref<5x3xi32>
  memref.dealloc %C : memref<4x3xi32>
  func.return
}
