func.func @peek(%a: memref<8xf32>, %i: index) -> f32 {
  %v = memref.load %a[%i] : memref<8xf32>
  func.return %v : f32
}
func.func @main() {
  %a = memref.alloc() : memref<8xf32>
  %c9 = arith.constant 9 : index
  %v = func.call @peek(%a, %c9) : (memref<8xf32>, index) -> f32
  vector.print %v : f32
  func.return
}
