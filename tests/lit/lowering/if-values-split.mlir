// spec-dataflow-compilation.txt, "scf.if" + docs/design.md, "Region boundaries": a value
// entering a branch is split by the branch's cond_br, the untaken side sunk.
// RUN: %loom-sim lower %s | FileCheck %s

// %x is used only in the then branch: the then op reads (a fork of) cond_br(c, x)#0 and
// #1 is sunk; %y only in the else branch: the else op reads (a fork of) cond_br(c, y)#1
// and #0 is sunk. The selector is the mapped scf.if condition %c (entry output #0).
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:4 = "loom.entry"()
// CHECK: [[BX:%[0-9]+]]:2 = "handshake.cond_br"([[C:%[0-9]+]]#{{[0-9]+}}, [[E]]#1) {loom.name = "f/br.x",
// CHECK-SAME: loom.rates = ["if_then#[[I:[0-9]+]] = then#[[I]]", "if_else#[[I]] = invocations - then#[[I]]"]
// CHECK: "arith.muli"([[FX:%[0-9]+]]#0, [[FX]]#1) {loom.name = "f/if0.then/muli.a"
// CHECK-SAME: loc({{.*}}if-values-split.mlir":[[@LINE+11]]:10)
// CHECK: [[BY:%[0-9]+]]:2 = "handshake.cond_br"([[C]]#{{[0-9]+}}, [[E]]#2) {loom.name = "f/br.y",
// CHECK: "arith.subi"([[FY:%[0-9]+]]#0, [[FY]]#1) {loom.name = "f/if0.else/subi.b"
// CHECK-SAME: loc({{.*}}if-values-split.mlir":[[@LINE+11]]:10)
// CHECK: [[C]]:{{[0-9]+}} = "handshake.fork"([[E]]#0)
// CHECK-DAG: [[FX]]:2 = "handshake.fork"([[BX]]#0)
// CHECK-DAG: [[FY]]:2 = "handshake.fork"([[BY]]#1)
// CHECK-DAG: "handshake.sink"([[BX]]#1)
// CHECK-DAG: "handshake.sink"([[BY]]#0)
func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %a = arith.muli %x, %x : i32
    scf.yield %a : i32
  } else {
    %b = arith.subi %y, %y : i32
    scf.yield %b : i32
  }
  func.return %r : i32
}
