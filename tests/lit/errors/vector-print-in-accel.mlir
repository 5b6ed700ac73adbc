// README.md, "Input language": printing inside an accelerated function is a located
// "not supported" error; a dataflow network has no host I/O.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+2]]:3: error: 'vector.print' inside an accelerated function is not supported; print on the host
func.func @f(%x: i32) {
  vector.print %x : i32
  func.return
}
