// Bad input: two induction variables, one upper bound.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4) step (%c1, %c1) {
    vector.print %i : index
  }
  func.return
}
