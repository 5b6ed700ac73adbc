// Bad input: an scf.reduce operand of another type than the loop's result.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> i32 {
    %v = arith.index_cast %i : index to i64
    scf.reduce(%v : i64) {
    ^bb0(%l: i64, %q: i64):
      %s = arith.addi %l, %q : i64
      scf.reduce.return %s : i64
    }
  }
  vector.print %r : i32
  func.return
}
