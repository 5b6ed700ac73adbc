// The loop body needs its control token: the constant 7 fires once per iteration.
func.func @fill(%a: memref<8xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %seven = arith.constant 7 : i32
    %v = arith.index_cast %i : index to i32
    %w = arith.addi %v, %seven : i32
    memref.store %w, %a[%i] : memref<8xi32>
  }
  func.return
}
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = memref.alloc() : memref<8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %zero, %a[%i] : memref<8xi32>
  }
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  func.call @fill(%a, %c3) : (memref<8xi32>, index) -> ()
  func.call @fill(%a, %c5) : (memref<8xi32>, index) -> ()
  %u = memref.cast %a : memref<8xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  func.return
}
