// kernel: triangular — triangular loop nests whose inner trip count is zero on some activations (j in [0, i) at i = 0, j in [i+1, n) at i = n-1): an i32 lower/upper fill with row sums, and an f32 forward substitution L x = b.
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @tri_fill(%m: memref<?x?xi32>, %rowsum: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %ten = arith.constant 10 : i32
  %neg = arith.constant -1 : i32
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %base = arith.muli %ii, %ten : i32
    // strictly lower part: zero trips when i = 0
    %s = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %zero) -> (i32) {
      %jj = arith.index_cast %j : index to i32
      %v = arith.addi %base, %jj : i32
      memref.store %v, %m[%i, %j] : memref<?x?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    memref.store %s, %rowsum[%i] : memref<?xi32>
    // strictly upper part: zero trips when i = n - 1
    %ip1 = arith.addi %i, %c1 : index
    scf.for %j = %ip1 to %n step %c1 {
      memref.store %neg, %m[%i, %j] : memref<?x?xi32>
    }
    memref.store %ii, %m[%i, %i] : memref<?x?xi32>
  }
  func.return
}

func.func @forward_subst(%L: memref<5x5xf32>, %b: memref<5xf32>, %x: memref<5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %bi = memref.load %b[%i] : memref<5xf32>
    %r = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %bi) -> (f32) {
      %l = memref.load %L[%i, %j] : memref<5x5xf32>
      %xj = memref.load %x[%j] : memref<5xf32>
      %p = arith.mulf %l, %xj : f32
      %d = arith.subf %acc, %p : f32
      scf.yield %d : f32
    }
    %diag = memref.load %L[%i, %i] : memref<5x5xf32>
    %xi = arith.divf %r, %diag : f32
    memref.store %xi, %x[%i] : memref<5xf32>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc() : memref<6x6xi32>
  %rs = memref.alloc() : memref<6xi32>
  %md = memref.cast %m : memref<6x6xi32> to memref<?x?xi32>
  %rsd = memref.cast %rs : memref<6xi32> to memref<?xi32>
  func.call @tri_fill(%md, %rsd, %c6) : (memref<?x?xi32>, memref<?xi32>, index) -> ()
  %mu = memref.cast %m : memref<6x6xi32> to memref<*xi32>
  func.call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  %rsu = memref.cast %rs : memref<6xi32> to memref<*xi32>
  func.call @printMemrefI32(%rsu) : (memref<*xi32>) -> ()
  // L[i][j] = (i + 1) on the diagonal, 0.5 * (j - i) below it, 0 above; b[i] = i - 1.5
  %L = memref.alloc() : memref<5x5xf32>
  %b = memref.alloc() : memref<5xf32>
  %x = memref.alloc() : memref<5xf32>
  %half = arith.constant 0.5 : f32
  %zf = arith.constant 0.0 : f32
  %onehalf = arith.constant 1.5 : f32
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %lt = arith.cmpi ult, %j, %i : index
      %eq = arith.cmpi eq, %j, %i : index
      %d = arith.subi %j, %i : index
      %di = arith.index_cast %d : index to i32
      %df = arith.sitofp %di : i32 to f32
      %low = arith.mulf %df, %half : f32
      %ip1 = arith.addi %i, %c1 : index
      %ipi = arith.index_cast %ip1 : index to i32
      %diag = arith.uitofp %ipi : i32 to f32
      %v0 = arith.select %lt, %low, %zf : f32
      %v = arith.select %eq, %diag, %v0 : f32
      memref.store %v, %L[%i, %j] : memref<5x5xf32>
    }
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %bv = arith.subf %fi, %onehalf : f32
    memref.store %bv, %b[%i] : memref<5xf32>
  }
  func.call @forward_subst(%L, %b, %x) : (memref<5x5xf32>, memref<5xf32>, memref<5xf32>) -> ()
  %Lu = memref.cast %L : memref<5x5xf32> to memref<*xf32>
  func.call @printMemrefF32(%Lu) : (memref<*xf32>) -> ()
  %xu = memref.cast %x : memref<5xf32> to memref<*xf32>
  func.call @printMemrefF32(%xu) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<6x6xi32>
  memref.dealloc %rs : memref<6xi32>
  memref.dealloc %L : memref<5x5xf32>
  memref.dealloc %b : memref<5xf32>
  memref.dealloc %x : memref<5xf32>
  func.return
}
