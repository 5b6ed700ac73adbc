func.func @k(%x: i32) -> i32 {
  %false = arith.constant false
  %r = scf.while (%v = %x) : (i32) -> i32 {
    scf.condition(%false) %v : i32
  } do {
  ^bb0(%v: i32):
    scf.yield %v : i32
  }
  func.return %r : i32
}
func.func @main() {
  %x = arith.constant 7 : i32
  %r = func.call @k(%x) : (i32) -> i32
  vector.print %r : i32
  func.return
}
