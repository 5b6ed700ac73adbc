// docs/loom.md, "What loom-sim reads": an op outside the op table is a located error
// naming it and where the ops of its dialect loom-sim reads are listed.
// RUN: not %loom-sim verify %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error

// CHECK: [[FILE]]:[[@LINE+2]]:8: error: custom op 'handshake.pack' is unknown (docs/loom.md, "What loom-sim reads", lists the handshake ops loom-sim reads)
handshake.func @f(%x: i32, %go: none, ...) -> (i32, none) {
  %n = pack %x : tuple<i32>
  return %x, %go : i32, none
}
