// Soak seed 500807, reduced: an arith.minui whose operands fold to one value
// (`addi %v, 0` and `%v`). MLIR 14's memref-to-LLVM conversion folded the expanded
// select and left a null operand behind ("'std.return' op operation's operand is
// null"); scripts/oracle.sh converts arith to LLVM before memref since (MLIR 22 too).
func.func @k1(%s: index) -> i64 {
  %z = arith.constant 0 : i64
  %v = arith.index_cast %s : index to i64
  %a = arith.addi %v, %z : i64
  %m = arith.minui %a, %v : i64
  func.return %m : i64
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %r = func.call @k1(%c7) : (index) -> i64
  vector.print %r : i64
  func.return
}
