// A carry needs its condition d, its initial value a and its loop value b: one is missing.
handshake.func @f(%c: i1, %x: i32, %go: none, ...) -> (i32, none) {
  %y = dataflow.carry %c, %x : i1, i32 -> i32
  return %y, %go : i32, none
}
