// spec-dataflow-memory.txt, "Memory Ordering Domains": each root memref group gets an
// independent ctrl-done network; accesses of different groups are not ordered.
// RUN: %loom-sim lower %s | FileCheck %s

// Two memref arguments, two interfaces (groups 0 and 1), two memory-control carries.
// The store to %b follows the load from %a in program order, but its ctrl is %b's own
// carry, not %a's load done: each access's ctrl comes from its group's carry and its
// done goes back to that group's split only.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[LA:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MA:%[0-9]+]]#0, [[CA:%[0-9]+]]) {loom.name = "f/for0/load.a"
// CHECK: [[SB:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, [[LA]]#0, [[CB:%[0-9]+]]) {loom.name = "f/for0/store.b"
// CHECK: [[MA]]:2 = "handshake.extmemory"([[LA]]#1) {arg_index = 0 : i64, {{.*}}mem_group = 0 : i64,
// CHECK: [[CA]] = "dataflow.carry"({{[^,]+}}, {{[^,]+}}, [[SPA:%[0-9]+]]#0) {loom.name = "f/mem.carry"
// CHECK: [[SPA]]:2 = "handshake.cond_br"({{[^,]+}}, [[MA]]#1) {loom.name = "f/mem.split"
// CHECK: [[MB:%[0-9]+]] = "handshake.extmemory"([[SB]]#0, [[SB]]#1) {arg_index = 1 : i64, {{.*}}mem_group = 1 : i64,
// CHECK: [[CB]] = "dataflow.carry"({{[^,]+}}, {{[^,]+}}, [[SPB:%[0-9]+]]#0) {loom.name = "f/mem.carry.1"
// CHECK: [[SPB]]:2 = "handshake.cond_br"({{[^,]+}}, [[MB]]) {loom.name = "f/mem.split.1"
// Each interface's done output goes to its own group's split and nowhere else (the two
// exits meet only in the return's join, function-return-join.mlir).
// CHECK-NOT: [[MA]]#1
// CHECK-NOT: [[MB]]{{[,)]}}
func.func @f(%a: memref<8xi32>, %b: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xi32>
    memref.store %x, %b[%i] : memref<8xi32>
  }
  func.return
}
