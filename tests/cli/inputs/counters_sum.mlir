// The worked example of docs/counters.md (tests/kernels/counters_example.sh checks its numbers).
func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (index) {
    %t = arith.addi %s, %i : index
    scf.yield %t : index
  }
  return %r : index
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %r = call @sum(%c3) : (index) -> index
  vector.print %r : index
  return
}
