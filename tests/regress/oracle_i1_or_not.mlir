// Found by scripts/soak.sh (seeds 100275 100355 100495 100513 100852, mixed size),
// reduced with scripts/reduce.sh: an oracle problem, not a loom-sim one. cmpf ord of
// two constants folds to true in --convert-arith-to-llvm, and the while condition
// becomes `%x = or i1 %p, true; %y = xor i1 true, %x; %z = or i1 %x, %y; and %z, ..`
// in LLVM IR, on which llc-14's SelectionDAG (default codegen level) never returns.
// scripts/oracle.sh ran MLIR 14's CPU runner at -O0 from then on (and mlir-runner 22
// at -O0 too, though LLVM 22 does not hang here); before, it timed out on this file.
func.func @k(%lb: index, %ub: index, %n: i16) -> i16 {
  %c1 = arith.constant 1 : index
  %fm = arith.constant -3.200000e+04 : f64
  %f0 = arith.constant 0.000000e+00 : f64
  %pos = arith.cmpf ogt, %f0, %fm : f64
  %false = arith.constant false
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %false) -> (i1) {
    scf.yield %pos : i1
  }
  %z = arith.constant 0 : i16
  %two = arith.constant 2 : i16
  %w = scf.while (%x = %z) : (i16) -> (i16) {
    %lt = arith.cmpi slt, %x, %n : i16
    %s = arith.select %pos, %r, %r : i1
    %ord = arith.cmpf ord, %f0, %f0 : f64
    %o1 = arith.ori %s, %ord : i1
    %nt = arith.xori %ord, %o1 : i1
    %o2 = arith.ori %o1, %nt : i1
    %c = arith.andi %o2, %lt : i1
    scf.condition(%c) %x : i16
  } do {
  ^bb0(%x1: i16):
    %x2 = arith.addi %x1, %two : i16
    scf.yield %x2 : i16
  }
  func.return %w : i16
}
func.func @main() {
  %lb = arith.constant 5 : index
  %ub = arith.constant 3 : index
  %n = arith.constant 7 : i16
  %r = func.call @k(%lb, %ub, %n) : (index, index, i16) -> i16
  vector.print %r : i16
  %r2 = func.call @k(%ub, %lb, %n) : (index, index, i16) -> i16
  vector.print %r2 : i16
  func.return
}
