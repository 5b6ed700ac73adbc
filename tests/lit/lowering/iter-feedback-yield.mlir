// spec-dataflow-compilation.txt, "scf.for", lower_for: "patch carry_i.feedback =
// body_results.yield_i": the body's yield is the carry's loop-carried input (port 2).
// RUN: %loom-sim lower %s | FileCheck %s

// Two iter_args, yielded swapped-and-updated: carry 0 (%p) is fed by the yield's
// first operand (%q1 = %q + 1), carry 1 (%q) by the second (%p1 = %p * 2).
// CHECK-LABEL: "loom.dfg"
// CHECK: "dataflow.carry"({{%[0-9]+}}#{{[0-9]+}}, {{%[0-9]+}}#0, [[FB0:%[0-9]+]]) {loom.name = "f/for0.carry.p"
// CHECK: "dataflow.carry"({{%[0-9]+}}#{{[0-9]+}}, {{%[0-9]+}}#1, [[FB1:%[0-9]+]]) {loom.name = "f/for0.carry.q"
// CHECK: [[FB0]] = "arith.addi"({{.*}}loc({{.*}}iter-feedback-yield.mlir":[[@LINE+9]]:11)
// CHECK: [[FB1]] = "arith.muli"({{.*}}loc({{.*}}iter-feedback-yield.mlir":[[@LINE+9]]:11)
func.func @f(%a: i32, %b: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%p = %a, %q = %b) -> (i32, i32) {
    %q1 = arith.addi %q, %one : i32
    %p1 = arith.muli %p, %two : i32
    scf.yield %q1, %p1 : i32, i32
  }
  func.return %r#0, %r#1 : i32, i32
}
