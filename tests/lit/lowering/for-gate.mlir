// spec-dataflow-compilation.txt, "scf.for": body_index, after_cond = dataflow.gate(raw_index,
// raw_will_continue), the N + 1 stream made the N-token body stream (spec-dataflow.txt).
// RUN: %loom-sim lower %s | FileCheck %s

// Both gate inputs come from the one stream of this loop, raw_index on port 0 and
// raw_will_continue on port 1 (a loop without iter_args has no other consumer of
// either); its outputs are body_index and after_cond at the loop-body rate (N: the
// loop's iterations).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"({{.*}}loom.name = "f/for0.stream"
// CHECK-NEXT: "dataflow.gate"([[S]]#0, [[S]]#1) {loom.name = "f/for0.gate", loom.origin = [[L:[0-9]+]] : i64,
// CHECK-SAME: loom.rates = ["loop_body#[[L]] = iterations#[[L]]", "loop_body#[[L]] = iterations#[[L]]"],
// CHECK-SAME: loom.roles = ["body_index", "after_cond"]
// CHECK-SAME: : (index, i1) -> (index, i1) loc({{.*}}for-gate.mlir":[[@LINE+6]]:3)
// CHECK-NOT: "dataflow.gate"
func.func @f(%m: memref<8xindex>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %i, %m[%i] : memref<8xindex>
  }
  func.return
}
