// docs/design.md, "Front end", "Errors": a missing `}`, found only at the end of the file,
// "gets a note at the `{` left open".
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// The error is at the end of the last line, the note at the function's `{` (the scf.for's
// own `{` is closed, so it is not the one named).
// CHECK: [[FILE]]:[[@LINE+9]]:23: error: unexpected end of file: missing '}'
// CHECK-NEXT: [[FILE]]:[[@LINE+1]]:49: note: this '{' is never closed
func.func @f(%m: memref<4xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %x, %m[%i] : memref<4xi32>
  }
  func.return %x : i32
