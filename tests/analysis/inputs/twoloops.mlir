// Two loops of the same trip count, the second carrying the first's result: its own
// lowering passes; networks/twoloops-shared.dfg.mlir shares the first loop's control with
// the second's carry, a network that needs 5 slots on one channel (a buffering deadlock).
func.func @twice(%n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (i32) {
    %x = arith.index_cast %i : index to i32
    %s = arith.addi %a, %x : i32
    scf.yield %s : i32
  }
  %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%b = %r1) -> (i32) {
    %y = arith.index_cast %j : index to i32
    %t = arith.muli %y, %y : i32
    %u = arith.addi %b, %t : i32
    scf.yield %u : i32
  }
  func.return %r1, %r2 : i32, i32
}

func.func @main() {
  %n = arith.constant 5 : index
  %r:2 = func.call @twice(%n) : (index) -> (i32, i32)
  vector.print %r#0 : i32
  vector.print %r#1 : i32
  func.return
}
