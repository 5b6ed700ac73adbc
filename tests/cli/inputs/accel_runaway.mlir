func.func @spin(%n: i32) -> i32 {
  %one = arith.constant 1 : i32
  %r = scf.while (%x = %n) : (i32) -> i32 {
    %t = arith.cmpi sge, %x, %n : i32
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = arith.addi %y, %one : i32
    %w = arith.subi %z, %one : i32
    scf.yield %w : i32
  }
  func.return %r : i32
}
func.func @main() {
  %c = arith.constant 5 : i32
  %r = func.call @spin(%c) : (i32) -> i32
  vector.print %r : i32
  func.return
}
