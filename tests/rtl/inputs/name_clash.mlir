// Two SSA names that make one SystemVerilog identifier (addi.s.1 and addi.s_1): the
// second instance is addi_s_1_, and the top declares each name once.
func.func @clash(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %s.1 = arith.addi %n, %c1 : index
  %s_1 = arith.addi %s.1, %c1 : index
  return %s_1 : index
}
func.func @main() -> i32 {
  %c5 = arith.constant 5 : index
  %r = call @clash(%c5) : (index) -> index
  %v = arith.index_cast %r : index to i32
  return %v : i32
}
