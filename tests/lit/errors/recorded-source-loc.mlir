// docs/design.md, "Locations": "Wherever loom-sim names a source it shows both, the
// recorded source first: kernel.c:12:3 (k.mlir:20:5): error: ...".
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: kernel.c:13:5 ([[FILE]]:[[@LINE+7]]:8): error: 'func.call' inside an accelerated function is not supported; keep the callee on the host (narrow the accelerated set with --accel)
func.func @g(%x: i32) -> i32 {
  func.return %x : i32
}

func.func @f(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32 loc("kernel.c":12:3)
  %z = func.call @g(%y) : (i32) -> i32 loc("kernel.c":13:5)
  func.return %z : i32
}
