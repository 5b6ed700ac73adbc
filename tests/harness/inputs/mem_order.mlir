// A store followed by a load of the same buffer with no data dependency between them:
// only the ctrl-done network keeps the load after the store.
func.func @shift(%a: memref<9xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %sq = arith.muli %v, %v : i32
    memref.store %sq, %a[%i] : memref<9xi32>
    %r = memref.load %a[%i] : memref<9xi32>
    %t = arith.addi %acc, %r : i32
    scf.yield %t : i32
  }
  func.return %s : i32
}
func.func @main() {
  %a = memref.alloc() : memref<9xi32>
  %c8 = arith.constant 8 : index
  %r = func.call @shift(%a, %c8) : (memref<9xi32>, index) -> i32
  vector.print %r : i32
  func.return
}
