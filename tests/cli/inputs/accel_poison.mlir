func.func @rot(%a: memref<4xi32>, %s: i32) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : i32
  %v = memref.load %a[%c0] : memref<4xi32>
  %t = arith.subi %c32, %s : i32
  %lo = arith.shrui %v, %t : i32
  memref.store %lo, %a[%c0] : memref<4xi32>
  func.return
}
func.func @main() {
  %z = arith.constant 0 : i32
  %a = memref.alloc() : memref<4xi32>
  func.call @rot(%a, %z) : (memref<4xi32>, i32) -> ()
  func.return
}
