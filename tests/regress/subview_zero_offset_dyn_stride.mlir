// A subview with static zero offsets of a view whose strides are dynamic: MLIR 22
// infers the result's offset as the source's (a static 0 adds nothing, whatever the
// stride); loom-sim's verifier used to call it dynamic and refuse the program (soak
// seeds 1020, 1077, ...).
func.func private @printMemrefI64(memref<*xi64>)
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = memref.alloc() : memref<3x4xi64>
  %k = arith.constant 7 : i64
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %t = arith.muli %ii, %k : i64
      %v = arith.addi %t, %jj : i64
      memref.store %v, %buf[%i, %j] : memref<3x4xi64>
    }
  }
  %a = memref.subview %buf[0, 2][1, 1][%c2, %c1] : memref<3x4xi64> to memref<1x1xi64, strided<[?, ?], offset: 2>>
  %b = memref.subview %a[0, 0][1, 1][1, 1] : memref<1x1xi64, strided<[?, ?], offset: 2>> to memref<1x1xi64, strided<[?, ?], offset: 2>>
  %x = memref.load %b[%c0, %c0] : memref<1x1xi64, strided<[?, ?], offset: 2>>
  vector.print %x : i64
  %u = memref.cast %b : memref<1x1xi64, strided<[?, ?], offset: 2>> to memref<*xi64>
  func.call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  memref.dealloc %buf : memref<3x4xi64>
  func.return
}
