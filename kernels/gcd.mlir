// kernel: gcd — Euclid's algorithm as an scf.while with a data-dependent trip count (two carried values, the after-region yields a swapped pair); a scalar-only i64 kernel and an array kernel with the while nested in an scf.for that also counts total iterations.
func.func private @printMemrefI32(memref<*xi32>)

func.func @gcd64(%a: i64, %b: i64) -> (i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:3 = scf.while (%x = %a, %y = %b, %k = %zero) : (i64, i64, i64) -> (i64, i64, i64) {
    %nz = arith.cmpi ne, %y, %zero : i64
    scf.condition(%nz) %x, %y, %k : i64, i64, i64
  } do {
  ^bb0(%x: i64, %y: i64, %k: i64):
    %m = arith.remui %x, %y : i64
    %k1 = arith.addi %k, %one : i64
    scf.yield %y, %m, %k1 : i64, i64, i64
  }
  func.return %r#0, %r#2 : i64, i64
}

func.func @gcd_array(%xs: memref<?xi32>, %ys: memref<?xi32>, %out: memref<?xi32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %steps = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %a = memref.load %xs[%i] : memref<?xi32>
    %b = memref.load %ys[%i] : memref<?xi32>
    %r:3 = scf.while (%x = %a, %y = %b, %k = %acc) : (i32, i32, index) -> (i32, i32, index) {
      %nz = arith.cmpi ne, %y, %zero : i32
      scf.condition(%nz) %x, %y, %k : i32, i32, index
    } do {
    ^bb0(%x: i32, %y: i32, %k: index):
      %m = arith.remsi %x, %y : i32
      %k1 = arith.addi %k, %c1 : index
      scf.yield %y, %m, %k1 : i32, i32, index
    }
    memref.store %r#0, %out[%i] : memref<?xi32>
    scf.yield %r#2 : index
  }
  func.return %steps : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %i6 = arith.constant 6 : i32
  %i7 = arith.constant 7 : i32
  %i13 = arith.constant 13 : i32
  %i60 = arith.constant 60 : i32
  %xs = memref.alloc() : memref<12xi32>
  %ys = memref.alloc() : memref<12xi32>
  %out = memref.alloc() : memref<12xi32>
  // xs[i] = 60 * (i + 1) ; ys[i] = 6 * i * i + 13 * i (ys[0] = 0: zero-trip while)
  scf.for %i = %c0 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %ip1 = arith.addi %i, %c1 : index
    %ip = arith.index_cast %ip1 : index to i32
    %x = arith.muli %ip, %i60 : i32
    %sq = arith.muli %ii, %ii : i32
    %t = arith.muli %sq, %i6 : i32
    %u = arith.muli %ii, %i13 : i32
    %y = arith.addi %t, %u : i32
    memref.store %x, %xs[%i] : memref<12xi32>
    memref.store %y, %ys[%i] : memref<12xi32>
  }
  %xd = memref.cast %xs : memref<12xi32> to memref<?xi32>
  %yd = memref.cast %ys : memref<12xi32> to memref<?xi32>
  %od = memref.cast %out : memref<12xi32> to memref<?xi32>
  %steps = func.call @gcd_array(%xd, %yd, %od, %c12) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> index
  vector.print %steps : index
  %ou = memref.cast %out : memref<12xi32> to memref<*xi32>
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  // consecutive Fibonacci numbers: the worst case for Euclid
  %f1 = arith.constant 7540113804746346429 : i64
  %f2 = arith.constant 4660046610375530309 : i64
  %g:2 = func.call @gcd64(%f1, %f2) : (i64, i64) -> (i64, i64)
  vector.print %g#0 : i64
  vector.print %g#1 : i64
  %p = arith.constant 123456789012 : i64
  %q = arith.constant 9876543210 : i64
  %h:2 = func.call @gcd64(%p, %q) : (i64, i64) -> (i64, i64)
  vector.print %h#0 : i64
  vector.print %h#1 : i64
  memref.dealloc %xs : memref<12xi32>
  memref.dealloc %ys : memref<12xi32>
  memref.dealloc %out : memref<12xi32>
  func.return
}
