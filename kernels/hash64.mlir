// kernel: hash64 — i64 arithmetic with wraparound far beyond the i32 range: a splitmix64 table (muli/xori/shrui), FNV-1a over an i8 buffer (extui), Fibonacci with two iter_args, and signed divsi/remsi/shrsi/extsi/trunci on negative values; prints a 2-D i64 memref and i64 scalars.
func.func private @printMemrefI64(memref<*xi64>)

func.func @splitmix(%t: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %golden = arith.constant -7046029254386353131 : i64
  %m1 = arith.constant -4658895280553007687 : i64
  %m2 = arith.constant -7723592293110705685 : i64
  %s30 = arith.constant 30 : i64
  %s27 = arith.constant 27 : i64
  %s31 = arith.constant 31 : i64
  %rows = memref.dim %t, %c0 : memref<?x?xi64>
  %cols = memref.dim %t, %c1 : memref<?x?xi64>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %ic = arith.muli %i, %cols : index
      %k = arith.addi %ic, %j : index
      %k1 = arith.addi %k, %c1 : index
      %seed = arith.index_cast %k1 : index to i64
      %z0 = arith.muli %seed, %golden : i64
      %a0 = arith.shrui %z0, %s30 : i64
      %b0 = arith.xori %z0, %a0 : i64
      %z1 = arith.muli %b0, %m1 : i64
      %a1 = arith.shrui %z1, %s27 : i64
      %b1 = arith.xori %z1, %a1 : i64
      %z2 = arith.muli %b1, %m2 : i64
      %a2 = arith.shrui %z2, %s31 : i64
      %z3 = arith.xori %z2, %a2 : i64
      memref.store %z3, %t[%i, %j] : memref<?x?xi64>
    }
  }
  func.return
}

func.func @fnv1a(%bytes: memref<?xi8>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %basis = arith.constant -3750763034362895579 : i64
  %prime = arith.constant 1099511628211 : i64
  %h = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %basis) -> (i64) {
    %b = memref.load %bytes[%i] : memref<?xi8>
    %w = arith.extui %b : i8 to i64
    %x = arith.xori %acc, %w : i64
    %m = arith.muli %x, %prime : i64
    scf.yield %m : i64
  }
  func.return %h : i64
}

func.func @fib(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %b = %one) -> (i64, i64) {
    %s = arith.addi %a, %b : i64
    scf.yield %b, %s : i64, i64
  }
  func.return %r#0 : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %t = memref.alloc() : memref<4x4xi64>
  %td = memref.cast %t : memref<4x4xi64> to memref<?x?xi64>
  func.call @splitmix(%td) : (memref<?x?xi64>) -> ()
  %tu = memref.cast %t : memref<4x4xi64> to memref<*xi64>
  func.call @printMemrefI64(%tu) : (memref<*xi64>) -> ()

  %bytes = memref.alloc() : memref<16xi8>
  %i29 = arith.constant 29 : i32
  %i7 = arith.constant 7 : i32
  // bytes[i] = trunc(29 * i + 7): wraps past 127 into negative i8 values
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t0 = arith.muli %ii, %i29 : i32
    %t1 = arith.addi %t0, %i7 : i32
    %b = arith.trunci %t1 : i32 to i8
    memref.store %b, %bytes[%i] : memref<16xi8>
  }
  %bd = memref.cast %bytes : memref<16xi8> to memref<?xi8>
  %h = func.call @fnv1a(%bd, %c16) : (memref<?xi8>, index) -> i64
  vector.print %h : i64
  %c5 = arith.constant 5 : index
  %h5 = func.call @fnv1a(%bd, %c5) : (memref<?xi8>, index) -> i64
  vector.print %h5 : i64

  %c50 = arith.constant 50 : index
  %c90 = arith.constant 90 : index
  %f50 = func.call @fib(%c50) : (index) -> i64
  vector.print %f50 : i64
  %f90 = func.call @fib(%c90) : (index) -> i64
  vector.print %f90 : i64

  // signed operations on a negative i64
  %neg = arith.constant -98765432101234 : i64
  %d = arith.constant 1000003 : i64
  %q = arith.divsi %neg, %d : i64
  vector.print %q : i64
  %r = arith.remsi %neg, %d : i64
  vector.print %r : i64
  %uq = arith.divui %neg, %d : i64
  vector.print %uq : i64
  %s = arith.constant 17 : i64
  %sr = arith.shrsi %neg, %s : i64
  vector.print %sr : i64
  %ur = arith.shrui %neg, %s : i64
  vector.print %ur : i64
  %sl = arith.shli %f90, %s : i64
  vector.print %sl : i64
  %tr = arith.trunci %q : i64 to i32
  vector.print %tr : i32
  %ex = arith.extsi %tr : i32 to i64
  vector.print %ex : i64
  %exu = arith.extui %tr : i32 to i64
  vector.print %exu : i64
  %max = arith.constant 9223372036854775807 : i64
  %one = arith.constant 1 : i64
  %wrap = arith.addi %max, %one : i64
  vector.print %wrap : i64
  memref.dealloc %t : memref<4x4xi64>
  memref.dealloc %bytes : memref<16xi8>
  func.return
}
