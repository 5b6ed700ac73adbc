// kernel: early_exit — while loops with compound exit conditions built in the before-region: (a) `i < n and not(a[i] > hi or b[i] == key) and budget > 0` (andi, ori, xori-with-true as not, three cmpi of index/i32 types, loads at a clamped index) returning where and why it stopped; (b) memcmp-style `i < n and a[i] == b[i]` with an i1 result computed after the loop; (c) a for with a `done` i1 iter_arg guarding its body with scf.if (early exit without while), also yielding the first hit; (d) a while whose condition mixes cmpf on f32 with cmpi on i32 via ori/andi and whose before-region forwards values it computed (not just its arguments).
func.func private @printMemrefI32(memref<*xi32>)

func.func @scan_compound(%a: memref<?xi32>, %b: memref<?xi32>, %n: index, %hi: i32, %key: i32, %budget: i32) -> (index, i32, i1, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %nm1 = arith.subi %n, %c1 : index
  %r:2 = scf.while (%i = %c0, %bud = %budget) : (index, i32) -> (index, i32) {
    %inb = arith.cmpi ult, %i, %n : index
    %ic = arith.minui %i, %nm1 : index
    %av = memref.load %a[%ic] : memref<?xi32>
    %bv = memref.load %b[%ic] : memref<?xi32>
    %big = arith.cmpi sgt, %av, %hi : i32
    %hit = arith.cmpi eq, %bv, %key : i32
    %stop = arith.ori %big, %hit : i1
    %notstop = arith.xori %stop, %true : i1
    %left = arith.cmpi sgt, %bud, %zero : i32
    %g1 = arith.andi %inb, %notstop : i1
    %go = arith.andi %g1, %left : i1
    scf.condition(%go) %i, %bud : index, i32
  } do {
  ^bb0(%i: index, %bud: i32):
    %i1 = arith.addi %i, %c1 : index
    %av = memref.load %a[%i] : memref<?xi32>
    %cost = arith.andi %av, %one : i32
    %cost1 = arith.addi %cost, %one : i32
    %bud1 = arith.subi %bud, %cost1 : i32
    scf.yield %i1, %bud1 : index, i32
  }
  %inrange = arith.cmpi ult, %r#0, %n : index
  %broke = arith.cmpi sle, %r#1, %zero : i32
  func.return %r#0, %r#1, %inrange, %broke : index, i32, i1, i1
}

func.func @memcmp(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) -> (index, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %inb = arith.cmpi slt, %i, %n : index
    %safe = arith.select %inb, %i, %c0 : index
    %x = memref.load %a[%safe] : memref<?xi32>
    %y = memref.load %b[%safe] : memref<?xi32>
    %eq = arith.cmpi eq, %x, %y : i32
    %go = arith.andi %inb, %eq : i1
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  %same = arith.cmpi eq, %r, %n : index
  func.return %r, %same : index, i1
}

// first i with a[i] divisible by d, scanning with a done flag; also counts visited elements
func.func @first_div(%a: memref<?xi32>, %n: index, %d: i32) -> (i1, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%done = %false, %at = %n, %seen = %zero) -> (i1, index, i32) {
    %res:3 = scf.if %done -> (i1, index, i32) {
      scf.yield %done, %at, %seen : i1, index, i32
    } else {
      %v = memref.load %a[%i] : memref<?xi32>
      %m = arith.remsi %v, %d : i32
      %hit = arith.cmpi eq, %m, %zero : i32
      %nat = arith.select %hit, %i, %at : index
      %s1 = arith.addi %seen, %one : i32
      scf.yield %hit, %nat, %s1 : i1, index, i32
    }
    scf.yield %res#0, %res#1, %res#2 : i1, index, i32
  }
  func.return %r#0, %r#1, %r#2 : i1, index, i32
}

// x <- x * 0.75 + k while (x > lim or k < 3) and k < 20; the before-region forwards the updated x
func.func @decay(%x0: f32, %lim: f32) -> (f32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %twenty = arith.constant 20 : i32
  %q = arith.constant 0.75 : f32
  %r:2 = scf.while (%x = %x0, %k = %zero) : (f32, i32) -> (f32, i32) {
    %kf = arith.sitofp %k : i32 to f32
    %xq = arith.mulf %x, %q : f32
    %nx = arith.addf %xq, %kf : f32
    %above = arith.cmpf ogt, %x, %lim : f32
    %early = arith.cmpi slt, %k, %three : i32
    %want = arith.ori %above, %early : i1
    %cap = arith.cmpi slt, %k, %twenty : i32
    %go = arith.andi %want, %cap : i1
    scf.condition(%go) %nx, %k : f32, i32
  } do {
  ^bb0(%x: f32, %k: i32):
    %k1 = arith.addi %k, %one : i32
    scf.yield %x, %k1 : f32, i32
  }
  func.return %r#0, %r#1 : f32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c12 = arith.constant 12 : index
  %c17 = arith.constant 17 : index
  %a = memref.alloc() : memref<12xi32>
  %b = memref.alloc() : memref<12xi32>
  // a[i] = (7*i + 3) mod 17 + 1 ; b[i] = (5*i) mod 12
  scf.for %i = %c0 to %c12 step %c1 {
    %t = arith.muli %i, %c7 : index
    %t3 = arith.addi %t, %c3 : index
    %r = arith.remui %t3, %c17 : index
    %r1 = arith.addi %r, %c1 : index
    %ri = arith.index_cast %r1 : index to i32
    memref.store %ri, %a[%i] : memref<12xi32>
    %u = arith.muli %i, %c5 : index
    %s = arith.remui %u, %c12 : index
    %si = arith.index_cast %s : index to i32
    memref.store %si, %b[%i] : memref<12xi32>
  }
  %au = memref.cast %a : memref<12xi32> to memref<*xi32>
  %bu = memref.cast %b : memref<12xi32> to memref<*xi32>
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %ad = memref.cast %a : memref<12xi32> to memref<?xi32>
  %bd = memref.cast %b : memref<12xi32> to memref<?xi32>
  // stops on a[i] > 13 (i = 4), on b[i] == key, on the budget (second call) or at n (third call)
  %hi1 = arith.constant 13 : i32
  %key1 = arith.constant 7 : i32
  %bud1 = arith.constant 100 : i32
  %s1:4 = func.call @scan_compound(%ad, %bd, %c12, %hi1, %key1, %bud1) : (memref<?xi32>, memref<?xi32>, index, i32, i32, i32) -> (index, i32, i1, i1)
  vector.print %s1#0 : index
  vector.print %s1#1 : i32
  vector.print %s1#2 : i1
  vector.print %s1#3 : i1
  %hi2 = arith.constant 100 : i32
  %key2 = arith.constant 99 : i32
  %bud2 = arith.constant 5 : i32
  %s2:4 = func.call @scan_compound(%ad, %bd, %c12, %hi2, %key2, %bud2) : (memref<?xi32>, memref<?xi32>, index, i32, i32, i32) -> (index, i32, i1, i1)
  vector.print %s2#0 : index
  vector.print %s2#1 : i32
  vector.print %s2#2 : i1
  vector.print %s2#3 : i1
  %bud3 = arith.constant 1000 : i32
  %s3:4 = func.call @scan_compound(%ad, %bd, %c12, %hi2, %key2, %bud3) : (memref<?xi32>, memref<?xi32>, index, i32, i32, i32) -> (index, i32, i1, i1)
  vector.print %s3#0 : index
  vector.print %s3#1 : i32
  vector.print %s3#2 : i1
  vector.print %s3#3 : i1
  // budget 0: the while is false on entry
  %c0i = arith.constant 0 : i32
  %s4:4 = func.call @scan_compound(%ad, %bd, %c12, %hi2, %key2, %c0i) : (memref<?xi32>, memref<?xi32>, index, i32, i32, i32) -> (index, i32, i1, i1)
  vector.print %s4#0 : index
  vector.print %s4#2 : i1
  vector.print %s4#3 : i1
  // memcmp of a against a copy that differs at 9, then of a prefix of length 9, then n = 0
  %cp = memref.alloc() : memref<12xi32>
  scf.for %i = %c0 to %c12 step %c1 {
    %v = memref.load %a[%i] : memref<12xi32>
    memref.store %v, %cp[%i] : memref<12xi32>
  }
  %c9 = arith.constant 9 : index
  %m1 = arith.constant -1 : i32
  memref.store %m1, %cp[%c9] : memref<12xi32>
  %cpd = memref.cast %cp : memref<12xi32> to memref<?xi32>
  %m:2 = func.call @memcmp(%ad, %cpd, %c12) : (memref<?xi32>, memref<?xi32>, index) -> (index, i1)
  vector.print %m#0 : index
  vector.print %m#1 : i1
  %mm:2 = func.call @memcmp(%ad, %cpd, %c9) : (memref<?xi32>, memref<?xi32>, index) -> (index, i1)
  vector.print %mm#0 : index
  vector.print %mm#1 : i1
  %m0:2 = func.call @memcmp(%ad, %cpd, %c0) : (memref<?xi32>, memref<?xi32>, index) -> (index, i1)
  vector.print %m0#0 : index
  vector.print %m0#1 : i1
  // first element divisible by 5, by 4, by 19 (none)
  %d5 = arith.constant 5 : i32
  %d4 = arith.constant 4 : i32
  %d19 = arith.constant 19 : i32
  %f1:3 = func.call @first_div(%ad, %c12, %d5) : (memref<?xi32>, index, i32) -> (i1, index, i32)
  vector.print %f1#0 : i1
  vector.print %f1#1 : index
  vector.print %f1#2 : i32
  %f2:3 = func.call @first_div(%ad, %c12, %d4) : (memref<?xi32>, index, i32) -> (i1, index, i32)
  vector.print %f2#0 : i1
  vector.print %f2#1 : index
  vector.print %f2#2 : i32
  %f3:3 = func.call @first_div(%ad, %c12, %d19) : (memref<?xi32>, index, i32) -> (i1, index, i32)
  vector.print %f3#0 : i1
  vector.print %f3#1 : index
  vector.print %f3#2 : i32
  %x0 = arith.constant 100.0 : f32
  %lim = arith.constant 10.5 : f32
  %d1:2 = func.call @decay(%x0, %lim) : (f32, f32) -> (f32, i32)
  vector.print %d1#0 : f32
  vector.print %d1#1 : i32
  %x1 = arith.constant 1.0 : f32
  %d2:2 = func.call @decay(%x1, %lim) : (f32, f32) -> (f32, i32)
  vector.print %d2#0 : f32
  vector.print %d2#1 : i32
  %lim3 = arith.constant 1000.0 : f32
  %d3:2 = func.call @decay(%x0, %lim3) : (f32, f32) -> (f32, i32)
  vector.print %d3#0 : f32
  vector.print %d3#1 : i32
  memref.dealloc %a : memref<12xi32>
  memref.dealloc %b : memref<12xi32>
  memref.dealloc %cp : memref<12xi32>
  func.return
}
