// docs/design.md, "Zero-trip guards": scf.while is a guarded do-while, "the before region
// runs once at the parent level"; that first condition decides whether the loop is entered.
// RUN: %loom-sim lower %s | FileCheck %s

// The before region's cmpi appears once in the function scope (scope 0, once per
// call), reading %x and %lim directly; its result selects every guard cond_br (the
// init value %x, the control, the outer %lim) and the result mux.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"()
// CHECK: [[C0:%[0-9]+]] = "arith.cmpi"([[X:%[0-9]+]]#0, [[LIM:%[0-9]+]]#0) {loom.name = "f/cmpi.c",
// CHECK-SAME: loom.rates = ["entry = invocations"], loom.scope = 0 : i64, predicate = 2 : i64}
// CHECK-SAME: loc({{.*}}while-first-cond.mlir":[[@LINE+11]]:10)
// CHECK: [[BV:%[0-9]+]]:2 = "handshake.cond_br"([[G:%[0-9]+]]#{{[0-9]+}}, [[X]]#1) {loom.name = "f/br.v",
// CHECK-SAME: loom.rates = ["guard_enter#[[W:[0-9]+]] = non_empty#[[W]]", "guard_skip#[[W]] = invocations - non_empty#[[W]]"]
// CHECK: "handshake.cond_br"([[G]]#{{[0-9]+}}, {{[^,]+}}) {loom.name = "f/br.ctrl",
// CHECK: "handshake.cond_br"([[G]]#{{[0-9]+}}, [[LIM]]#1) {loom.name = "f/br.lim",
// CHECK: "handshake.mux"([[G]]#{{[0-9]+}}, [[BV]]#1, {{[^,]+}}) {loom.name = "f/while0.mux0",
// CHECK-DAG: [[X]]:2 = "handshake.fork"([[E]]#0)
// CHECK-DAG: [[LIM]]:2 = "handshake.fork"([[E]]#1)
// CHECK-DAG: [[G]]:4 = "handshake.fork"([[C0]])
func.func @f(%x: i32, %lim: i32) -> i32 {
  %r = scf.while (%v = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %v, %lim : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%w: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %w, %one : i32
    scf.yield %n : i32
  }
  func.return %r : i32
}
