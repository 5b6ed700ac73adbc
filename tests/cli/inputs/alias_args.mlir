func.func private @printMemrefI32(memref<*xi32>)
// b[i+1] = a[i] + 1, called with a and b the same buffer
func.func @k(%a: memref<?xi32>, %b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %c2 step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = arith.addi %x, %one : i32
    %i1 = arith.addi %i, %c1 : index
    memref.store %y, %b[%i1] : memref<?xi32>
  }
  func.return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %buf = memref.alloc() : memref<3xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %zero, %buf[%c0] : memref<3xi32>
  memref.store %zero, %buf[%c1] : memref<3xi32>
  memref.store %zero, %buf[%c2] : memref<3xi32>
  %d = memref.cast %buf : memref<3xi32> to memref<?xi32>
  func.call @k(%d, %d) : (memref<?xi32>, memref<?xi32>) -> ()
  %u = memref.cast %buf : memref<3xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  func.return
}
