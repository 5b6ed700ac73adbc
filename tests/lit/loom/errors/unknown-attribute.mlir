// docs/loom.md, "What loom-sim reads": an attribute an op does not have is a located
// error naming it (the op's attributes are CIRCT's and LOOM's, nothing else).
// RUN: not %loom-sim verify %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error

// CHECK: [[FILE]]:[[@LINE+2]]:12: error: unknown attribute 'unroll' on 'dataflow.gate'
handshake.func @f(%i: index, %c: i1, %go: none, ...) -> (index, none) {
  %v, %w = dataflow.gate %i, %c {unroll = 2 : i32} : index, i1 -> index, i1
  sink %w : i1
  return %v, %go : index, none
}
