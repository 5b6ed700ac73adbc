// spec-dataflow-memory.txt, "Serial-Recursive Principle": recurse into a child SCF region;
// its one done token continues the parent level.
// RUN: %loom-sim lower %s | FileCheck %s

// For a loop nest: the outer memory-control carry's token enters the inner loop (through
// its guard), and the inner loop's exit done (merged with the guard's skip side) is the
// outer body's done.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[OG:%[0-9]+]]:2 = "dataflow.gate"({{.*}}loom.name = "f/for0.gate"
// CHECK: [[IG:%[0-9]+]]:2 = "dataflow.gate"({{.*}}loom.name = "f/for0/for1.guard/for1.gate"
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, [[IMC:%[0-9]+]]) {loom.name = "f/for0/for1.guard/for1/store.m",
// CHECK: [[MEM:%[0-9]+]] = "handshake.extmemory"([[ST]]#0, [[ST]]#1)
// Outer carry: on the outer after_cond, fed back by the outer split.
// CHECK: [[OMC:%[0-9]+]] = "dataflow.carry"([[OAC:%[0-9]+]]#{{[0-9]+}}, {{[^,]+}}, [[OSP:%[0-9]+]]#0) {loom.name = "f/mem.carry",
// The inner guard splits the outer carry's token.
// CHECK: [[BR:%[0-9]+]]:2 = "handshake.cond_br"([[GF:%[0-9]+]]#{{[0-9]+}}, [[OMC]]) {loom.name = "f/for0/mem.br",
// Inner carry: on the inner after_cond, seeded by the guard's true side.
// CHECK: [[IMC]] = "dataflow.carry"([[IAC:%[0-9]+]]#{{[0-9]+}}, [[BR]]#0, [[ISP:%[0-9]+]]#0) {loom.name = "f/for0/for1.guard/mem.carry",
// CHECK: [[ISP]]:2 = "handshake.cond_br"([[IAC]]#{{[0-9]+}}, [[MEM]]) {loom.name = "f/for0/for1.guard/mem.split",
// The inner block's done: mux(guard, skipped token, inner exit) ...
// CHECK: [[MX:%[0-9]+]] = "handshake.mux"([[GF]]#{{[0-9]+}}, [[BR]]#1, [[ISP]]#1) {loom.name = "f/for0/mem.mux",
// ... is the outer body's done, split by the outer after_cond.
// CHECK: [[OSP]]:2 = "handshake.cond_br"([[OAC]]#{{[0-9]+}}, [[MX]]) {loom.name = "f/mem.split",
// CHECK: "handshake.return"([[OSP]]#1)
// CHECK-DAG: [[OAC]]:{{[0-9]+}} = "handshake.fork"([[OG]]#1) {{.*}}loom.roles = ["after_cond",
// CHECK-DAG: [[IAC]]:{{[0-9]+}} = "handshake.fork"([[IG]]#1) {{.*}}loom.roles = ["after_cond",
func.func @f(%m: memref<8x8xi32>, %n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %i to %n step %c1 {
      memref.store %x, %m[%i, %j] : memref<8x8xi32>
    }
  }
  func.return
}
