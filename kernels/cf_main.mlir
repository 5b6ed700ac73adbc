// kernel: cf_main — main as a producer may leave it after lowering scf to cf: a counted loop of cf.br / cf.cond_br blocks with block arguments, blocks out of text order, and a cf.assert; each iteration calls an accelerated scf.for kernel (the host runs the cf, the accelerator the scf).
func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %b = arith.addi %a, %i : index
    scf.yield %b : index
  }
  func.return %r : index
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  cf.br ^loop(%c0, %c0 : index, index)
^exit(%t: index):
  vector.print %t : index
  %ok = arith.cmpi eq, %t, %t : index
  cf.assert %ok, "sum is itself"
  func.return
^loop(%i: index, %acc: index):
  %lt = arith.cmpi slt, %i, %c5 : index
  cf.cond_br %lt, ^body, ^exit(%acc : index)
^body:
  %s = func.call @sum(%i) : (index) -> index
  vector.print %s : index
  %acc2 = arith.addi %acc, %s : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %acc2 : index, index)
}
