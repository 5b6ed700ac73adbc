// spec-dataflow-compilation.txt, "scf.if", lower_if: then_ctrl, else_ctrl = cond_br(cond,
// ctrl_in); "Every branch and loop receives an explicit mapped control stream".
// RUN: %loom-sim lower %s | FileCheck %s

// The then branch's constant fires on cond_br(c, ctrl)#0, the else branch's on #1.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"() {{.*}}loom.roles = ["data", "data", "body_ctrl"]
// CHECK: [[BC:%[0-9]+]]:2 = "handshake.cond_br"([[C:%[0-9]+]]#{{[0-9]+}}, [[EC:%[0-9]+]]#{{[0-9]+}}) {loom.name = "f/br.ctrl",
// CHECK-SAME: loom.roles = ["body_ctrl", "body_ctrl"]
// CHECK: "handshake.constant"([[BC]]#0) {loom.name = "f/if0.then/c.k1", {{.*}}value = 11 : i32}
// CHECK-SAME: loc({{.*}}if-ctrl.mlir":[[@LINE+7]]:11)
// CHECK: "handshake.constant"([[BC]]#1) {loom.name = "f/if0.else/c.k2", {{.*}}value = 22 : i32}
// CHECK-SAME: loc({{.*}}if-ctrl.mlir":[[@LINE+9]]:11)
// CHECK-DAG: [[EC]]:{{[0-9]+}} = "handshake.fork"([[E]]#2)
// CHECK-DAG: [[C]]:{{[0-9]+}} = "handshake.fork"([[E]]#0)
func.func @f(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %k1 = arith.constant 11 : i32
    %a = arith.addi %x, %k1 : i32
    scf.yield %a : i32
  } else {
    %k2 = arith.constant 22 : i32
    %b = arith.addi %x, %k2 : i32
    scf.yield %b : i32
  }
  func.return %r : i32
}
