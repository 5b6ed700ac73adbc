// spec-dataflow-memory.txt, "Root Memref Grouping": the root memref must be known at compile
// time, so an scf.if yielding a memref is refused at the scf.if.
// RUN: not %loom-sim lower %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error --implicit-check-not=note

// CHECK: [[FILE]]:[[@LINE+2]]:8: error: a memref result of 'scf.if' is not supported inside an accelerated function: the memory lowering needs each access's root memref at compile time (spec-dataflow-memory, root memref grouping)
func.func @f(%c: i1, %a: memref<4xi32>, %b: memref<4xi32>) -> i32 {
  %m = scf.if %c -> (memref<4xi32>) {
    scf.yield %a : memref<4xi32>
  } else {
    scf.yield %b : memref<4xi32>
  }
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xi32>
  func.return %v : i32
}
