// docs/design.md, "Front end", "Errors": MLIR's diagnostics in loom-sim's format, notes
// included: a type mismatch is an error at the use, a note at the definition.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+3]]:23: error: use of value '%y' expects different type than prior uses: 'i32' vs 'i64'
// CHECK-NEXT: [[FILE]]:[[@LINE+1]]:23: note: prior use here
func.func @f(%x: i32, %y: i64) -> i32 {
  %z = arith.addi %x, %y : i32
  func.return %z : i32
}
