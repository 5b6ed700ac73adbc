// Euclid's gcd as an scf.while whose body needs control of its own (a constant), called
// with operands that make the loop run at least once on every call.
func.func @gcd(%a: i32, %b: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %nz = arith.cmpi ne, %y, %zero : i32
    scf.condition(%nz) %x, %y : i32, i32
  } do {
  ^bb0(%x2: i32, %y2: i32):
    %m = arith.remui %x2, %y2 : i32
    %one = arith.constant 1 : i32
    %m1 = arith.addi %m, %one : i32
    %m2 = arith.subi %m1, %one : i32
    scf.yield %y2, %m2 : i32, i32
  }
  func.return %r#0 : i32
}
func.func @main() {
  %c12 = arith.constant 12 : i32
  %c18 = arith.constant 18 : i32
  %c35 = arith.constant 35 : i32
  %c14 = arith.constant 14 : i32
  %g1 = func.call @gcd(%c12, %c18) : (i32, i32) -> i32
  vector.print %g1 : i32
  %g2 = func.call @gcd(%c35, %c14) : (i32, i32) -> i32
  vector.print %g2 : i32
  func.return
}
