// A zero step at run time: the interpreter refuses it, the network's stream too.
func.func @fill(%a: memref<?xi32>, %n: index, %s: index) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  scf.parallel (%i) = (%c0) to (%n) step (%s) {
    memref.store %one, %a[%i] : memref<?xi32>
  }
  func.return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xi32>
  %ad = memref.cast %a : memref<4xi32> to memref<?xi32>
  func.call @fill(%ad, %c4, %c0) : (memref<?xi32>, index, index) -> ()
  memref.dealloc %a : memref<4xi32>
  func.return
}
