// spec-dataflow-compilation.txt, "scf.for" (iter args): %carry_o = dataflow.carry(
// raw_will_continue, %a0, %b); "iter_arg carry.d uses raw_will_continue".
// RUN: %loom-sim lower %s | FileCheck %s
// The miswire this test forbids (the iter_arg carry on after_cond, --inject
// iter-carry-gated) fails these checks; the static verifier rejects it too (exit 1).
// RUN: not %loom-sim lower --inject iter-carry-gated %s 2>/dev/null | not FileCheck %s

// carry(d = raw_will_continue, a = the init value %a (entry output #0), b = ...) at the
// loop-boundary rate (N + 1 per activation), with the iter_carry role.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:2 = "loom.entry"()
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"(
// CHECK: "dataflow.gate"([[S]]#0, [[RAW:%[0-9]+]]#{{[0-9]+}})
// CHECK: "dataflow.carry"([[RAW]]#{{[0-9]+}}, [[E]]#0, {{%[0-9]+}}) {loom.name = "f/for0.carry.acc", loom.origin = [[L:[0-9]+]] : i64,
// CHECK-SAME: loom.rates = ["loop_boundary#[[L]] = invocations + iterations#[[L]]"], loom.roles = ["iter_carry"]
// CHECK-SAME: : (i1, i32, i32) -> i32
// CHECK: [[RAW]]:{{[0-9]+}} = "handshake.fork"([[S]]#1) {{.*}}loom.roles = ["raw_will_continue",
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.addi %acc, %acc : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}
