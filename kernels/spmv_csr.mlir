// kernel: spmv_csr — MachSuite-style sparse matrix-vector product in CSR (f32 values, i32 column indices and row pointers): inner loop bounds are row pointers loaded from memory and index_cast (empty rows 0, 4 and 7 give zero-trip inner loops), gathers x[col[k]] with a data-dependent address; a transposed product scatters y[col[k]] += val[k]*x[i] (data-dependent load and store address inside data-dependent bounds) on an 8x10 matrix with 11 non-zeros.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @spmv(%rowptr: memref<?xi32>, %col: memref<?xi32>, %val: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %ip1 = arith.addi %i, %c1 : index
    %b32 = memref.load %rowptr[%i] : memref<?xi32>
    %e32 = memref.load %rowptr[%ip1] : memref<?xi32>
    %b = arith.index_cast %b32 : i32 to index
    %e = arith.index_cast %e32 : i32 to index
    %s = scf.for %k = %b to %e step %c1 iter_args(%acc = %zero) -> (f32) {
      %c32 = memref.load %col[%k] : memref<?xi32>
      %c = arith.index_cast %c32 : i32 to index
      %v = memref.load %val[%k] : memref<?xf32>
      %xv = memref.load %x[%c] : memref<?xf32>
      %p = arith.mulf %v, %xv : f32
      %t = arith.addf %acc, %p : f32
      scf.yield %t : f32
    }
    memref.store %s, %y[%i] : memref<?xf32>
  }
  func.return
}

// y (length m, pre-zeroed by the caller) += A^T x
func.func @spmv_t(%rowptr: memref<?xi32>, %col: memref<?xi32>, %val: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %ip1 = arith.addi %i, %c1 : index
    %b32 = memref.load %rowptr[%i] : memref<?xi32>
    %e32 = memref.load %rowptr[%ip1] : memref<?xi32>
    %b = arith.index_cast %b32 : i32 to index
    %e = arith.index_cast %e32 : i32 to index
    %xi = memref.load %x[%i] : memref<?xf32>
    scf.for %k = %b to %e step %c1 {
      %c32 = memref.load %col[%k] : memref<?xi32>
      %c = arith.index_cast %c32 : i32 to index
      %v = memref.load %val[%k] : memref<?xf32>
      %p = arith.mulf %v, %xi : f32
      %yc = memref.load %y[%c] : memref<?xf32>
      %t = arith.addf %yc, %p : f32
      memref.store %t, %y[%c] : memref<?xf32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %rowptr = memref.alloc() : memref<9xi32>
  %col = memref.alloc() : memref<16xi32>
  %val = memref.alloc() : memref<16xf32>
  %x = memref.alloc() : memref<10xf32>
  %y = memref.alloc() : memref<10xf32>
  %zf = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %off = arith.constant 2.25 : f32
  %tenth = arith.constant 0.1 : f32
  // row i has (3*i mod 7) mod 5 entries: 0 3 1 2 0 1 4 0 ; rowptr is their prefix sum
  %i0 = arith.constant 0 : i32
  memref.store %i0, %rowptr[%c0] : memref<9xi32>
  %nnz = scf.for %i = %c0 to %c8 step %c1 iter_args(%k0 = %c0) -> (index) {
    %t = arith.muli %i, %c3 : index
    %r7 = arith.remui %t, %c7 : index
    %cnt = arith.remui %r7, %c5 : index
    %kend = arith.addi %k0, %cnt : index
    // entries: col[k] = (7*i + 3*k) mod 10, val[k] = 0.5*(k+1) - 2.25
    scf.for %k = %k0 to %kend step %c1 {
      %a = arith.muli %i, %c7 : index
      %b = arith.muli %k, %c3 : index
      %s = arith.addi %a, %b : index
      %cc = arith.remui %s, %c10 : index
      %cc32 = arith.index_cast %cc : index to i32
      memref.store %cc32, %col[%k] : memref<16xi32>
      %k1 = arith.addi %k, %c1 : index
      %k1i = arith.index_cast %k1 : index to i32
      %k1f = arith.sitofp %k1i : i32 to f32
      %h = arith.mulf %k1f, %half : f32
      %v = arith.subf %h, %off : f32
      memref.store %v, %val[%k] : memref<16xf32>
    }
    %ip1 = arith.addi %i, %c1 : index
    %ke = arith.index_cast %kend : index to i32
    memref.store %ke, %rowptr[%ip1] : memref<9xi32>
    scf.yield %kend : index
  }
  vector.print %nnz : index
  // x[j] = 1 - 0.1 * j
  %onef = arith.constant 1.0 : f32
  scf.for %j = %c0 to %c10 step %c1 {
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %d = arith.mulf %jf, %tenth : f32
    %v = arith.subf %onef, %d : f32
    memref.store %v, %x[%j] : memref<10xf32>
    memref.store %zf, %y[%j] : memref<10xf32>
  }
  %rpu = memref.cast %rowptr : memref<9xi32> to memref<*xi32>
  func.call @printMemrefI32(%rpu) : (memref<*xi32>) -> ()
  %rp = memref.cast %rowptr : memref<9xi32> to memref<?xi32>
  %cd = memref.cast %col : memref<16xi32> to memref<?xi32>
  %vd = memref.cast %val : memref<16xf32> to memref<?xf32>
  %xd = memref.cast %x : memref<10xf32> to memref<?xf32>
  %yd = memref.cast %y : memref<10xf32> to memref<?xf32>
  func.call @spmv(%rp, %cd, %vd, %xd, %yd, %c8) : (memref<?xi32>, memref<?xi32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()
  %yu = memref.cast %y : memref<10xf32> to memref<*xf32>
  func.call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  // transposed: z (length 10) = A^T y[0..8)
  %z = memref.alloc() : memref<10xf32>
  scf.for %j = %c0 to %c10 step %c1 {
    memref.store %zf, %z[%j] : memref<10xf32>
  }
  %zd = memref.cast %z : memref<10xf32> to memref<?xf32>
  func.call @spmv_t(%rp, %cd, %vd, %yd, %zd, %c8) : (memref<?xi32>, memref<?xi32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()
  %zu = memref.cast %z : memref<10xf32> to memref<*xf32>
  func.call @printMemrefF32(%zu) : (memref<*xf32>) -> ()
  memref.dealloc %rowptr : memref<9xi32>
  memref.dealloc %col : memref<16xi32>
  memref.dealloc %val : memref<16xf32>
  memref.dealloc %x : memref<10xf32>
  memref.dealloc %y : memref<10xf32>
  memref.dealloc %z : memref<10xf32>
  func.return
}
