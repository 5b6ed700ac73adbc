// spec-dataflow-memory.txt, "Ordering Rule at the Same SCF Level": current_token -> access ->
// access_done -> next_token; a load after a store waits for the store's done.
// RUN: %loom-sim lower %s | FileCheck %s
// The miswire this test forbids (both accesses on the entry token, --inject
// no-mem-order) fails these checks (the static verifier lets it through: the run-time
// harness catches it).
// RUN: %loom-sim lower --inject no-mem-order %s 2>/dev/null | not FileCheck %s

// Extmemory results: load data, then store dones, then load dones
// (spec-dataflow-memory, "Result Routing Rule"): #1 is the store's done, #2 the load's.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, {{[^,]+}}) {loom.name = "f/store.m"
// CHECK-SAME: loc({{.*}}mem-store-then-load.mlir":[[@LINE+9]]:3)
// CHECK: [[LD:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM:%[0-9]+]]#0, [[MEM]]#1) {loom.name = "f/load.m"
// CHECK-SAME: loc({{.*}}mem-store-then-load.mlir":[[@LINE+8]]:8)
// CHECK: [[MEM]]:3 = "handshake.extmemory"([[ST]]#0, [[ST]]#1, [[LD]]#1) {{.*}}loom.roles = ["mem_data", "done", "done"]
// The load's done is the end of the chain: the return's control.
// CHECK: "handshake.return"({{[^,]+}}, [[MEM]]#2) {{.*}}loom.roles = ["result", "done"]
func.func @f(%m: memref<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %x, %m[%c0] : memref<8xi32>
  %v = memref.load %m[%c1] : memref<8xi32>
  func.return %v : i32
}
