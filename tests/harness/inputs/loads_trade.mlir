// Two loads of one iteration, between the same stores, whose addresses come at different
// times: the second load's address is ready first (the first one's takes four ops), so the
// memory performs them in the other order. Loads between two stores may trade places
// (spec-dataflow-memory, "RAR Parallelism": the entry token forked to consecutive loads,
// their done tokens joined): no order finding.
// m[i] = i; for i < 4: m[8 + i] = m[((5i + 3) * 7) % 8] + m[i] = 5, 1, 5, 9.
func.func @trade(%m: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a0 = arith.muli %i, %c5 : index
    %a1 = arith.addi %a0, %c3 : index
    %a2 = arith.muli %a1, %c7 : index
    %a3 = arith.remui %a2, %c8 : index
    %x = memref.load %m[%a3] : memref<16xi32>
    %y = memref.load %m[%i] : memref<16xi32>
    %s = arith.addi %x, %y : i32
    %o = arith.addi %i, %c8 : index
    memref.store %s, %m[%o] : memref<16xi32>
  }
  return
}
func.func @main() {
  %m = memref.alloc() : memref<16xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %m[%i] : memref<16xi32>
  }
  call @trade(%m) : (memref<16xi32>) -> ()
  %u = memref.cast %m : memref<16xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
