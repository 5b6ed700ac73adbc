// spec-dataflow-memory.txt, "Access Metadata", "Path Invariants": every access belongs to
// exactly one root-memref group; its mem_group names the group of its interface.
// RUN: %loom-sim lower %s | FileCheck %s
// (Found by this test: the lowering used to set the group only on the interface, so
// every access was printed with mem_group = 0.)

// CHECK-LABEL: "loom.dfg"
// CHECK: "handshake.load"({{.*}}loom.name = "f/load.a", {{.*}}mem_group = [[GA:[0-9]+]] : i64
// CHECK: "handshake.store"({{.*}}loom.name = "f/store.b", {{.*}}mem_group = [[GB:[0-9]+]] : i64
// CHECK: "handshake.extmemory"({{.*}}arg_index = 0 : i64, {{.*}}mem_group = [[GA]] : i64,
// CHECK: "handshake.extmemory"({{.*}}arg_index = 1 : i64, {{.*}}mem_group = [[GB]] : i64,
func.func @f(%a: memref<8xi32>, %b: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<8xi32>
  memref.store %x, %b[%c0] : memref<8xi32>
  func.return
}
