// spec-dataflow-compilation.txt, "scf.for": for `scf.for %iv = %lb to %ub step %step`
// the lowering must create raw_index, raw_will_continue = dataflow.stream(lb, step, ub).
// RUN: %loom-sim lower %s | FileCheck %s

// The three bounds reach the stream in the order lb, step, ub, with the `+=` / `<`
// configuration of an ascending scf.for, and nothing else feeds it.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[LB:%[0-9]+]] = "handshake.constant"({{.*}} value = 3 : index}
// CHECK: [[UB:%[0-9]+]] = "handshake.constant"({{.*}} value = 11 : index}
// CHECK: [[STEP:%[0-9]+]] = "handshake.constant"({{.*}} value = 2 : index}
// CHECK: {{%[0-9]+}}:2 = "dataflow.stream"([[LB]], [[STEP]], [[UB]]) {cont_cond = "<",
// CHECK-SAME: step_op = "+="} : (index, index, index) -> (index, i1) loc({{.*}}for-stream-operands.mlir":[[@LINE+6]]:3)
func.func @f(%m: memref<16xindex>) {
  %lb = arith.constant 3 : index
  %ub = arith.constant 11 : index
  %st = arith.constant 2 : index
  %v = arith.constant 5 : index
  scf.for %i = %lb to %ub step %st {
    memref.store %v, %m[%i] : memref<16xindex>
  }
  func.return
}
