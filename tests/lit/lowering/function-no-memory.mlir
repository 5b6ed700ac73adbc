// spec-dataflow-memory.txt, "Final Return Control": "If there are no memory accesses:
// the function return control falls back to the entry token."
// RUN: %loom-sim lower %s | FileCheck %s

// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"() {{.*}}loom.roles = ["data", "data", "body_ctrl"]
// CHECK-NOT: "handshake.join"
// CHECK: "handshake.return"({{[^,]+}}, [[E]]#2) {loom.name = "f/return",
// CHECK-SAME: loom.roles = ["result", "done"]
func.func @f(%a: i32, %b: i32) -> i32 {
  %s = arith.muli %a, %b : i32
  func.return %s : i32
}
