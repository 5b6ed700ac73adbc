// docs/design.md, "Front end", "Errors": MLIR's diagnostics with their notes: a value
// defined twice is an error at the second definition with a note at the first.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+4]]:3: error: redefinition of SSA value '%z'
// CHECK-NEXT: [[FILE]]:[[@LINE+2]]:3: note: previously defined here
func.func @f(%x: i32) -> i32 {
  %z = arith.addi %x, %x : i32
  %z = arith.muli %x, %x : i32
  func.return %z : i32
}
