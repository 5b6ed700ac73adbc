// A loop whose trip count is zero on some calls; its body uses an outside value and
// memory.
func.func @add_k(%a: memref<8xi32>, %lo: index, %hi: index, %k: i32) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lo to %hi step %c1 {
    %v = memref.load %a[%i] : memref<8xi32>
    %w = arith.addi %v, %k : i32
    memref.store %w, %a[%i] : memref<8xi32>
  }
  func.return
}
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = memref.alloc() : memref<8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<8xi32>
  }
  %k = arith.constant 10 : i32
  func.call @add_k(%a, %c0, %c3, %k) : (memref<8xi32>, index, index, i32) -> ()
  func.call @add_k(%a, %c3, %c3, %k) : (memref<8xi32>, index, index, i32) -> ()
  func.call @add_k(%a, %c3, %c8, %k) : (memref<8xi32>, index, index, i32) -> ()
  %u = memref.cast %a : memref<8xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  func.return
}
