// kernel: before_region_loops — an scf.while whose before-region contains an scf.for reduction over memory (sum of a[]) and a nested scf.while (halving count), i.e. loops that run once per condition evaluation, including the final failing one; the after-region updates a[] in place with an scf.for; the before-region forwards a value it computed (rounds + halvings) alongside its argument; called twice, the second call failing the condition on entry (the before-region loops still run once).
func.func private @printMemrefI32(memref<*xi32>)
// repeat: a[j] += j for all j, while sum(a) < lim; the sum is a for loop inside the before-region
func.func @k(%a: memref<?xi32>, %n: index, %lim: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.while (%rounds = %zero) : (i32) -> (i32, i32) {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %a[%j] : memref<?xi32>
      %t = arith.addi %acc, %v : i32
      scf.yield %t : i32
    }
    // inner while in the before region: count halvings of s down to below 10
    %h:2 = scf.while (%x = %s, %c = %zero) : (i32, i32) -> (i32, i32) {
      %ten = arith.constant 10 : i32
      %big = arith.cmpi sge, %x, %ten : i32
      scf.condition(%big) %x, %c : i32, i32
    } do {
    ^bb0(%x: i32, %c: i32):
      %x2 = arith.shrsi %x, %one : i32
      %c2 = arith.addi %c, %one : i32
      scf.yield %x2, %c2 : i32, i32
    }
    %go = arith.cmpi slt, %s, %lim : i32
    %rh = arith.addi %rounds, %h#1 : i32
    scf.condition(%go) %rounds, %rh : i32, i32
  } do {
  ^bb0(%rounds: i32, %rh: i32):
    scf.for %j = %c0 to %n step %c1 {
      %v = memref.load %a[%j] : memref<?xi32>
      %jj = arith.index_cast %j : index to i32
      %t = arith.addi %v, %jj : i32
      memref.store %t, %a[%j] : memref<?xi32>
    }
    %r1 = arith.addi %rounds, %one : i32
    scf.yield %r1 : i32
  }
  func.return %r#0, %r#1 : i32, i32
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %buf = memref.alloc() : memref<5xi32>
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %one, %buf[%i] : memref<5xi32>
  }
  %d = memref.cast %buf : memref<5xi32> to memref<?xi32>
  %lim = arith.constant 100 : i32
  %r:2 = func.call @k(%d, %c5, %lim) : (memref<?xi32>, index, i32) -> (i32, i32)
  vector.print %r#0 : i32
  vector.print %r#1 : i32
  %u = memref.cast %buf : memref<5xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %r2:2 = func.call @k(%d, %c5, %lim) : (memref<?xi32>, index, i32) -> (i32, i32)
  vector.print %r2#0 : i32
  vector.print %r2#1 : i32
  func.return
}
