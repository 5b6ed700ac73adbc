// spec-dataflow-memory.txt, "scf.for in Memory Control": loop_ctrl = carry(after_cond,
// entry_ctrl, body_done_feedback) drives the body's accesses; never raw_will_continue.
// RUN: %loom-sim lower %s | FileCheck %s
// The miswire this test forbids (memory control on raw_will_continue, --inject
// mem-ctrl-raw) fails these checks; the static verifier rejects it too (exit 1).
// RUN: not %loom-sim lower --inject mem-ctrl-raw %s 2>/dev/null | not FileCheck %s

// The load's ctrl (port 2) is the memory-control carry, whose d is after_cond, whose
// initial token is the function's control token and whose loop input is the true
// side of the body-done split (mem.split #0).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:2 = "loom.entry"()
// CHECK: [[S:%[0-9]+]]:2 = "dataflow.stream"(
// CHECK: [[G:%[0-9]+]]:2 = "dataflow.gate"([[S]]#0,
// CHECK: "handshake.load"({{[^,]+}}, {{[^,]+}}, [[MC:%[0-9]+]]) {loom.name = "f/for0/load.m"
// CHECK-SAME: loc({{.*}}mem-ctrl-carry.mlir":[[@LINE+12]]:10)
// CHECK: [[MC]] = "dataflow.carry"([[AC:%[0-9]+]]#{{[0-9]+}}, [[EC:%[0-9]+]]#{{[0-9]+}}, [[SP:%[0-9]+]]#0) {loom.name = "f/mem.carry", loom.origin = [[L:[0-9]+]] : i64,
// CHECK-SAME: loom.rates = ["loop_body#[[L]] = iterations#[[L]]"], loom.roles = ["mem_ctrl"]
// CHECK-SAME: loc({{.*}}mem-ctrl-carry.mlir":[[@LINE+8]]:8)
// CHECK: [[SP]]:2 = "handshake.cond_br"({{.*}}loom.name = "f/mem.split"
// CHECK: [[EC]]:{{[0-9]+}} = "handshake.fork"([[E]]#1) {{.*}}loom.roles = ["body_ctrl",
// CHECK: [[AC]]:{{[0-9]+}} = "handshake.fork"([[G]]#1) {{.*}}loom.roles = ["after_cond",
func.func @f(%m: memref<8xi32>, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %v = memref.load %m[%i] : memref<8xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}
