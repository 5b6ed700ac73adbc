// docs/design.md, "Zero-trip guards" + spec-dataflow-memory.txt, "scf.if in Memory Control":
// the guard splits the memory token too (cond_br in, mux out).
// RUN: %loom-sim lower %s | FileCheck %s

// The loop's memory-control carry is seeded by the true side; mux(guard, skip token, loop
// exit done) continues the chain. Unguarded, a zero-trip activation would leave the
// carry's seed latched.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:4 = "loom.entry"() {{.*}}loom.roles = ["data", "data", "data", "body_ctrl"]
// CHECK: [[GC:%[0-9]+]] = "arith.cmpi"({{.*}}loom.name = "f/for0.guard"
// CHECK: [[BR:%[0-9]+]]:2 = "handshake.cond_br"([[GF:%[0-9]+]]#{{[0-9]+}}, [[EC:%[0-9]+]]#{{[0-9]+}}) {loom.name = "f/mem.br",
// CHECK-SAME: loom.roles = ["mem_ctrl", "mem_ctrl"]
// CHECK: [[MC:%[0-9]+]] = "dataflow.carry"({{[^,]+}}, [[BR]]#0, [[SP:%[0-9]+]]#0) {loom.name = "f/for0.guard/mem.carry"
// CHECK: [[SP]]:2 = "handshake.cond_br"({{.*}}loom.name = "f/for0.guard/mem.split"
// CHECK: [[MX:%[0-9]+]] = "handshake.mux"([[GF]]#{{[0-9]+}}, [[BR]]#1, [[SP]]#1) {loom.name = "f/mem.mux",
// CHECK-SAME: loom.roles = ["done"]
// CHECK: "handshake.return"([[MX]])
// CHECK: [[EC]]:{{[0-9]+}} = "handshake.fork"([[E]]#3)
// CHECK: [[GF]]:{{[0-9]+}} = "handshake.fork"([[GC]])
func.func @f(%m: memref<?xi32>, %n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %m[%i] : memref<?xi32>
  }
  func.return
}
