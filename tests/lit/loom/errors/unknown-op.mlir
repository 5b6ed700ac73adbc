// docs/loom.md, "What loom-sim reads": an op outside the op table is a located error
// naming it and the ops of its dialect loom-sim reads.
// RUN: not %loom-sim verify %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error

// CHECK: [[FILE]]:[[@LINE+2]]:8: error: custom op 'handshake.pack' is unknown (the handshake ops loom-sim reads: return, fork, lazy_fork, join, sync, cond_br, mux, merge, control_merge, buffer, sink, source, constant, load, store, memory, extmemory, br, never)
handshake.func @f(%x: i32, %go: none, ...) -> (i32, none) {
  %n = pack %x : tuple<i32>
  return %x, %go : i32, none
}
