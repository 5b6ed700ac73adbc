// Functions named like library modules (loom_fifo.sv, loom_memory.sv): their tops are
// loom_fifo_top and loom_memory_top, so neither replaces the library's module or file.
func.func @fifo(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %s = arith.addi %a, %i : index
    scf.yield %s : index
  }
  return %r : index
}
func.func @memory(%buf: memref<8xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i32
    %w = arith.muli %v, %v : i32
    memref.store %w, %buf[%i] : memref<8xi32>
  }
  return
}
func.func @main() -> i32 {
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %buf = memref.alloc() : memref<8xi32>
  %r = call @fifo(%c5) : (index) -> index
  call @memory(%buf, %c5) : (memref<8xi32>, index) -> ()
  %sq = memref.load %buf[%c3] : memref<8xi32>
  %v = arith.index_cast %r : index to i32
  %t = arith.addi %v, %sq : i32
  memref.dealloc %buf : memref<8xi32>
  return %t : i32
}
