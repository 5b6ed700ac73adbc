// README.md, "Input language": cf ops only in functions that stay on the host; in an
// accelerated function a cf.assert is unstructured control flow, refused at the op.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+2]]:3: error: 'cf.assert' (unstructured control flow) inside an accelerated function is not supported; keep the function on the host (narrow the accelerated set with --accel)
func.func @f(%c: i1, %x: i32) -> i32 {
  cf.assert %c, "must hold"
  func.return %x : i32
}
