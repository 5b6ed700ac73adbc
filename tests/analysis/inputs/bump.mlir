// A loop-carried load-modify-store through extmemory: every iteration loads a[0], adds
// one and stores it back. The ctrl-done chain orders the load after the previous store's
// done and the store after the load's done; the store also waits for its data:
// mem.carry 1 -> load (address half) 1 -> extmemory 10 (extmemoryLatency) -> load (data
// half) 1 -> addi 1 -> store 1 -> extmemory 10 -> cond_br (the split by after_cond) 1 ->
// mem.carry.b: ii_bound 26, the memory latency twice plus the chain.
func.func @bump(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%c0] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %a[%c0] : memref<?xi32>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %a = memref.alloc() : memref<4xi32>
  memref.store %zero, %a[%c0] : memref<4xi32>
  %ad = memref.cast %a : memref<4xi32> to memref<?xi32>
  func.call @bump(%ad, %c8) : (memref<?xi32>, index) -> ()
  %r = memref.load %a[%c0] : memref<4xi32>
  vector.print %r : i32
  func.return
}
