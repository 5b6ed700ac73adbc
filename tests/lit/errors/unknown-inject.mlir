// README.md, "The lowering as a tool": --inject NAME commits one of a closed list of
// known lowering bugs; any other name is a usage error (exit 2) listing the known ones.
// RUN: not %loom-sim lower --inject no-such-bug %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error

// CHECK: loom-sim: error: unknown injection 'no-such-bug' (known: body-ctrl-raw, mem-ctrl-raw, invariant-raw, iter-carry-gated, no-zero-trip-guard, no-branch-gate, no-mem-order)
func.func @f(%x: i32) -> i32 {
  func.return %x : i32
}
