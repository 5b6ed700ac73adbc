// spec-dataflow-memory.txt, "RAR Parallelism": only consecutive loads with no intervening
// write share a token; in load, store, load the second load waits for the store.
// RUN: %loom-sim lower %s | FileCheck %s

// Extmemory results: load data x2 (#0, #1), store done (#2), load dones (#3, #4).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:2 = "loom.entry"()
// CHECK: [[LA:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM:%[0-9]+]]#0, [[EC:%[0-9]+]]#{{[0-9]+}}) {loom.name = "f/load.m"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, [[MEM]]#3) {loom.name = "f/store.m"
// CHECK: [[LB:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM]]#1, [[MEM]]#2) {loom.name = "f/load.m.1"
// CHECK: [[MEM]]:5 = "handshake.extmemory"([[ST]]#0, [[ST]]#1, [[LA]]#1, [[LB]]#1)
// CHECK-NOT: "handshake.join"
// CHECK: "handshake.return"({{[^,]+}}, [[MEM]]#4)
// CHECK: [[EC]]:{{[0-9]+}} = "handshake.fork"([[E]]#1)
func.func @f(%m: memref<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %m[%c0] : memref<8xi32>
  memref.store %x, %m[%c1] : memref<8xi32>
  %b = memref.load %m[%c0] : memref<8xi32>
  %s = arith.addi %a, %b : i32
  func.return %s : i32
}
