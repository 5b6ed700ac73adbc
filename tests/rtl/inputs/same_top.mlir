// @fifo's top is loom_fifo_top (loom_fifo is the library's channel), the name @fifo_top's
// top has too: `loom-sim rtl` refuses to write both into one directory.
func.func @fifo(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %r = arith.addi %n, %c1 : index
  return %r : index
}
func.func @fifo_top(%n: index) -> index {
  %c2 = arith.constant 2 : index
  %r = arith.addi %n, %c2 : index
  return %r : index
}
