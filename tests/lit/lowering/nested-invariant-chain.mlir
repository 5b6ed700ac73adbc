// spec-dataflow-compilation.txt, "Nested SCF": a body-local outer value is replicated with
// dataflow.invariant(after_cond, value), level by level.
// RUN: %loom-sim lower %s | FileCheck %s

// %x (entry output #1) is used only in the inner body.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"()
// CHECK: [[OG:%[0-9]+]]:2 = "dataflow.gate"({{.*}}loom.name = "f/for0.gate"
// CHECK: [[IG:%[0-9]+]]:2 = "dataflow.gate"({{.*}}loom.name = "f/for0/for1.guard/for1.gate"
// CHECK: "handshake.store"({{[^,]+}}, [[IX:%[0-9]+]], {{[^,]+}}) {loom.name = "f/for0/for1.guard/for1/store.m",
// CHECK: [[OX:%[0-9]+]] = "dataflow.invariant"([[OAC:%[0-9]+]]#{{[0-9]+}}, [[E]]#1) {loom.name = "f/for0/inv.x",
// CHECK: [[BX:%[0-9]+]]:2 = "handshake.cond_br"({{[^,]+}}, [[OX]]) {loom.name = "f/for0/br.x",
// CHECK: [[IX]] = "dataflow.invariant"([[IAC:%[0-9]+]]#{{[0-9]+}}, [[BX]]#0) {loom.name = "f/for0/for1.guard/for1/inv.x",
// CHECK-DAG: [[OAC]]:{{[0-9]+}} = "handshake.fork"([[OG]]#1) {{.*}}loom.roles = ["after_cond",
// CHECK-DAG: [[IAC]]:{{[0-9]+}} = "handshake.fork"([[IG]]#1) {{.*}}loom.roles = ["after_cond",
// CHECK-DAG: "handshake.sink"([[BX]]#1)
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
