// spec-dataflow-compilation.txt, "scf.for": body_state.control = invariant(after_cond,
// parent_state.control); body-local control never uses raw_will_continue.
// RUN: %loom-sim lower %s | FileCheck %s
// The miswire this test forbids (body control on raw_will_continue, --inject
// body-ctrl-raw) fails these checks; the static verifier rejects it too (exit 1).
// RUN: not %loom-sim lower --inject body-ctrl-raw %s 2>/dev/null | not FileCheck %s

// The body's constant %k fires once per iteration on the body control token,
// invariant(d = after_cond, a = the function's control token). after_cond has no other
// consumer here (no memory, no other outer value), so d is the gate's output itself.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:2 = "loom.entry"() {{.*}}loom.roles = ["data", "body_ctrl"]
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"(
// CHECK: [[G:%[0-9]+]]:2 = "dataflow.gate"([[S]]#0,
// CHECK: [[CTRL:%[0-9]+]] = "dataflow.invariant"([[G]]#1, [[PC:%[0-9]+]]#{{[0-9]+}}) {loom.name = "f/for0/inv.ctrl",
// CHECK-SAME: loom.roles = ["body_ctrl"]
// CHECK-SAME: : (i1, none) -> none
// CHECK: "handshake.constant"([[CTRL]]) {loom.name = "f/for0/c.k", {{.*}} value = 7 : i32} : (none) -> i32 loc({{.*}}body-ctrl-after-cond.mlir":[[@LINE+7]]:10)
// CHECK: [[PC]]:{{[0-9]+}} = "handshake.fork"([[E]]#1)
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %k = arith.constant 7 : i32
    %z = arith.addi %acc, %k : i32
    scf.yield %z : i32
  }
  func.return %r : i32
}
