// docs/design.md, "Zero-trip guards": a scf.for whose trip count is not known to be
// positive sits behind cmpi slt(lb, ub), cond_br in and mux out.
// RUN: %loom-sim lower %s | FileCheck %s
// The miswire this test forbids (the unguarded loop, --inject no-zero-trip-guard) fails
// these checks (the static verifier lets it through: the run-time harness catches it).
// RUN: %loom-sim lower --inject no-zero-trip-guard %s 2>/dev/null | not FileCheck %s

// The guard follows the branch rule (spec-dataflow-compilation.txt, "scf.if": "When
// scf.if is only a canonical zero-trip guard around a loop, the resulting DFG still
// follows the same branch rule").
// %lb and %ub (entry outputs #0, #1; #3 is the dynamic size of %m, #4 the control) are
// compared with slt (predicate 2); every value entering the guarded loop (lb, ub, step)
// passes the guard's cond_br, the stream reads their true sides, the false sides are sunk.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:5 = "loom.entry"() {{.*}}loom.roles = ["data", "data", "data", "data", "body_ctrl"]
// CHECK: [[GC:%[0-9]+]] = "arith.cmpi"([[LB:%[0-9]+]]#0, [[UB:%[0-9]+]]#0) {loom.name = "f/for0.guard", {{.*}}predicate = 2 : i64} : (index, index) -> i1
// CHECK-SAME: loc({{.*}}zero-trip-guard.mlir":[[@LINE+12]]:3)
// CHECK-DAG: [[BLB:%[0-9]+]]:2 = "handshake.cond_br"([[GF:%[0-9]+]]#{{[0-9]+}}, [[LB]]#1) {loom.name = "f/br.lb"
// CHECK-DAG: [[BUB:%[0-9]+]]:2 = "handshake.cond_br"([[GF]]#{{[0-9]+}}, [[UB]]#1) {loom.name = "f/br.ub"
// CHECK-DAG: [[BST:%[0-9]+]]:2 = "handshake.cond_br"([[GF]]#{{[0-9]+}}, [[E]]#2) {loom.name = "f/br.st"
// CHECK: "dataflow.stream"([[BLB]]#0, [[BST]]#0, [[BUB]]#0) {{.*}}loom.name = "f/for0.guard/for0.stream"
// CHECK-DAG: [[LB]]:2 = "handshake.fork"([[E]]#0)
// CHECK-DAG: [[UB]]:2 = "handshake.fork"([[E]]#1)
// CHECK-DAG: [[GF]]:{{[0-9]+}} = "handshake.fork"([[GC]])
// CHECK-DAG: "handshake.sink"([[BLB]]#1)
// CHECK-DAG: "handshake.sink"([[BUB]]#1)
// CHECK-DAG: "handshake.sink"([[BST]]#1)
func.func @f(%lb: index, %ub: index, %st: index, %m: memref<?xindex>) {
  scf.for %i = %lb to %ub step %st {
    memref.store %i, %m[%i] : memref<?xindex>
  }
  func.return
}
