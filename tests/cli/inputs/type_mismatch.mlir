func.func @main() {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i64
  %c = arith.addi %a, %b : i32
  func.return
}
