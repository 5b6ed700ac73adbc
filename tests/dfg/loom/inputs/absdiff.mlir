// |a - b| as an if: both values are split by the condition (cond_br), each branch
// subtracts, the mux picks the taken branch's result (select 1 = data1 = the true side).
// The start token takes the same branch and comes back through a control_merge, whose
// index output nobody reads (an implicit sink).
handshake.func @absdiff(%a: i32, %b: i32, %go: none, ...) -> (i32, none)
    attributes {argNames = ["a", "b", "go"], resNames = ["diff", "done"]} {
  %gt = arith.cmpi sgt, %a, %b : i32
  %a_t, %a_f = cond_br %gt, %a : i32
  %b_t, %b_f = cond_br %gt, %b : i32
  %then = arith.subi %a_t, %b_t : i32
  %else = arith.subi %b_f, %a_f : i32
  %diff = mux %gt [%else, %then] : i1, i32
  %go_t, %go_f = cond_br %gt, %go : none
  %done, %which = control_merge %go_t, %go_f : none, index
  return %diff, %done : i32, none
}
