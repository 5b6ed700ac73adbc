// Every op of LOOM's form at least once, for the reader's and the printer's round trip
// (tests/dfg/loom/test_loom_form.cpp): read, print, read again, print the same text. It is
// not meant to compute anything: `verify` finds its load's ctrl (once per call) and
// address (once per iteration) at different rates (loom.verify_every_op).
module {
  handshake.func @every_op(%mem: memref<?xi32>, %n: index, %x: i32, %f: f32, %go: none, ...)
      -> (i32, none) attributes {argNames = ["mem", "n", "x", "f", "go"],
                                 resNames = ["out", "done"]} {
    %g:6 = fork [6] %go : none
    %l:3 = lazy_fork [3] %g#0 : none
    %c0 = constant %g#1 {value = 0 : index} : index
    %c1 = constant %g#2 {value = 1 : index} : index
    %half = constant %l#0 {value = 5.000000e-01 : f32} : f32
    %i, %more = dataflow.stream %c0, %c1, %n {step_op = "+=", cont_cond = "<"}
        : (index, index, index) -> (index, i1)
    %m:3 = fork [3] %more : i1
    %bi, %body = dataflow.gate %i, %m#0 : index, i1 -> index, i1
    %xs = dataflow.invariant %body, %x : i1, i32 -> i32
    %acc = dataflow.carry %m#1, %x, %next : i1, i32, i32 -> i32
    %acc_in, %acc_out = cond_br %m#2, %acc : i32
    %next = arith.addi %acc_in, %xs : i32
    %fs = arith.mulf %f, %half : f32
    sink %fs : f32
    %y, %y_addr = load [%bi] %ext#0, %l#1 : index, i32
    %ext:2 = extmemory[ld = 1, st = 0] (%mem : memref<?xi32>) (%y_addr) {id = 0 : i32}
        : (index) -> (i32, none)
    %st_data, %st_addr = store [%c2] %y, %g#3 : index, i32
    %c2 = constant %l#2 {value = 2 : index} : index
    %ram = memory[ld = 0, st = 1] (%st_data, %st_addr) {id = 1 : i32, lsq = false}
        : memref<4xi32>, (i32, index) -> (none)
    %s:2 = sync %acc_out, %ram : i32, none
    %sel = arith.cmpi slt, %s#0, %x : i32
    %picked = mux %sel [%s#0, %x] : i1, i32
    %nothing = never : i32
    %merged = merge %picked, %nothing : i32
    %buf = buffer [2] seq %merged {initValues = [7, -1]} : i32
    %fifo = buffer [1] fifo %buf : i32
    %passed = br %fifo : i32
    %src = source
    %cm, %which = control_merge %src, %s#1 : none, index
    sink %which : index
    %done = join %cm, %ext#1, %g#4, %g#5 : none, none, none, none
    return %passed, %done : i32, none
  }
}
