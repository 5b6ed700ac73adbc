// spec-dataflow-memory.txt, "scf.if in Memory Control": split the token by cond_br(cond,
// ctrl), then region on the true token, else on the false one, the two dones merged.
// RUN: %loom-sim lower %s | FileCheck %s

// A store in the then branch only, then a load after the if. The store's ctrl is
// mem.br#0; the else side (no access) passes its token, mem.br#1, straight to the mux;
// the mux (false = else done, true = then done = the store's done) is the load's ctrl.
// Extmemory results: load data (#0), store done (#1), load done (#2).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"()
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, [[BR:%[0-9]+]]#0) {loom.name = "f/if0.then/store.m"
// CHECK: [[LD:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, [[MEM:%[0-9]+]]#0, [[MX:%[0-9]+]]) {loom.name = "f/load.m"
// CHECK: [[MEM]]:3 = "handshake.extmemory"([[ST]]#0, [[ST]]#1, [[LD]]#1)
// CHECK: [[BR]]:2 = "handshake.cond_br"([[C:%[0-9]+]]#{{[0-9]+}}, [[EC:%[0-9]+]]#{{[0-9]+}}) {loom.name = "f/mem.br",
// CHECK-SAME: loom.roles = ["mem_ctrl", "mem_ctrl"]
// CHECK-SAME: loc({{.*}}mem-if.mlir":[[@LINE+7]]:3)
// CHECK: [[MX]] = "handshake.mux"([[C]]#{{[0-9]+}}, [[BR]]#1, [[MEM]]#1) {loom.name = "f/mem.mux",
// CHECK: "handshake.return"([[LD]]#0, [[MEM]]#2)
// CHECK-DAG: [[C]]:{{[0-9]+}} = "handshake.fork"([[E]]#0)
// CHECK-DAG: [[EC]]:{{[0-9]+}} = "handshake.fork"([[E]]#2)
func.func @f(%m: memref<8xi32>, %c: i1, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %x, %m[%c0] : memref<8xi32>
  }
  %v = memref.load %m[%c0] : memref<8xi32>
  func.return %v : i32
}
