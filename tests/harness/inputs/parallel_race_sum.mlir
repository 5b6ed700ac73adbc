// A race that changes the result: every iteration adds its element to s[0] (a sum written
// as an scf.parallel without scf.reduce). Overlapped iterations load s[0] before the
// earlier ones store it, so the network's sum differs from the interpreter's.
func.func @acc(%a: memref<8xi32>, %s: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xi32>
    %t = memref.load %s[%c0] : memref<1xi32>
    %u = arith.addi %t, %x : i32
    memref.store %u, %s[%c0] : memref<1xi32>
  }
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<8xi32>
  %s = memref.alloc() : memref<1xi32>
  %z = arith.constant 0 : i32
  memref.store %z, %s[%c0] : memref<1xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<8xi32>
  }
  func.call @acc(%a, %s) : (memref<8xi32>, memref<1xi32>) -> ()
  %r = memref.load %s[%c0] : memref<1xi32>
  vector.print %r : i32
  return
}
