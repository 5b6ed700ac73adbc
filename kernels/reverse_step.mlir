// kernel: reverse_step — reversed and strided iteration: in-place reversal with j = n-1-i, a descending traversal via iv arithmetic, a step-3 loop from a non-zero lower bound, and a run-time step whose range is not a multiple of the step; prints 1-D i32 memrefs and i32/index scalars.
func.func private @printMemrefI32(memref<*xi32>)

func.func @reverse(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %half = arith.divui %n, %c2 : index
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %half step %c1 {
    %j = arith.subi %last, %i : index
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %a[%j] : memref<?xi32>
    memref.store %y, %a[%i] : memref<?xi32>
    memref.store %x, %a[%j] : memref<?xi32>
  }
  func.return
}

// out[k] = a[n-1-k] * (k+1) - out[k-1]  (descending reads, ascending writes)
func.func @descend(%a: memref<?xi32>, %out: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%prev = %zero) -> (i32) {
    %t = arith.subi %n, %k : index
    %i = arith.subi %t, %c1 : index
    %x = memref.load %a[%i] : memref<?xi32>
    %k1 = arith.addi %k, %c1 : index
    %w = arith.index_cast %k1 : index to i32
    %p = arith.muli %x, %w : i32
    %v = arith.subi %p, %prev : i32
    memref.store %v, %out[%k] : memref<?xi32>
    scf.yield %v : i32
  }
  func.return %r : i32
}

// sum of a[lb], a[lb+step], ... below ub, and the number of iterations
func.func @strided_sum(%a: memref<?xi32>, %lb: index, %ub: index, %step: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%s = %zero, %cnt = %c0) -> (i32, index) {
    %x = memref.load %a[%i] : memref<?xi32>
    %s1 = arith.addi %s, %x : i32
    %c = arith.addi %cnt, %c1 : index
    scf.yield %s1, %c : i32, index
  }
  func.return %r#0, %r#1 : i32, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c11 = arith.constant 11 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %i3 = arith.constant 3 : i32
  %i10 = arith.constant 10 : i32
  %a = memref.alloc() : memref<15xi32>
  %out = memref.alloc() : memref<15xi32>
  // a[i] = 3 * i - 10, filled by a step-2 loop and a step-2 loop starting at 1
  scf.for %i = %c0 to %c15 step %c2 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %i3 : i32
    %v = arith.subi %t, %i10 : i32
    memref.store %v, %a[%i] : memref<15xi32>
  }
  scf.for %i = %c1 to %c15 step %c2 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %i3 : i32
    %v = arith.subi %t, %i10 : i32
    memref.store %v, %a[%i] : memref<15xi32>
  }
  %ad = memref.cast %a : memref<15xi32> to memref<?xi32>
  %au = memref.cast %a : memref<15xi32> to memref<*xi32>
  %od = memref.cast %out : memref<15xi32> to memref<?xi32>
  %ou = memref.cast %out : memref<15xi32> to memref<*xi32>
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  // odd length reverse, then even length reverse of the first 4
  func.call @reverse(%ad, %c15) : (memref<?xi32>, index) -> ()
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  func.call @reverse(%ad, %c4) : (memref<?xi32>, index) -> ()
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  %last = func.call @descend(%ad, %od, %c15) : (memref<?xi32>, memref<?xi32>, index) -> i32
  vector.print %last : i32
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  %s1:2 = func.call @strided_sum(%ad, %c2, %c15, %c3) : (memref<?xi32>, index, index, index) -> (i32, index)
  vector.print %s1#0 : i32
  vector.print %s1#1 : index
  %s2:2 = func.call @strided_sum(%ad, %c1, %c14, %c4) : (memref<?xi32>, index, index, index) -> (i32, index)
  vector.print %s2#0 : i32
  vector.print %s2#1 : index
  %s3:2 = func.call @strided_sum(%ad, %c11, %c15, %c11) : (memref<?xi32>, index, index, index) -> (i32, index)
  vector.print %s3#0 : i32
  vector.print %s3#1 : index
  memref.dealloc %a : memref<15xi32>
  memref.dealloc %out : memref<15xi32>
  func.return
}
