// A memory deeper than an RTL twin's memory can be (4100 x 4100 = 16,810,000 words,
// over 2^24): `rtl` refuses it by name, `run --engine verilator` at the call.
func.func @fill(%a: memref<4100x4100xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i, %i] : memref<4100x4100xi32>
  }
  return
}
func.func @main() -> i32 {
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4100x4100xi32>
  call @fill(%a, %c3) : (memref<4100x4100xi32>, index) -> ()
  %c1 = arith.constant 1 : index
  %x = memref.load %a[%c1, %c1] : memref<4100x4100xi32>
  memref.dealloc %a : memref<4100x4100xi32>
  return %x : i32
}
