// spec-dataflow-memory.txt, "Interface Choice" as docs/design.md decides it: a memref
// argument gets a handshake.extmemory, an alloc/alloca a handshake.memory.
// RUN: %loom-sim lower %s | FileCheck %s

// CHECK-LABEL: "loom.dfg"
// CHECK: [[LD:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[EXT:%[0-9]+]]#0, {{[^,]+}}) {loom.name = "f/load.arg"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{.*}}loom.name = "f/store.buf"
// CHECK: [[EXT]]:2 = "handshake.extmemory"([[LD]]#1) {arg_index = 1 : i64, loom.name = "f/extmem.arg1",
// CHECK-SAME: mem_type = memref<8xi32>, num_loads = 1 : i64, num_stores = 0 : i64}
// CHECK-SAME: loc({{.*}}mem-interface-kind.mlir":[[@LINE+6]]:25)
// CHECK: {{%[0-9]+}} = "handshake.memory"([[ST]]#0, [[ST]]#1) {loom.name = "f/mem1",
// CHECK-SAME: mem_type = memref<4xi32>, num_loads = 0 : i64, num_stores = 1 : i64}
// CHECK-SAME: loc({{.*}}mem-interface-kind.mlir":[[@LINE+5]]:10)
// An internal memory has no argument index.
// CHECK-NOT: "handshake.memory"({{.*}}arg_index
func.func @f(%n: index, %arg: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<4xi32>
  %v = memref.load %arg[%c0] : memref<8xi32>
  memref.store %v, %buf[%c0] : memref<4xi32>
  memref.dealloc %buf : memref<4xi32>
  func.return %v : i32
}
