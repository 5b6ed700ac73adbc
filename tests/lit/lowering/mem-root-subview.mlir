// spec-dataflow-memory.txt, "Root Memref Grouping": accesses are grouped by root memref,
// stripping memref.subview; they share one memory ordering domain.
// RUN: %loom-sim lower %s | FileCheck %s

// A store through the root %m, then a load through the view: one interface (the
// root's extmemory, argument 0) with both accesses in one group, and the load ordered
// after the store in that group's ctrl-done chain (its ctrl is the store's done, #1).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{.*}}loom.name = "f/store.m",{{.*}} mem_group = [[GRP:[0-9]+]] : i64
// CHECK: [[LD:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM:%[0-9]+]]#0, [[MEM]]#1) {loom.name = "f/load.v",{{.*}} mem_group = [[GRP]] : i64
// CHECK-SAME: loc({{.*}}mem-root-subview.mlir":[[@LINE+8]]:8)
// CHECK: [[MEM]]:3 = "handshake.extmemory"([[ST]]#0, [[ST]]#1, [[LD]]#1) {arg_index = 0 : i64,{{.*}} mem_group = [[GRP]] : i64, mem_type = memref<16xi32>, num_loads = 1 : i64, num_stores = 1 : i64}
// CHECK-NOT: "handshake.extmemory"
// CHECK: "handshake.return"({{[^,]+}}, [[MEM]]#2)
func.func @f(%m: memref<16xi32>, %x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %v = memref.subview %m[4] [8] [1] : memref<16xi32> to memref<8xi32, strided<[1], offset: 4>>
  memref.store %x, %m[%c1] : memref<16xi32>
  %a = memref.load %v[%c1] : memref<8xi32, strided<[1], offset: 4>>
  func.return %a : i32
}
