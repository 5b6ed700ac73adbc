// docs/loom.md, "What loom-sim reads": `[ld = N, st = M]` must fit the operands: every
// store's data and address, then every load's address.
// RUN: not %loom-sim verify %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error

// CHECK: [[FILE]]:[[@LINE+4]]:33: error: custom op 'handshake.memory' [ld = 1, st = 1] takes 3 operands (st0.data, st0.addr, ld0.addr), found 2
handshake.func @f(%i: index, %x: i32, %go: none, ...) -> (i32, none) {
  %v, %a = load [%i] %p#0, %go : index, i32
  %d, %sa = store [%i] %x, %go : index, i32
  %p:3 = memory[ld = 1, st = 1] (%d, %sa) {id = 0 : i32} : memref<8xi32>, (i32, index) -> (i32, none, none)
  return %v, %p#1 : i32, none
}
