// The calls of examples/custom_op, run by the reference interpreter for the test's
// expectations: gcd64 (as in kernels/gcd.mlir) on (1071, 462), (89, 55), (17, 5),
// printing both results (the gcd, the number of remainders taken) of each call.
func.func @gcd64(%a: i64, %b: i64) -> (i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:3 = scf.while (%x = %a, %y = %b, %k = %zero) : (i64, i64, i64) -> (i64, i64, i64) {
    %nz = arith.cmpi ne, %y, %zero : i64
    scf.condition(%nz) %x, %y, %k : i64, i64, i64
  } do {
  ^bb0(%x: i64, %y: i64, %k: i64):
    %m = arith.remui %x, %y : i64
    %k1 = arith.addi %k, %one : i64
    scf.yield %y, %m, %k1 : i64, i64, i64
  }
  func.return %r#0, %r#2 : i64, i64
}

func.func @main() {
  %a0 = arith.constant 1071 : i64
  %b0 = arith.constant 462 : i64
  %a1 = arith.constant 89 : i64
  %b1 = arith.constant 55 : i64
  %a2 = arith.constant 17 : i64
  %b2 = arith.constant 5 : i64
  %g0:2 = func.call @gcd64(%a0, %b0) : (i64, i64) -> (i64, i64)
  vector.print %g0#0 : i64
  vector.print %g0#1 : i64
  %g1:2 = func.call @gcd64(%a1, %b1) : (i64, i64) -> (i64, i64)
  vector.print %g1#0 : i64
  vector.print %g1#1 : i64
  %g2:2 = func.call @gcd64(%a2, %b2) : (i64, i64) -> (i64, i64)
  vector.print %g2#0 : i64
  vector.print %g2#1 : i64
  func.return
}
