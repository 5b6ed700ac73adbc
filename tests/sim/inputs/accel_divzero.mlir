func @ratio(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  return %q : i32
}
func @main() {
  %a = arith.constant 7 : i32
  %b = arith.constant 0 : i32
  %q = call @ratio(%a, %b) : (i32, i32) -> i32
  vector.print %q : i32
  return
}
