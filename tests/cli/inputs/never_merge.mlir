// handshake.never in LOOM's form: a merge of %a and a value no path ever produces
// passes %a; @pick returns a + b.
handshake.func @pick(%a: i32, %b: i32, %start: none) -> (i32, none) {
  %never = handshake.never : i32
  %m = handshake.merge %a, %never : i32
  %s = arith.addi %m, %b : i32
  handshake.return %s, %start : i32, none
}
