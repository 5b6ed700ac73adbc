// spec-dataflow-compilation.txt, "Nested SCF": "No nested region inherits control implicitly";
// the inner body control is an invariant on the inner after_cond of the outer body control.
// RUN: %loom-sim lower %s | FileCheck %s

// The inner body's constant %k fires on the inner body control (the inner after_cond
// has no other consumer: the inner iter_arg's carry and split are on the inner raw).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"() {{.*}}loom.roles = ["data", "data", "body_ctrl"]
// CHECK: [[OG:%[0-9]+]]:2 = "dataflow.gate"({{.*}}loom.name = "f/for0.gate"
// CHECK: [[IG:%[0-9]+]]:2 = "dataflow.gate"({{.*}}loom.name = "f/for0/for1.guard/for1.gate"
// CHECK: [[OC:%[0-9]+]] = "dataflow.invariant"([[OAC:%[0-9]+]]#{{[0-9]+}}, [[EC:%[0-9]+]]#{{[0-9]+}}) {loom.name = "f/for0/inv.ctrl",
// CHECK: [[BC:%[0-9]+]]:2 = "handshake.cond_br"({{[^,]+}}, [[OC]]) {loom.name = "f/for0/br.ctrl",
// CHECK: [[IC:%[0-9]+]] = "dataflow.invariant"([[IG]]#1, [[BC]]#0) {loom.name = "f/for0/for1.guard/for1/inv.ctrl",
// CHECK: "handshake.constant"([[IC]]) {loom.name = "f/for0/for1.guard/for1/c.k",
// CHECK-SAME: loc({{.*}}nested-body-ctrl.mlir":[[@LINE+9]]:12)
// CHECK-DAG: [[EC]]:{{[0-9]+}} = "handshake.fork"([[E]]#2)
// CHECK-DAG: [[OAC]]:{{[0-9]+}} = "handshake.fork"([[OG]]#1) {{.*}}loom.roles = ["after_cond",
func.func @f(%n: index, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %s = scf.for %j = %i to %n step %c1 iter_args(%t = %acc) -> (i32) {
      %k = arith.constant 3 : i32
      %u = arith.muli %t, %k : i32
      scf.yield %u : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}
