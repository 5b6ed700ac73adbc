// spec-dataflow-compilation.txt, "Nested SCF" flattens structured regions only: a function
// body of several blocks (cf branches) is refused at its second block.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+3]]:1: error: cannot lower '@f': a body of several blocks (cf branches) is unstructured control flow; keep the function on the host (narrow the accelerated set with --accel)
func.func @f(%x: i32) -> i32 {
  cf.br ^bb1
^bb1:
  func.return %x : i32
}
