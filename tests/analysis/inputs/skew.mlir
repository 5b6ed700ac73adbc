// A sum of terms x + x / 3: x goes two ways from one fork, through divsi (intDivLatency 8,
// pipelined) and straight to the addi that joins them. The sum's recurrence (carry,
// split, addi) bounds the loop at II 3; but the straight way's channel holds only 2 of
// the terms the divider holds 8 of, so the fork stalls and the loop runs slower until
// that channel gets slots (`loom-sim tune`, docs/performance-analysis.md "Buffer sizing").
func.func @skew(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %three = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = arith.index_cast %i : index to i32
    %q = arith.divsi %x, %three : i32
    %t = arith.addi %x, %q : i32
    %s = arith.addi %acc, %t : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}

func.func @main() {
  %n = arith.constant 64 : index
  %r = func.call @skew(%n) : (index) -> i32
  vector.print %r : i32
  func.return
}
