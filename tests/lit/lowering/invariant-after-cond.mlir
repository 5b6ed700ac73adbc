// spec-dataflow-compilation.txt, "scf.for": an outside value used in the body becomes a
// dataflow.invariant whose controlling operand "must be after_cond, not raw_will_continue".
// RUN: %loom-sim lower %s | FileCheck %s
// The miswire this test forbids (the invariant on raw_will_continue, --inject
// invariant-raw) fails these checks; the static verifier rejects it too (exit 1).
// RUN: not %loom-sim lower --inject invariant-raw %s 2>/dev/null | not FileCheck %s

// %b (entry output #1) enters the body as invariant(d = after_cond, a = %b), and the
// body's addi reads the invariant. after_cond has no other consumer here (no memory,
// no body constant), so d is the gate's output itself.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"()
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"(
// CHECK: [[G:%[0-9]+]]:2 = "dataflow.gate"([[S]]#0,
// CHECK: [[INV:%[0-9]+]] = "dataflow.invariant"([[G]]#1, [[E]]#1) {loom.name = "f/for0/inv.b", loom.origin = [[L:[0-9]+]] : i64,
// CHECK-SAME: loom.rates = ["loop_body#[[L]] = iterations#[[L]]"]
// CHECK-SAME: : (i1, i32) -> i32 loc({{.*}}invariant-after-cond.mlir":[[@LINE+7]]:8)
// CHECK: "arith.addi"({{%[0-9]+#[0-9]+}}, [[INV]]) {loom.name = "f/for0/addi.z"
// CHECK-NOT: "dataflow.invariant"
func.func @f(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %z = arith.addi %acc, %b : i32
    scf.yield %z : i32
  }
  func.return %r : i32
}
