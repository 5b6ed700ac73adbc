// A store of an index (a division's, 8 cycles late) and a load of it, then the index
// used as an address: only the ctrl-done network keeps the load after the store. Loaded before it, the index is the
// buffer's old 100, and the second load's address is out of bounds.
func.func @lookup(%idx: memref<2xi32>, %data: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %fifty = arith.constant 50 : i32
  %ten = arith.constant 10 : i32
  %five = arith.divsi %fifty, %ten : i32
  memref.store %five, %idx[%c0] : memref<2xi32>
  %i = memref.load %idx[%c0] : memref<2xi32>
  %ii = arith.index_cast %i : i32 to index
  %r = memref.load %data[%ii] : memref<8xi32>
  func.return %r : i32
}
func.func @main() {
  %idx = memref.alloc() : memref<2xi32>
  %data = memref.alloc() : memref<8xi32>
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %old = arith.constant 100 : i32
  %v = arith.constant 42 : i32
  memref.store %old, %idx[%c0] : memref<2xi32>
  memref.store %v, %data[%c5] : memref<8xi32>
  %r = func.call @lookup(%idx, %data) : (memref<2xi32>, memref<8xi32>) -> i32
  vector.print %r : i32
  func.return
}
