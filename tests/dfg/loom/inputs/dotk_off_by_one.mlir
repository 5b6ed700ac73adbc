// dotk.mlir with one bug: the stream continues while i <= n (cont_cond "<="), one
// iteration more than the scf.for it stands for. Found by the ledger at the stream.
//
// sum over i < n of k * a[i] * b[i] (n >= 1: there is no zero-trip guard).
//
// Loop control: the stream makes i = 0, 1, ..., n with will-continue T...T F (N + 1
// tokens); the gate drops the last, giving the body's i and after_cond (N tokens).
// k enters the body through an invariant on after_cond; the sum is an iter_arg: a carry
// on will-continue, split by it into the body (N) and the exit (1).
//
// Memory: each array's load gets one control token per iteration (an invariant of the
// start token on after_cond), and each memory's done tokens are collected by a carry on
// after_cond: the last one leaves the loop and ends the call.
handshake.func @dotk(%a: memref<8xi32>, %b: memref<8xi32>, %n: index, %k: i32, %go: none, ...)
    -> (i32, none)
    attributes {argNames = ["a", "b", "n", "k", "go"], resNames = ["sum", "done"]} {
  %c0 = constant %go {value = 0 : index} : index
  %c1 = constant %go {value = 1 : index} : index
  %zero = constant %go {value = 0 : i32} : i32
  %idx, %more = dataflow.stream %c0, %c1, %n {step_op = "+=", cont_cond = "<="}
      : (index, index, index) -> (index, i1)
  %i, %body = dataflow.gate %idx, %more : index, i1 -> index, i1
  %kk = dataflow.invariant %body, %k : i1, i32 -> i32
  %acc = dataflow.carry %more, %zero, %next : i1, i32, i32 -> i32
  %acc_in, %sum = cond_br %more, %acc : i32

  %ctrl_a = dataflow.invariant %body, %go : i1, none -> none
  %x, %x_addr = load [%i] %mem_a#0, %ctrl_a : index, i32
  %mem_a:2 = extmemory[ld = 1, st = 0] (%a : memref<8xi32>) (%x_addr) {id = 0 : i32}
      : (index) -> (i32, none)
  %seen_a = dataflow.carry %body, %go, %more_a : i1, none, none -> none
  %pair_a = join %seen_a, %mem_a#1 : none, none
  %more_a, %done_a = cond_br %body, %pair_a : none

  %ctrl_b = dataflow.invariant %body, %go : i1, none -> none
  %y, %y_addr = load [%i] %mem_b#0, %ctrl_b : index, i32
  %mem_b:2 = extmemory[ld = 1, st = 0] (%b : memref<8xi32>) (%y_addr) {id = 1 : i32}
      : (index) -> (i32, none)
  %seen_b = dataflow.carry %body, %go, %more_b : i1, none, none -> none
  %pair_b = join %seen_b, %mem_b#1 : none, none
  %more_b, %done_b = cond_br %body, %pair_b : none

  %xy = arith.muli %x, %y : i32
  %kxy = arith.muli %xy, %kk : i32
  %next = arith.addi %acc_in, %kxy : i32
  %done = join %done_a, %done_b : none, none
  return %sum, %done : i32, none
}
