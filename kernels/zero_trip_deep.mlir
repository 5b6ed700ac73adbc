// kernel: zero_trip_deep — loop nests whose inner loops are empty in some activations at depth 1, 2 and 3: j < i mod 3 (empty at i = 0, 3, 6), k in [j, i/2) (empty when j >= i/2), l < (i + j + k) mod 3 (empty on a third of the activations), all carrying an i32 checksum and an index counter through every level with a store at depth 4; the same shape with scf.while at depth 2 and 3 (while false on entry in some activations) and an scf.if between levels; each kernel is also called with n = 0 (empty outermost loop) and n = 1.
func.func private @printMemrefI32(memref<*xi32>)

func.func @nest_for(%out: memref<?xi32>, %n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s0 = %zero, %cnt0 = %c0) -> (i32, index) {
    %jn = arith.remui %i, %c3 : index
    %ih = arith.divui %i, %c2 : index
    %r1:2 = scf.for %j = %c0 to %jn step %c1 iter_args(%s1 = %s0, %cnt1 = %cnt0) -> (i32, index) {
      %r2:2 = scf.for %k = %j to %ih step %c1 iter_args(%s2 = %s1, %cnt2 = %cnt1) -> (i32, index) {
        %ijk = arith.addi %i, %j : index
        %ijk2 = arith.addi %ijk, %k : index
        %ln = arith.remui %ijk2, %c3 : index
        %r3:2 = scf.for %l = %c0 to %ln step %c1 iter_args(%s3 = %s2, %cnt3 = %cnt2) -> (i32, index) {
          %a = arith.muli %i, %c3 : index
          %b = arith.addi %a, %l : index
          %b32 = arith.index_cast %b : index to i32
          %s4 = arith.addi %s3, %b32 : i32
          memref.store %s4, %out[%cnt3] : memref<?xi32>
          %cnt4 = arith.addi %cnt3, %c1 : index
          scf.yield %s4, %cnt4 : i32, index
        }
        scf.yield %r3#0, %r3#1 : i32, index
      }
      scf.yield %r2#0, %r2#1 : i32, index
    }
    scf.yield %r1#0, %r1#1 : i32, index
  }
  func.return %r#0, %r#1 : i32, index
}

func.func @nest_while(%out: memref<?xi32>, %n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s0 = %zero, %cnt0 = %c0) -> (i32, index) {
    // depth 1: j counts up to i mod 4 (false on entry when i mod 4 == 0)
    %jn = arith.remui %i, %c4 : index
    %w1:3 = scf.while (%j = %c0, %s1 = %s0, %cnt1 = %cnt0) : (index, i32, index) -> (index, i32, index) {
      %go = arith.cmpi ult, %j, %jn : index
      scf.condition(%go) %j, %s1, %cnt1 : index, i32, index
    } do {
    ^bb0(%j: index, %s1: i32, %cnt1: index):
      %odd = arith.remui %j, %c2 : index
      %isodd = arith.cmpi eq, %odd, %c1 : index
      %x:2 = scf.if %isodd -> (i32, index) {
        scf.yield %s1, %cnt1 : i32, index
      } else {
        // depth 3: while k > j, k starting at i / 3 (false on entry for small i)
        %k0 = arith.divui %i, %c3 : index
        %w2:3 = scf.while (%k = %k0, %s2 = %s1, %cnt2 = %cnt1) : (index, i32, index) -> (index, i32, index) {
          %go2 = arith.cmpi ugt, %k, %j : index
          scf.condition(%go2) %k, %s2, %cnt2 : index, i32, index
        } do {
        ^bb0(%k: index, %s2: i32, %cnt2: index):
          // depth 4: l < k mod 2 (empty for even k)
          %ln = arith.remui %k, %c2 : index
          %r3:2 = scf.for %l = %c0 to %ln step %c1 iter_args(%s3 = %s2, %cnt3 = %cnt2) -> (i32, index) {
            %ik = arith.muli %i, %k : index
            %ik32 = arith.index_cast %ik : index to i32
            %s4 = arith.addi %s3, %ik32 : i32
            memref.store %s4, %out[%cnt3] : memref<?xi32>
            %cnt4 = arith.addi %cnt3, %c1 : index
            scf.yield %s4, %cnt4 : i32, index
          }
          %k1 = arith.subi %k, %c1 : index
          scf.yield %k1, %r3#0, %r3#1 : index, i32, index
        }
        scf.yield %w2#1, %w2#2 : i32, index
      }
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1, %x#0, %x#1 : index, i32, index
    }
    scf.yield %w1#1, %w1#2 : i32, index
  }
  func.return %r#0, %r#1 : i32, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c24 = arith.constant 24 : index
  %out = memref.alloc() : memref<24xi32>
  %neg = arith.constant -1 : i32
  %od = memref.cast %out : memref<24xi32> to memref<?xi32>
  %ou = memref.cast %out : memref<24xi32> to memref<*xi32>
  scf.for %i = %c0 to %c24 step %c1 {
    memref.store %neg, %out[%i] : memref<24xi32>
  }
  %a:2 = func.call @nest_for(%od, %c10) : (memref<?xi32>, index) -> (i32, index)
  vector.print %a#0 : i32
  vector.print %a#1 : index
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  %b:2 = func.call @nest_for(%od, %c0) : (memref<?xi32>, index) -> (i32, index)
  vector.print %b#0 : i32
  vector.print %b#1 : index
  %c:2 = func.call @nest_for(%od, %c1) : (memref<?xi32>, index) -> (i32, index)
  vector.print %c#0 : i32
  vector.print %c#1 : index
  scf.for %i = %c0 to %c24 step %c1 {
    memref.store %neg, %out[%i] : memref<24xi32>
  }
  %d:2 = func.call @nest_while(%od, %c12) : (memref<?xi32>, index) -> (i32, index)
  vector.print %d#0 : i32
  vector.print %d#1 : index
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  %e:2 = func.call @nest_while(%od, %c0) : (memref<?xi32>, index) -> (i32, index)
  vector.print %e#0 : i32
  vector.print %e#1 : index
  %f:2 = func.call @nest_while(%od, %c1) : (memref<?xi32>, index) -> (i32, index)
  vector.print %f#0 : i32
  vector.print %f#1 : index
  memref.dealloc %out : memref<24xi32>
  func.return
}
