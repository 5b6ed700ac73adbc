// spec-dataflow-compilation.txt, "Nested SCF": an inner loop's inputs are explicit edges from
// the outer body, so its stream is fed once per outer iteration.
// RUN: %loom-sim lower %s | FileCheck %s

// Its bounds are outer-body values (the outer body_index, outer invariants on the outer
// after_cond), through the inner loop's zero-trip guard.
// Inner loop: %j = %i to %n step %c1, inside the outer loop over %i.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"()
// CHECK: [[OS:%[0-9]+]]:2 = "dataflow.stream"({{.*}}loom.name = "f/for0.stream"
// CHECK: [[OG:%[0-9]+]]:2 = "dataflow.gate"([[OS]]#0, [[OS]]#1)
// CHECK: [[INVN:%[0-9]+]] = "dataflow.invariant"([[OAC:%[0-9]+]]#{{[0-9]+}}, [[E]]#0) {loom.name = "f/for0/inv.n"
// The inner guard runs once per outer iteration (outer loop-body rate) ...
// CHECK: [[GC:%[0-9]+]] = "arith.cmpi"([[OIV:%[0-9]+]]#0, [[NF:%[0-9]+]]#0) {loom.name = "f/for0/for1.guard", loom.origin = {{[0-9]+}} : i64, loom.rates = ["loop_body#[[O:[0-9]+]] = iterations#[[O]]"]
// ... and every activation of the inner loop is one of those: entered (non-empty) or skipped.
// CHECK: [[BI:%[0-9]+]]:2 = "handshake.cond_br"([[GF:%[0-9]+]]#{{[0-9]+}}, [[OIV]]#1) {loom.name = "f/for0/br.i", loom.origin = [[I:[0-9]+]] : i64,
// CHECK-SAME: loom.rates = ["guard_enter#[[I]] = non_empty#[[I]]", "guard_skip#[[I]] = -non_empty#[[I]] + iterations#[[O]]"]
// CHECK: [[BN:%[0-9]+]]:2 = "handshake.cond_br"([[GF]]#{{[0-9]+}}, [[NF]]#1) {loom.name = "f/for0/br.n"
// CHECK: [[INVS:%[0-9]+]] = "dataflow.invariant"([[OAC]]#{{[0-9]+}}, {{[^,]+}}) {loom.name = "f/for0/inv.c1"
// CHECK: [[BS:%[0-9]+]]:2 = "handshake.cond_br"([[GF]]#{{[0-9]+}}, [[INVS]]) {loom.name = "f/for0/br.c1"
// CHECK: "dataflow.stream"([[BIF:%[0-9]+]]#0, [[BS]]#0, [[BN]]#0) {{.*}}loom.name = "f/for0/for1.guard/for1.stream",
// CHECK-SAME: loom.rates = ["loop_boundary#[[I]] = non_empty#[[I]] + iterations#[[I]]",
// CHECK-SAME: loc({{.*}}nested-for-stream.mlir":[[@LINE+11]]:5)
// CHECK-DAG: [[OIV]]:2 = "handshake.fork"([[OG]]#0)
// CHECK-DAG: [[OAC]]:{{[0-9]+}} = "handshake.fork"([[OG]]#1) {{.*}}loom.roles = ["after_cond",
// CHECK-DAG: [[NF]]:2 = "handshake.fork"([[INVN]])
// CHECK-DAG: [[GF]]:{{[0-9]+}} = "handshake.fork"([[GC]])
// CHECK-DAG: [[BIF]]:2 = "handshake.fork"([[BI]]#0)
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
