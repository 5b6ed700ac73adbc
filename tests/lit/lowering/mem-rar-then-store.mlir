// spec-dataflow-memory.txt, "RAR Parallelism" + "Ordering Rule at the Same SCF Level": the
// loads' joined done is the next token; a store after two loads waits for both.
// RUN: %loom-sim lower %s | FileCheck %s

// Extmemory results: load data x2, store done (#2), load dones (#3, #4).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[LA:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, {{[^,]+}}, [[T:%[0-9]+]]#0) {loom.name = "f/for0/load.m"
// CHECK: [[LB:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, {{[^,]+}}, [[T]]#1) {loom.name = "f/for0/load.m.1"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, [[J:%[0-9]+]]) {loom.name = "f/for0/store.m"
// CHECK: [[MEM:%[0-9]+]]:5 = "handshake.extmemory"([[ST]]#0, [[ST]]#1, [[LA]]#1, [[LB]]#1)
// CHECK: [[MC:%[0-9]+]] = "dataflow.carry"({{.*}}loom.name = "f/mem.carry"
// CHECK: [[J]] = "handshake.join"([[MEM]]#3, [[MEM]]#4)
// The store's done is the body's done.
// CHECK: "handshake.cond_br"({{[^,]+}}, [[MEM]]#2) {loom.name = "f/mem.split"
// CHECK: [[T]]:2 = "handshake.fork"([[MC]])
func.func @f(%m: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %m[%i] : memref<8xi32>
    %b = memref.load %m[%c0] : memref<8xi32>
    %s = arith.addi %a, %b : i32
    memref.store %s, %m[%i] : memref<8xi32>
  }
  func.return
}
