func.func @main() {
  %a = arith.constant 3 : i32
  %b = arith.constant 4 : i32
  %eq = arith.cmpi eq, %a, %b : i32
  cf.assert %eq, "3 == 4"
  vector.print %a : i32
  func.return
}
