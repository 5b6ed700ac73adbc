// docs/loom.md, "What loom-sim reads": an op written with the wrong number of operands
// is refused where its operands start, naming the ports the op table gives it.
// RUN: not %loom-sim sim %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error

// CHECK: [[FILE]]:[[@LINE+2]]:27: error: custom op 'dataflow.invariant' takes 2 operands (d, a), found 3
handshake.func @f(%c: i1, %x: i32, %go: none, ...) -> (i32, none) {
  %y = dataflow.invariant %c, %x, %x : i1, i32, i32 -> i32
  return %y, %go : i32, none
}
