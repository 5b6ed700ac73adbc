func.func @main() {
  %a = arith.constant 1 : i32
  %b = math.absi %a : i32
  func.return
}
