// docs/loom.md, "What loom-sim reads": a memory's port counts are `[ld = N, st = M]`,
// in that order; anything else is refused at the bracket.
// RUN: not %loom-sim verify %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines --implicit-check-not=error

// CHECK: [[FILE]]:[[@LINE+3]]:19: error: custom op 'handshake.extmemory' expected '[ld = N, st = M]' (load and store port counts, 0 to 65535)
handshake.func @f(%m: memref<8xi32>, %i: index, %go: none, ...) -> (i32, none) {
  %v, %a = load [%i] %p#0, %go : index, i32
  %p:2 = extmemory[st = 0, ld = 1] (%m : memref<8xi32>) (%a) {id = 0 : i32} : (index) -> (i32, none)
  return %v, %p#1 : i32, none
}
