// A loop's zero-trip guard on a condition an scf.if decides too: the while's first
// condition is %go, and the scf.if after the loop branches on %go. Removing the guard
// (mutate's guard-removed) removes the loop's cond_brs and muxes, not the if's.
func.func @k(%m: memref<4xi32>, %go: i1, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %r = scf.while (%i = %c0, %f = %go) : (index, i1) -> index {
    scf.condition(%f) %i : index
  } do {
  ^bb0(%j: index):
    %v = memref.load %m[%j] : memref<4xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %m[%j] : memref<4xi32>
    %k = arith.addi %j, %c1 : index
    %more = arith.cmpi ult, %k, %n : index
    scf.yield %k, %more : index, i1
  }
  %s = scf.if %go -> (i32) {
    %x = memref.load %m[%c0] : memref<4xi32>
    scf.yield %x : i32
  } else {
    %ri = arith.index_cast %r : index to i32
    scf.yield %ri : i32
  }
  return %s : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %t = arith.constant true
  %f = arith.constant false
  %m = memref.alloc() : memref<4xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %z, %m[%i] : memref<4xi32>
  }
  %a = func.call @k(%m, %t, %c3) : (memref<4xi32>, i1, index) -> i32
  vector.print %a : i32
  %b = func.call @k(%m, %f, %c3) : (memref<4xi32>, i1, index) -> i32
  vector.print %b : i32
  memref.dealloc %m : memref<4xi32>
  return
}
