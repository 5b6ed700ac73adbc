// Two different accelerated functions, called one after the other: under
// --systemc the second one's tokens must get the event engine's cycles.
func.func @triple(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %y = arith.muli %x, %c3 : i32
  func.return %y : i32
}

func.func @sum_to(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %a = arith.addi %acc, %i : index
    scf.yield %a : index
  }
  func.return %s : index
}

func.func @main() {
  %c5 = arith.constant 5 : i32
  %c4 = arith.constant 4 : index
  %t = func.call @triple(%c5) : (i32) -> i32
  %s = func.call @sum_to(%c4) : (index) -> index
  %t2 = func.call @triple(%t) : (i32) -> i32
  vector.print %t2 : i32
  vector.print %s : index
  return
}
