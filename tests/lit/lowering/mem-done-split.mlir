// spec-dataflow-memory.txt, "scf.for in Memory Control": body_done is split by after_cond,
// true to the carry feedback, false the loop exit done token.
// RUN: %loom-sim lower %s | FileCheck %s

// The store's done token (the extmemory's only output) is split by after_cond; #0 goes
// back into the memory-control carry, #1 is the return's done operand.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[G:%[0-9]+]]:2 = "dataflow.gate"(
// CHECK: [[ST:%[0-9]+]]:2 = "handshake.store"({{[^,]+}}, {{[^,]+}}, [[MC:%[0-9]+]]) {loom.name = "f/for0/store.m"
// CHECK: [[DONE:%[0-9]+]] = "handshake.extmemory"([[ST]]#0, [[ST]]#1) {{.*}}loom.roles = ["done"]
// CHECK: [[MC]] = "dataflow.carry"([[AC:%[0-9]+]]#{{[0-9]+}}, {{%[0-9]+#[0-9]+}}, [[SP:%[0-9]+]]#0) {loom.name = "f/mem.carry"
// CHECK: [[SP]]:2 = "handshake.cond_br"([[AC]]#{{[0-9]+}}, [[DONE]]) {loom.name = "f/mem.split", loom.origin = [[L:[0-9]+]] : i64,
// CHECK-SAME: loom.rates = ["loop_body_tail#[[L]] = -invocations + iterations#[[L]]", "loop_exit#[[L]] = invocations"], loom.roles = ["done", "done"]
// CHECK: "handshake.return"([[SP]]#1) {{.*}}loom.roles = ["done"]
// CHECK: [[AC]]:{{[0-9]+}} = "handshake.fork"([[G]]#1) {{.*}}loom.roles = ["after_cond",
func.func @f(%m: memref<8xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %x, %m[%i] : memref<8xi32>
  }
  func.return
}
