// Three accelerated calls of ~6M cycles each (long enough for the progress line to be
// drawn on a terminal), each followed by a line of output from main.
func.func @work(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %t = arith.addi %s, %one : i32
    scf.yield %t : i32
  }
  func.return %r : i32
}
func.func @main() {
  %n = arith.constant 1000000 : index
  %a = func.call @work(%n) : (index) -> i32
  vector.print %a : i32
  %m = arith.constant 1000001 : index
  %b = func.call @work(%m) : (index) -> i32
  vector.print %b : i32
  %k = arith.constant 1000002 : index
  %c = func.call @work(%k) : (index) -> i32
  vector.print %c : i32
  func.return
}
