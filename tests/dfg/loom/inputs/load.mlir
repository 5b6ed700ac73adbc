// One load through an external memory: value = mem[idx]. The load's address leaves on
// its second result and comes back as data on the memory's first; the memory's second
// result is the load's done token, which ends the call.
handshake.func @pick(%mem: memref<8xi32>, %idx: index, %go: none, ...) -> (i32, none)
    attributes {argNames = ["mem", "idx", "go"], resNames = ["value", "done"]} {
  %value, %addr = load [%idx] %port#0, %go : index, i32
  %port:2 = extmemory[ld = 1, st = 0] (%mem : memref<8xi32>) (%addr) {id = 0 : i32}
      : (index) -> (i32, none)
  return %value, %port#1 : i32, none
}
