// Found by scripts/soak.sh (seed 20052, mixed size), reduced with scripts/reduce.sh.
// The loop nest's values reach neither a result nor a memory, so the return does not
// wait for it: the call returns in a few cycles and the nest runs on for ~3,600 more.
// The harness used to let such work settle for at most 1,000 cycles before counting
// tokens, and reported the unfinished nest as missing ledger tokens and latched
// state. Now the drain runs to a quiet cycle (within --max-cycles).
func.func @k(%n: index, %x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c40 = arith.constant 40 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %f0 = arith.cmpi ult, %c1, %n : index
    %r = scf.while (%w = %c1, %f = %f0) : (index, i1) -> (index) {
      scf.condition(%f) %w : index
    } do {
    ^bb0(%w1: index):
      %s = scf.while (%y = %z) : (i64) -> (i64) {
        %lt = arith.cmpi slt, %y, %c40 : i64
        scf.condition(%lt) %y : i64
      } do {
      ^bb0(%y1: i64):
        %y2 = arith.addi %y1, %one : i64
        scf.yield %y2 : i64
      }
      %w2 = arith.addi %w1, %c1 : index
      %f2 = arith.cmpi ult, %w2, %n : index
      scf.yield %w2, %f2 : index, i1
    }
    scf.yield
  }
  %res = arith.addi %x, %one : i64
  func.return %res : i64
}
func.func @main() {
  %n = arith.constant 6 : index
  %x = arith.constant 41 : i64
  %r = func.call @k(%n, %x) : (index, i64) -> i64
  vector.print %r : i64
  func.return
}
