// A race: iteration i reads a[i + 1], which iteration i + 1 writes (a shift left in place
// as an scf.parallel). mlir-runner runs the iterations in order; another schedule reads
// the new value.
func.func @shift(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c0) to (%last) step (%c1) {
    %ip = arith.addi %i, %c1 : index
    %x = memref.load %a[%ip] : memref<?xi32>
    memref.store %x, %a[%i] : memref<?xi32>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %a = memref.alloc() : memref<6xi32>
  scf.for %i = %c0 to %c6 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<6xi32>
  }
  %ad = memref.cast %a : memref<6xi32> to memref<?xi32>
  func.call @shift(%ad, %c6) : (memref<?xi32>, index) -> ()
  %au = memref.cast %a : memref<6xi32> to memref<*xi32>
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<6xi32>
  func.return
}
func.func private @printMemrefI32(memref<*xi32>)
