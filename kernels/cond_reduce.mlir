// kernel: cond_reduce — conditional reductions with scf.if inside scf.for carrying five iter_args; the if's yield values defined outside the branch (iter_args, the iv cast, a function-level constant); returns several scalars and is called twice with different thresholds.
func.func @cond_reduce(%a: memref<?xi32>, %n: index, %thresh: i32, %clip: i32) -> (i32, index, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %minus1 = arith.constant -1 : i32
  %lowest = arith.constant -2147483648 : i32
  %r:5 = scf.for %i = %c0 to %n step %c1
      iter_args(%sum = %zero, %cnt = %c0, %mx = %lowest, %lastneg = %minus1, %clipped = %zero)
      -> (i32, index, i32, i32, i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %ii = arith.index_cast %i : index to i32
    // sum and count of elements above the threshold
    %above = arith.cmpi sgt, %x, %thresh : i32
    %s2:2 = scf.if %above -> (i32, index) {
      %s = arith.addi %sum, %x : i32
      %c = arith.addi %cnt, %c1 : index
      scf.yield %s, %c : i32, index
    } else {
      scf.yield %sum, %cnt : i32, index
    }
    // running maximum: both branches yield values from outside the if
    %gt = arith.cmpi sgt, %x, %mx : i32
    %m2 = scf.if %gt -> (i32) {
      scf.yield %x : i32
    } else {
      scf.yield %mx : i32
    }
    // index of the last negative element (-1 if none)
    %neg = arith.cmpi slt, %x, %zero : i32
    %l2 = scf.if %neg -> (i32) {
      scf.yield %ii : i32
    } else {
      scf.yield %lastneg : i32
    }
    // sum of min(x, clip), with the clip value coming from a function argument
    %big = arith.cmpi sge, %x, %clip : i32
    %v = scf.if %big -> (i32) {
      scf.yield %clip : i32
    } else {
      scf.yield %x : i32
    }
    %cl = arith.addi %clipped, %v : i32
    scf.yield %s2#0, %s2#1, %m2, %l2, %cl : i32, index, i32, i32, i32
  }
  func.return %r#0, %r#1, %r#2, %r#3, %r#4 : i32, index, i32, i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %c25 = arith.constant 25 : index
  %i11 = arith.constant 11 : i32
  %i37 = arith.constant 37 : i32
  %i50 = arith.constant 50 : i32
  %i101 = arith.constant 101 : i32
  %a = memref.alloc() : memref<40xi32>
  // a[i] = ((37 * i + 11) mod 101) - 50
  scf.for %i = %c0 to %c40 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %i37 : i32
    %u = arith.addi %t, %i11 : i32
    %r = arith.remui %u, %i101 : i32
    %v = arith.subi %r, %i50 : i32
    memref.store %v, %a[%i] : memref<40xi32>
  }
  %ad = memref.cast %a : memref<40xi32> to memref<?xi32>
  %t0 = arith.constant 0 : i32
  %clip0 = arith.constant 20 : i32
  %r:5 = func.call @cond_reduce(%ad, %c40, %t0, %clip0) : (memref<?xi32>, index, i32, i32) -> (i32, index, i32, i32, i32)
  vector.print %r#0 : i32
  vector.print %r#1 : index
  vector.print %r#2 : i32
  vector.print %r#3 : i32
  vector.print %r#4 : i32
  %t1 = arith.constant 30 : i32
  %clip1 = arith.constant -10 : i32
  %q:5 = func.call @cond_reduce(%ad, %c25, %t1, %clip1) : (memref<?xi32>, index, i32, i32) -> (i32, index, i32, i32, i32)
  vector.print %q#0 : i32
  vector.print %q#1 : index
  vector.print %q#2 : i32
  vector.print %q#3 : i32
  vector.print %q#4 : i32
  memref.dealloc %a : memref<40xi32>
  func.return
}
