// spec-dataflow-memory.txt, "Ordering Rule at the Same SCF Level": current_token -> access ->
// access_done -> next_token; a store after a load waits for the load's done.
// RUN: %loom-sim lower %s | FileCheck %s

// The store does not depend on the loaded value: only the ctrl-done chain orders them.
// Extmemory results: load data, store done (#1), load done (#2).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[LD:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM:%[0-9]+]]#0, {{[^,]+}}) {loom.name = "f/load.m"
// CHECK-SAME: loc({{.*}}mem-load-then-store.mlir":[[@LINE+8]]:8)
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, [[MEM]]#2) {loom.name = "f/store.m"
// CHECK-SAME: loc({{.*}}mem-load-then-store.mlir":[[@LINE+7]]:3)
// CHECK: [[MEM]]:3 = "handshake.extmemory"([[ST]]#0, [[ST]]#1, [[LD]]#1)
// CHECK: "handshake.return"({{[^,]+}}, [[MEM]]#1) {{.*}}loom.roles = ["result", "done"]
func.func @f(%m: memref<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c0] : memref<8xi32>
  memref.store %x, %m[%c1] : memref<8xi32>
  func.return %v : i32
}
