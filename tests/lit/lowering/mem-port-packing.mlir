// spec-dataflow-memory.txt, "Operand Packing Rule" (stores first, then loads) and "Result
// Routing Rule" (load data, store dones, load dones).
// RUN: %loom-sim lower %s | FileCheck %s

// Program order: load L0, store S0, load L1, store S1. Operands: (S0 data, S0 addr,
// S1 data, S1 addr, L0 addr, L1 addr). Results: (L0 data, L1 data, S0 done, S1 done,
// L0 done, L1 done), each load reading its own data result back.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[L0:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[M:%[0-9]+]]#0, {{[^,]+}}) {loom.name = "f/load.m",
// CHECK-SAME: mem_port = 0 : i64}
// CHECK: [[S0:%[0-9]+]]:2 = "handshake.store"({{.*}}loom.name = "f/store.m",
// CHECK-SAME: mem_port = 0 : i64}
// CHECK: [[L1:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[M]]#1, {{[^,]+}}) {loom.name = "f/load.m.1",
// CHECK-SAME: mem_port = 1 : i64}
// CHECK: [[S1:%[0-9]+]]:2 = "handshake.store"({{.*}}loom.name = "f/store.m.1",
// CHECK-SAME: mem_port = 1 : i64}
// CHECK: [[M]]:6 = "handshake.extmemory"([[S0]]#0, [[S0]]#1, [[S1]]#0, [[S1]]#1, [[L0]]#1, [[L1]]#1)
// CHECK-SAME: loom.roles = ["mem_data", "mem_data", "done", "done", "done", "done"]
// CHECK-SAME: num_loads = 2 : i64, num_stores = 2 : i64}
// CHECK-SAME: : (i32, index, i32, index, index, index) -> (i32, i32, none, none, none, none)
func.func @f(%m: memref<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %m[%c0] : memref<8xi32>
  memref.store %x, %m[%c1] : memref<8xi32>
  %b = memref.load %m[%c1] : memref<8xi32>
  memref.store %a, %m[%c0] : memref<8xi32>
  func.return %b : i32
}
