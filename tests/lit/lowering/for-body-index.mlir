// spec-dataflow-compilation.txt, "scf.for": "%iv maps to body_index" (the gate's
// first output), never to the stream's raw_index.
// RUN: %loom-sim lower %s | FileCheck %s

// raw_index goes to the gate and nowhere else; every use of %i in the body (the
// index_cast and the store's address) reads body_index.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"(
// CHECK: [[G:%[0-9]+]]:2 = "dataflow.gate"([[S]]#0, {{%[0-9]+(#[0-9]+)?}})
// CHECK-NOT: [[S]]#0
// CHECK: "arith.index_cast"([[IV:%[0-9]+]]#0) {{.*}}loc({{.*}}for-body-index.mlir":[[@LINE+12]]:10)
// CHECK-NOT: [[S]]#0
// CHECK: "handshake.store"([[IV]]#1,
// CHECK-SAME: loc({{.*}}for-body-index.mlir":[[@LINE+10]]:5)
// CHECK-NOT: [[S]]#0
// CHECK: [[IV]]:2 = "handshake.fork"([[G]]#0) {{.*}}loom.roles = ["body_index", "body_index"]
// CHECK-NOT: [[S]]#0
func.func @f(%m: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %m[%i] : memref<8xi32>
  }
  func.return
}
