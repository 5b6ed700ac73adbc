func.func @ratio(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  func.return %q : i32
}
func.func @main() {
  %a = arith.constant 7 : i32
  %b = arith.constant 0 : i32
  %q = func.call @ratio(%a, %b) : (i32, i32) -> i32
  vector.print %q : i32
  func.return
}
