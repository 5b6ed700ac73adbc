// docs/design.md, "Front end", "Errors": MLIR's verifier diagnostics with all their notes: a
// use not dominated by its definition, the op printed and a note at the definition.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+4]]:8: error: operand #1 does not dominate this use
// CHECK-NEXT: [[FILE]]:[[@LINE+3]]:8: note: see current operation: %0 = "arith.addi"(%arg0, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: [[FILE]]:[[@LINE+3]]:8: note: operand defined here (op in the same block)
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %b : i32
  %b = arith.addi %x, %x : i32
  func.return %a : i32
}
