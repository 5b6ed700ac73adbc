// docs/loom.md, "The classic bug": a loop body's memory control on raw_will_continue
// (N + 1 tokens) instead of after_cond (N) gives the load one ctrl token more than it has
// addresses. The call completes with the right result; `sim` finds the token latched in
// the load's ctrl after the call and walks back to the raw stream (exit 1).
// RUN: not %loom-sim sim %s --mem 0=random:1 --arg 1=3 2>&1 | FileCheck %s -DFILE=%s --match-full-lines
// RUN: not %loom-sim sim %s --mem 0=random:1 --arg 1=3 --engine clocked 2>&1 | FileCheck %s -DFILE=%s --match-full-lines

// CHECK: @sum: done after {{[0-9]+}} cycles
// CHECK: [[FILE]]:[[@LINE+18]]:17: error: 1 token(s) latched in handshake.load 'sum/%v' input 'ctrl' after the call [@sum, quiescence]
// CHECK-NEXT:   channel   sum/%ctrl:0 -> sum/%v:2  (none, mem_ctrl)
// CHECK-NEXT:   op        handshake.load 'sum/%v', input 'ctrl' (port 2)
// CHECK-NEXT:   upstream  'd' <- raw_will_continue from handshake.fork 'sum/%more.fork' output 'out3' ([[FILE]]:[[@LINE+8]]:17)
// CHECK-NEXT:   cause     control token(s) in the access's ctrl with no address to pair with, on a path from raw_will_continue (N + 1 tokens per activation): a loop body's memory control must be driven by after_cond (N), not raw_will_continue (the raw-vs-gated miswire)
// CHECK-NOT: error
handshake.func @sum(%a: memref<8xi32>, %n: index, %go: none, ...) -> (i32, none)
    attributes {argNames = ["a", "n", "go"], resNames = ["sum", "done"]} {
  %c0 = constant %go {value = 0 : index} : index
  %c1 = constant %go {value = 1 : index} : index
  %zero = constant %go {value = 0 : i32} : i32
  %idx, %more = dataflow.stream %c0, %c1, %n {step_op = "+=", cont_cond = "<"}
      : (index, index, index) -> (index, i1)
  %i, %body = dataflow.gate %idx, %more : index, i1 -> index, i1
  %acc = dataflow.carry %more, %zero, %next : i1, i32, i32 -> i32
  %acc_in, %sum = cond_br %more, %acc : i32
  // The bug: %more (raw_will_continue) where %body (after_cond) belongs.
  %ctrl = dataflow.invariant %more, %go : i1, none -> none
  %v, %v_addr = load [%i] %mem#0, %ctrl : index, i32
  %mem:2 = extmemory[ld = 1, st = 0] (%a : memref<8xi32>) (%v_addr) {id = 0 : i32}
      : (index) -> (i32, none)
  %seen = dataflow.carry %body, %go, %again : i1, none, none -> none
  %pair = join %seen, %mem#1 : none, none
  %again, %done = cond_br %body, %pair : none
  %next = arith.addi %acc_in, %v : i32
  return %sum, %done : i32, none
}
