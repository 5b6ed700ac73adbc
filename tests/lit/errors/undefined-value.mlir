// docs/design.md, "Front end": MLIR 22 parses the text; a use of a value never defined is
// an error at the use.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+2]]:23: error: use of undeclared SSA value name
func.func @f(%x: i32) -> i32 {
  %z = arith.addi %x, %w : i32
  func.return %z : i32
}
