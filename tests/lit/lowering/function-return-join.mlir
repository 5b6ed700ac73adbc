// spec-dataflow-memory.txt, "Final Return Control": all group done tokens are joined and the
// joined token becomes the function return control token.
// RUN: %loom-sim lower %s | FileCheck %s

// Three groups (%a, %b and an internal alloc): their last done tokens (the load of %a,
// the store to %b, the store to %t, each the last access of its group) are joined,
// and the join is the return's done operand. Extmemory/memory results: a load's
// data then its done; a store's done alone.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[MA:%[0-9]+]]:2 = "handshake.extmemory"({{.*}}arg_index = 0 : i64,
// CHECK: [[MB:%[0-9]+]] = "handshake.extmemory"({{.*}}arg_index = 1 : i64,
// CHECK: [[MT:%[0-9]+]] = "handshake.memory"(
// CHECK: [[J:%[0-9]+]] = "handshake.join"([[MA]]#1, [[MB]], [[MT]]) {{.*}}loom.roles = ["done"]
// CHECK-SAME: loc({{.*}}function-return-join.mlir":[[@LINE+9]]:3)
// CHECK: "handshake.return"({{[^,]+}}, [[J]]) {{.*}}loom.roles = ["result", "done"]
// CHECK-SAME: loc({{.*}}function-return-join.mlir":[[@LINE+7]]:3)
func.func @f(%a: memref<8xi32>, %b: memref<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloca() : memref<4xi32>
  %v = memref.load %a[%c0] : memref<8xi32>
  memref.store %x, %b[%c0] : memref<8xi32>
  memref.store %x, %t[%c0] : memref<4xi32>
  func.return %v : i32
}
