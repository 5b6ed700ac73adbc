// README.md, "Input language": inside an accelerated function, calls are located "not
// supported" errors (keep such functions on the host).
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+6]]:8: error: 'func.call' inside an accelerated function is not supported; keep the callee on the host (narrow the accelerated set with --accel)
func.func @g(%x: i32) -> i32 {
  func.return %x : i32
}

func.func @f(%x: i32) -> i32 {
  %y = func.call @g(%x) : (i32) -> i32
  func.return %y : i32
}
