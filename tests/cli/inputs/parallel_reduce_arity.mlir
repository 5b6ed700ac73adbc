// Bad input: an scf.reduce with no operand for the loop's one result.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> i32 {
    %v = arith.index_cast %i : index to i32
    scf.reduce
  }
  vector.print %r : i32
  func.return
}
