func.func @main() {
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<8xf32>
  %x = memref.load %a[%c8] : memref<8xf32>
  func.return
}
