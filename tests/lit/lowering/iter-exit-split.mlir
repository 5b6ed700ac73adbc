// spec-dataflow-compilation.txt, "scf.for" (iter args): split %carry_o by raw_will_continue,
// true branch to the body block argument, false branch to the loop result.
// RUN: %loom-sim lower %s | FileCheck %s

// CHECK-LABEL: "loom.dfg"
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"(
// CHECK: "dataflow.gate"([[S]]#0, [[RAW:%[0-9]+]]#{{[0-9]+}})
// CHECK: [[C:%[0-9]+]] = "dataflow.carry"([[RAW]]#{{[0-9]+}},
// The split: cond_br(raw_will_continue, carry output).
// CHECK: [[SP:%[0-9]+]]:2 = "handshake.cond_br"([[RAW]]#{{[0-9]+}}, [[C]]) {loom.name = "f/for0.split.acc", loom.origin = [[L:[0-9]+]] : i64,
// CHECK-SAME: loom.rates = ["loop_body#[[L]] = iterations#[[L]]", "loop_exit#[[L]] = invocations"]
// True side: the body's %acc.
// CHECK: "arith.muli"([[SP]]#0, {{%[0-9]+}}) {loom.name = "f/for0/muli.y"
// False side: the loop result %r, returned.
// CHECK: "handshake.return"([[SP]]#1, {{%[0-9]+#[0-9]+}}) {{.*}}loom.roles = ["result", "done"]
// CHECK: [[RAW]]:{{[0-9]+}} = "handshake.fork"([[S]]#1) {{.*}}loom.roles = ["raw_will_continue",
func.func @f(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.muli %acc, %b : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}
