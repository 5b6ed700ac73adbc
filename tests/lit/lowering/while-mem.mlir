// spec-dataflow-memory.txt, "scf.while in Memory Control": after-region memory control uses
// the gated condition regime; no extra memory-control token after exit.
// RUN: %loom-sim lower %s | FileCheck %s

// The store in the after region takes its ctrl from a memory-control carry driven by
// the loop's condition (the same fork that drives the body's invariants, one token per
// body execution), seeded by the guard's true side; its done is split by that
// condition and the exit side merges with the guard's skip side.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, [[MC:%[0-9]+]]) {loom.name = "f/while0.guard/while0/store.m",
// CHECK: "dataflow.invariant"([[RC:%[0-9]+]]#{{[0-9]+}}, {{[^,]+}}) {loom.name = "f/while0.guard/while0/inv.ctrl",
// CHECK: [[CMP:%[0-9]+]] = "arith.cmpi"({{.*}}loom.name = "f/while0.guard/while0/cmpi.c",
// CHECK: [[MEM:%[0-9]+]] = "handshake.extmemory"([[ST]]#0, [[ST]]#1)
// CHECK: [[BR:%[0-9]+]]:2 = "handshake.cond_br"({{.*}}loom.name = "f/mem.br",
// CHECK: [[MC]] = "dataflow.carry"([[RC]]#{{[0-9]+}}, [[BR]]#0, [[SP:%[0-9]+]]#0) {loom.name = "f/while0.guard/mem.carry",
// CHECK-SAME: loom.rates = ["loop_body#[[W:[0-9]+]] = iterations#[[W]]"], loom.roles = ["mem_ctrl"]
// CHECK: [[SP]]:2 = "handshake.cond_br"([[RC]]#{{[0-9]+}}, [[MEM]]) {loom.name = "f/while0.guard/mem.split",
// CHECK: "handshake.mux"({{[^,]+}}, [[BR]]#1, [[SP]]#1) {loom.name = "f/mem.mux",
// CHECK: [[RC]]:{{[0-9]+}} = "handshake.fork"([[CMP]])
func.func @f(%m: memref<8xi32>, %x: i32, %lim: i32) -> i32 {
  %r = scf.while (%v = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %v, %lim : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%w: i32):
    %i = arith.index_cast %w : i32 to index
    memref.store %w, %m[%i] : memref<8xi32>
    %one = arith.constant 1 : i32
    %n = arith.addi %w, %one : i32
    scf.yield %n : i32
  }
  func.return %r : i32
}
