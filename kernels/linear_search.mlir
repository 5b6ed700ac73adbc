// kernel: linear_search — scf.while loops whose before-region loads from memory: a sentinel search (unguarded load in the condition region), a bounds-guarded search (scf.if yielding an i1 around the load), and a binary search (loads in the after-region, two carried bounds); called for present and missing keys on an alloca buffer.
func.func @find_sentinel(%a: memref<?xi32>, %n: index, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %key, %a[%n] : memref<?xi32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %v = memref.load %a[%i] : memref<?xi32>
    %ne = arith.cmpi ne, %v, %key : i32
    scf.condition(%ne) %i : index
  } do {
  ^bb0(%i: index):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  func.return %r : index
}

func.func @find_guarded(%a: memref<?xi32>, %n: index, %key: i32) -> (index, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %r = scf.while (%i = %c0) : (index) -> index {
    %inb = arith.cmpi ult, %i, %n : index
    %go = scf.if %inb -> (i1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %ne = arith.cmpi ne, %v, %key : i32
      scf.yield %ne : i1
    } else {
      scf.yield %false : i1
    }
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  %found = arith.cmpi ult, %r, %n : index
  func.return %r, %found : index, i1
}

// first index i with a[i] >= key (a sorted ascending)
func.func @lower_bound(%a: memref<?xi32>, %n: index, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%lo = %c0, %hi = %n) : (index, index) -> (index, index) {
    %more = arith.cmpi ult, %lo, %hi : index
    scf.condition(%more) %lo, %hi : index, index
  } do {
  ^bb0(%lo: index, %hi: index):
    %s = arith.addi %lo, %hi : index
    %mid = arith.shrui %s, %c1 : index
    %v = memref.load %a[%mid] : memref<?xi32>
    %lt = arith.cmpi slt, %v, %key : i32
    %nlo:2 = scf.if %lt -> (index, index) {
      %m1 = arith.addi %mid, %c1 : index
      scf.yield %m1, %hi : index, index
    } else {
      scf.yield %lo, %mid : index, index
    }
    scf.yield %nlo#0, %nlo#1 : index, index
  }
  func.return %r#0 : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %i2 = arith.constant 2 : i32
  %i3 = arith.constant 3 : i32
  %buf = memref.alloca() : memref<21xi32>
  // a[i] = 3 * i + (i mod 2): strictly increasing; slot 20 is the sentinel slot
  scf.for %i = %c0 to %c20 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %i3 : i32
    %m = arith.remui %ii, %i2 : i32
    %v = arith.addi %t, %m : i32
    memref.store %v, %buf[%i] : memref<21xi32>
  }
  %a = memref.cast %buf : memref<21xi32> to memref<?xi32>
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 30 : i32
  %k2 = arith.constant 58 : i32
  %k3 = arith.constant 5 : i32
  %k4 = arith.constant 100 : i32
  %s0 = func.call @find_sentinel(%a, %c20, %k0) : (memref<?xi32>, index, i32) -> index
  vector.print %s0 : index
  %s1 = func.call @find_sentinel(%a, %c20, %k1) : (memref<?xi32>, index, i32) -> index
  vector.print %s1 : index
  %s2 = func.call @find_sentinel(%a, %c20, %k2) : (memref<?xi32>, index, i32) -> index
  vector.print %s2 : index
  %s3 = func.call @find_sentinel(%a, %c20, %k3) : (memref<?xi32>, index, i32) -> index
  vector.print %s3 : index
  %g1:2 = func.call @find_guarded(%a, %c20, %k1) : (memref<?xi32>, index, i32) -> (index, i1)
  vector.print %g1#0 : index
  vector.print %g1#1 : i1
  %g4:2 = func.call @find_guarded(%a, %c20, %k4) : (memref<?xi32>, index, i32) -> (index, i1)
  vector.print %g4#0 : index
  vector.print %g4#1 : i1
  %b1 = func.call @lower_bound(%a, %c20, %k1) : (memref<?xi32>, index, i32) -> index
  vector.print %b1 : index
  %b3 = func.call @lower_bound(%a, %c20, %k3) : (memref<?xi32>, index, i32) -> index
  vector.print %b3 : index
  %b4 = func.call @lower_bound(%a, %c20, %k4) : (memref<?xi32>, index, i32) -> index
  vector.print %b4 : index
  %kneg = arith.constant -7 : i32
  %bn = func.call @lower_bound(%a, %c20, %kneg) : (memref<?xi32>, index, i32) -> index
  vector.print %bn : index
  %sent = memref.load %buf[%c20] : memref<21xi32>
  vector.print %sent : i32
  func.return
}
