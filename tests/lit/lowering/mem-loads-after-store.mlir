// spec-dataflow-memory.txt, "Ordering Rule at the Same SCF Level", "RAR Parallelism": loads
// after a store wait for its done; consecutive loads share that token, dones joined.
// RUN: %loom-sim lower %s | FileCheck %s

// Extmemory results: load data x2 (#0, #1), store done (#2), load dones (#3, #4).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{.*}}loom.name = "f/store.m"
// CHECK: [[LA:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM:%[0-9]+]]#0, [[T:%[0-9]+]]#0) {loom.name = "f/load.m"
// CHECK: [[LB:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM]]#1, [[T]]#1) {loom.name = "f/load.m.1"
// CHECK: [[MEM]]:5 = "handshake.extmemory"([[ST]]#0, [[ST]]#1, [[LA]]#1, [[LB]]#1)
// CHECK: [[J:%[0-9]+]] = "handshake.join"([[MEM]]#3, [[MEM]]#4)
// CHECK: "handshake.return"({{[^,]+}}, [[J]])
// CHECK: [[T]]:2 = "handshake.fork"([[MEM]]#2)
func.func @f(%m: memref<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %x, %m[%c0] : memref<8xi32>
  %a = memref.load %m[%c0] : memref<8xi32>
  %b = memref.load %m[%c1] : memref<8xi32>
  %s = arith.addi %a, %b : i32
  func.return %s : i32
}
