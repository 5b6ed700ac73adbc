// README.md, "Input language": "A valid op loom-sim cannot simulate is a located
// 'unsupported operation' error (exit 2) that says why" (math.erf).
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+2]]:8: error: unsupported operation 'math.erf' (its result depends on a polynomial expansion loom-sim does not reproduce; convert-math-to-llvm does not lower it)
func.func @f(%x: f32) -> f32 {
  %y = math.erf %x : f32
  func.return %y : f32
}
