// spec-dataflow-compilation.txt, "scf.if": a yielded value defined outside the branch "must
// first be split by handshake.cond_br" so the untaken branch leaves no token on the mux.
// RUN: %loom-sim lower %s | FileCheck %s
// The miswire this test forbids (the unsplit yield, --inject no-branch-gate) fails
// these checks; the static verifier rejects it too (exit 1).
// RUN: not %loom-sim lower --inject no-branch-gate %s 2>/dev/null | not FileCheck %s

// Both branches yield outer values unchanged: %x from then, %y from else. The mux reads
// cond_br(c, y)#1 and cond_br(c, x)#0, never %x or %y themselves.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:4 = "loom.entry"()
// CHECK-DAG: [[BX:%[0-9]+]]:2 = "handshake.cond_br"([[C:%[0-9]+]]#{{[0-9]+}}, [[E]]#1) {loom.name = "f/br.x",
// CHECK-DAG: [[BY:%[0-9]+]]:2 = "handshake.cond_br"([[C]]#{{[0-9]+}}, [[E]]#2) {loom.name = "f/br.y",
// CHECK: "handshake.mux"([[C]]#{{[0-9]+}}, [[BY]]#1, [[BX]]#0) {loom.name = "f/mux.r",
// CHECK-SAME: loc({{.*}}if-yield-outside.mlir":[[@LINE+5]]:8)
// CHECK-NOT: "handshake.mux"({{[^,]+}}, [[E]]#
// CHECK-DAG: "handshake.sink"([[BX]]#1)
// CHECK-DAG: "handshake.sink"([[BY]]#0)
func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  func.return %r : i32
}
