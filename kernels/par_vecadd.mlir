// kernel: par_vecadd — element-wise i32 c = a + b * 3 as a 1-D scf.parallel over a dynamic length (no reduction, empty scf.reduce), called twice (n = 24, then a prefix n = 7); its iterations overlap on the network.
func.func @par_vecadd(%a: memref<?xi32>, %b: memref<?xi32>, %c: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant 3 : i32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %t = arith.muli %y, %three : i32
    %s = arith.addi %x, %t : i32
    memref.store %s, %c[%i] : memref<?xi32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c24 = arith.constant 24 : index
  %k5 = arith.constant 5 : i32
  %k11 = arith.constant 11 : i32
  %a = memref.alloc() : memref<24xi32>
  %b = memref.alloc() : memref<24xi32>
  %c = memref.alloc() : memref<24xi32>
  scf.for %i = %c0 to %c24 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.muli %ii, %k5 : i32
    %y = arith.subi %k11, %ii : i32
    memref.store %x, %a[%i] : memref<24xi32>
    memref.store %y, %b[%i] : memref<24xi32>
  }
  %ad = memref.cast %a : memref<24xi32> to memref<?xi32>
  %bd = memref.cast %b : memref<24xi32> to memref<?xi32>
  %cd = memref.cast %c : memref<24xi32> to memref<?xi32>
  func.call @par_vecadd(%ad, %bd, %cd, %c24) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> ()
  %cu = memref.cast %c : memref<24xi32> to memref<*xi32>
  func.call @printMemrefI32(%cu) : (memref<*xi32>) -> ()
  func.call @par_vecadd(%cd, %ad, %bd, %c7) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> ()
  %bu = memref.cast %b : memref<24xi32> to memref<*xi32>
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<24xi32>
  memref.dealloc %b : memref<24xi32>
  memref.dealloc %c : memref<24xi32>
  return
}
func.func private @printMemrefI32(memref<*xi32>)
