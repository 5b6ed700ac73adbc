// Soak seed 500807, reduced: an arith.minui whose operands fold to one value
// (`addi %v, 0` and `%v`). mlir-opt-14's conversion folded the expanded select and
// left a null operand behind ("'std.return' op operation's operand is null"), so the
// oracle failed on a valid program; scripts/oracle.sh now canonicalizes first.
func @k1(%s: index) -> i64 {
  %z = arith.constant 0 : i64
  %v = arith.index_cast %s : index to i64
  %a = arith.addi %v, %z : i64
  %m = arith.minui %a, %v : i64
  return %m : i64
}

func @main() {
  %c7 = arith.constant 7 : index
  %r = call @k1(%c7) : (index) -> i64
  vector.print %r : i64
  return
}
