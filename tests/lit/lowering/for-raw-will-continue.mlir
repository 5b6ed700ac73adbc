// spec-dataflow-compilation.txt, "Mandatory Stream Separation": raw_will_continue (N + 1)
// feeds iter_arg carries and the boundary split only; body-local ops never consume it.
// RUN: %loom-sim lower %s | FileCheck %s

// The stream's two outputs are the raw pair at the loop-boundary rate (one activation
// plus N: "N + 1" per activation) ...
// CHECK-LABEL: "loom.dfg"
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"(
// CHECK-SAME: loom.rates = ["loop_boundary#[[L:[0-9]+]] = invocations + iterations#[[L]]", "loop_boundary#[[L]] = invocations + iterations#[[L]]"]
// CHECK-SAME: loom.roles = ["raw_index", "raw_will_continue"]
// ... and raw_will_continue reaches exactly three consumers: the gate, the iter_arg
// carry and the iter_arg split. The body's invariants (the outer %b, the body control)
// and its memory control take after_cond, never raw_will_continue.
// CHECK: "dataflow.gate"([[S]]#0, [[RAW:%[0-9]+]]#0)
// CHECK: "dataflow.carry"([[RAW]]#1,
// CHECK: "handshake.cond_br"([[RAW]]#2,
// CHECK-NOT: [[RAW]]#
// CHECK: [[RAW]]:3 = "handshake.fork"([[S]]#1) {{.*}}loom.roles = ["raw_will_continue", "raw_will_continue", "raw_will_continue"]
// CHECK-NOT: [[RAW]]#
// CHECK-NOT: [[S]]#1
func.func @f(%m: memref<8xi32>, %a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %k = arith.constant 2 : i32
    %y = arith.muli %acc, %k : i32
    %z = arith.addi %y, %b : i32
    memref.store %z, %m[%i] : memref<8xi32>
    scf.yield %z : i32
  }
  func.return %r : i32
}
