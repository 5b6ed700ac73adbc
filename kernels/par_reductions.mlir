// kernel: par_reductions — several reductions of one scf.parallel (i32 max, i32 min, an index count of negatives, an i64 sum and a non-commutative i32 fold h = h * 31 + x, whose result fixes the order), over a dynamic range called three times, once with zero trips (the inits come back).
func.func @par_reductions(%a: memref<?xi32>, %lo: index, %hi: index) -> (i32, i32, index, i64, i32) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %lowest = arith.constant -2147483648 : i32
  %highest = arith.constant 2147483647 : i32
  %z64 = arith.constant 0 : i64
  %seed = arith.constant 17 : i32
  %k31 = arith.constant 31 : i32
  %r:5 = scf.parallel (%i) = (%lo) to (%hi) step (%c1)
      init (%lowest, %highest, %c0, %z64, %seed) -> (i32, i32, index, i64, i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %neg = arith.cmpi slt, %x, %zero : i32
    %one = arith.select %neg, %c1, %c0 : index
    %wide = arith.extsi %x : i32 to i64
    scf.reduce(%x, %x, %one, %wide, %x : i32, i32, index, i64, i32) {
    ^bb0(%l: i32, %r: i32):
      %m = arith.maxsi %l, %r : i32
      scf.reduce.return %m : i32
    }, {
    ^bb0(%l: i32, %r: i32):
      %m = arith.minsi %l, %r : i32
      scf.reduce.return %m : i32
    }, {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }, {
    ^bb0(%l: i64, %r: i64):
      %s = arith.addi %l, %r : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%l: i32, %r: i32):
      %t = arith.muli %l, %k31 : i32
      %h = arith.addi %t, %r : i32
      scf.reduce.return %h : i32
    }
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : i32, i32, index, i64, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c30 = arith.constant 30 : index
  %k = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %a = memref.alloc() : memref<30xi32>
  %s0 = arith.constant 42 : i32
  %last = scf.for %i = %c0 to %c30 step %c1 iter_args(%s = %s0) -> (i32) {
    %t = arith.muli %s, %k : i32
    %u = arith.addi %t, %inc : i32
    memref.store %u, %a[%i] : memref<30xi32>
    scf.yield %u : i32
  }
  %ad = memref.cast %a : memref<30xi32> to memref<?xi32>
  %r:5 = func.call @par_reductions(%ad, %c0, %c30) : (memref<?xi32>, index, index) -> (i32, i32, index, i64, i32)
  vector.print %r#0 : i32
  vector.print %r#1 : i32
  vector.print %r#2 : index
  vector.print %r#3 : i64
  vector.print %r#4 : i32
  %c5 = arith.constant 5 : index
  %c12 = arith.constant 12 : index
  %q:5 = func.call @par_reductions(%ad, %c5, %c12) : (memref<?xi32>, index, index) -> (i32, i32, index, i64, i32)
  vector.print %q#0 : i32
  vector.print %q#1 : i32
  vector.print %q#2 : index
  vector.print %q#3 : i64
  vector.print %q#4 : i32
  %e:5 = func.call @par_reductions(%ad, %c12, %c5) : (memref<?xi32>, index, index) -> (i32, i32, index, i64, i32)
  vector.print %e#0 : i32
  vector.print %e#1 : i32
  vector.print %e#2 : index
  vector.print %e#3 : i64
  vector.print %e#4 : i32
  memref.dealloc %a : memref<30xi32>
  return
}
