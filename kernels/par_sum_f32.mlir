// kernel: par_sum_f32 — f32 sum and sum of squares as two reductions of one 1-D scf.parallel with a non-zero lower bound and step 3; values chosen so that float addition is not associative here (the result depends on the order, which must be the oracle's: iteration order).
func.func @par_sum_f32(%a: memref<?xf32>, %lo: index, %n: index) -> (f32, f32) {
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %r:2 = scf.parallel (%i) = (%lo) to (%n) step (%c3) init (%z, %one) -> (f32, f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %sq = arith.mulf %x, %x : f32
    scf.reduce(%x, %sq : f32, f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  return %r#0, %r#1 : f32, f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %big = arith.constant 16777216.0 : f32
  %tenth = arith.constant 0.1 : f32
  %k7 = arith.constant 7 : i32
  %k13 = arith.constant 13 : i32
  %a = memref.alloc() : memref<40xf32>
  // a[i] = ((7 i) mod 13) * 0.1, and every fifth element a large one (+-2^24)
  scf.for %i = %c0 to %c40 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %k7 : i32
    %m = arith.remui %t, %k13 : i32
    %f = arith.sitofp %m : i32 to f32
    %v = arith.mulf %f, %tenth : f32
    %c5 = arith.constant 5 : index
    %r = arith.remui %i, %c5 : index
    %z = arith.cmpi eq, %r, %c0 : index
    %r2 = arith.remui %i, %c2 : index
    %odd = arith.cmpi eq, %r2, %c1 : index
    %nbig = arith.negf %big : f32
    %sb = arith.select %odd, %nbig, %big : f32
    %w = arith.select %z, %sb, %v : f32
    memref.store %w, %a[%i] : memref<40xf32>
  }
  %ad = memref.cast %a : memref<40xf32> to memref<?xf32>
  %r:2 = func.call @par_sum_f32(%ad, %c1, %c40) : (memref<?xf32>, index, index) -> (f32, f32)
  vector.print %r#0 : f32
  vector.print %r#1 : f32
  %c9 = arith.constant 9 : index
  %c31 = arith.constant 31 : index
  %q:2 = func.call @par_sum_f32(%ad, %c9, %c31) : (memref<?xf32>, index, index) -> (f32, f32)
  vector.print %q#0 : f32
  vector.print %q#1 : f32
  memref.dealloc %a : memref<40xf32>
  return
}
