// spec-dataflow-compilation.txt, "scf.if": "merge branch results with handshake.mux":
// result_i = mux(sel = cond, false = else_value_i, true = then_value_i).
// RUN: %loom-sim lower %s | FileCheck %s

// Two results: each is a mux on %c with the else value on port 1 and the then value on
// port 2 (the yields' operands in order).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:4 = "loom.entry"()
// CHECK-DAG: [[T0:%[0-9]+]] = "arith.addi"({{.*}}loom.name = "f/if0.then/addi.t0"
// CHECK-DAG: [[T1:%[0-9]+]] = "arith.muli"({{.*}}loom.name = "f/if0.then/muli.t1"
// CHECK-DAG: [[E0:%[0-9]+]] = "arith.subi"({{.*}}loom.name = "f/if0.else/subi.e0"
// CHECK-DAG: [[E1:%[0-9]+]] = "arith.xori"({{.*}}loom.name = "f/if0.else/xori.e1"
// CHECK: [[M0:%[0-9]+]] = "handshake.mux"([[C:%[0-9]+]]#{{[0-9]+}}, [[E0]], [[T0]]) {loom.name = "f/mux.r0",
// CHECK-SAME: : (i1, i32, i32) -> i32 loc({{.*}}if-results-mux.mlir":[[@LINE+5]]:14)
// CHECK: [[M1:%[0-9]+]] = "handshake.mux"([[C]]#{{[0-9]+}}, [[E1]], [[T1]]) {loom.name = "f/mux.r1",
// CHECK: "handshake.return"([[M0]], [[M1]], {{[^,]+}})
// CHECK: [[C]]:{{[0-9]+}} = "handshake.fork"([[E]]#0)
func.func @f(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %r0, %r1 = scf.if %c -> (i32, i32) {
    %t0 = arith.addi %x, %y : i32
    %t1 = arith.muli %x, %y : i32
    scf.yield %t0, %t1 : i32, i32
  } else {
    %e0 = arith.subi %x, %y : i32
    %e1 = arith.xori %x, %y : i32
    scf.yield %e0, %e1 : i32, i32
  }
  func.return %r0, %r1 : i32, i32
}
