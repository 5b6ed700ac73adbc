// spec-dataflow-memory.txt, "Basic Block Abstraction": the function body is an
// entry_token -> body -> done_token block, with its values explicit on both sides.
// RUN: %loom-sim lower %s | FileCheck %s

// loom-sim's layout of that boundary: loom.entry emits the scalar arguments in order (a
// dynamic memref contributes its size), the entry control token last; the return takes
// the results in order, then the done token.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:5 = "loom.entry"() {loom.name = "f/entry",
// CHECK-SAME: loom.roles = ["data", "data", "data", "data", "body_ctrl"]
// CHECK-SAME: : () -> (i32, index, f32, index, none) loc({{.*}}function-entry-return.mlir":[[@LINE+7]]:1)
// The results in order, %s (from %a) and %t (from %b), then the done token.
// CHECK: [[R0:%[0-9]+]] = "arith.addi"([[E]]#0, {{[^,]+}})
// CHECK: [[R1:%[0-9]+]] = "arith.negf"([[E]]#2)
// CHECK: "handshake.return"([[R0]], [[R1]], {{[^,]+}}) {loom.name = "f/return",
// CHECK-SAME: loom.roles = ["result", "result", "done"]
// CHECK-SAME: : (i32, f32, none) -> (i32, f32, none) loc({{.*}}function-entry-return.mlir":[[@LINE+6]]:3)
func.func @f(%a: i32, %n: index, %b: f32, %m: memref<?xi32>) -> (i32, f32) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xi32>
  %s = arith.addi %a, %v : i32
  %t = arith.negf %b : f32
  func.return %s, %t : i32, f32
}
