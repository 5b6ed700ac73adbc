// README.md, "Input language": inside an accelerated function, dynamic-size allocations
// are located "not supported" errors.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+2]]:8: error: dynamic-size allocation inside an accelerated function is not supported
func.func @f(%n: index) -> index {
  %a = memref.alloc(%n) : memref<?xindex>
  %c0 = arith.constant 0 : index
  memref.store %n, %a[%c0] : memref<?xindex>
  %v = memref.load %a[%c0] : memref<?xindex>
  func.return %v : index
}
