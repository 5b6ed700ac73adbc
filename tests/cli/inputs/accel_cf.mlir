func.func @absdiff(%a: i32, %b: i32) -> i32 {
  %lt = arith.cmpi slt, %a, %b : i32
  cf.cond_br %lt, ^less, ^more
^less:
  %d1 = arith.subi %b, %a : i32
  func.return %d1 : i32
^more:
  %d2 = arith.subi %a, %b : i32
  func.return %d2 : i32
}
func.func @main() {
  %x = arith.constant 3 : i32
  %y = arith.constant 10 : i32
  %r = func.call @absdiff(%x, %y) : (i32, i32) -> i32
  vector.print %r : i32
  func.return
}
