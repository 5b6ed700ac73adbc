// docs/loom.md, "loom-sim's lowering in LOOM's form": `lower --format loom` writes a
// handshake.func in CIRCT's syntax with LOOM's dataflow ops, wired as the loom.dfg form
// is (here: the load's ctrl is the memory-control carry on after_cond), and it simulates
// to the same output, cycles included.
// RUN: %loom-sim lower %s --format loom | FileCheck %s
// RUN: %loom-sim lower %s -o %t.dfg.mlir
// RUN: %loom-sim lower %s --format loom -o %t.loom.mlir
// RUN: %loom-sim verify %t.loom.mlir
// RUN: %loom-sim sim %t.dfg.mlir --mem 0=random:1 --arg 1=5 > %t.a
// RUN: %loom-sim sim %t.loom.mlir --mem 0=random:1 --arg 1=5 > %t.b
// RUN: diff %t.a %t.b

// Each argument and op is located where it came from in this file, each op named after
// its lowering (a name location around the source position).
// CHECK-LABEL: handshake.func @sum(%in0: memref<8xi32> loc("{{.*}}lower-format-loom.mlir":[[#FN:]]:1), %in1: index loc({{.*}}), %start_token: none loc({{.*}}), ...) -> (i32, none) attributes {argNames = ["in0", "in1", "start_token"], resNames = ["out0", "done_token"]} {
// CHECK: [[S:%[0-9]+]]:2 = dataflow.stream {{.*}} {step_op = "+=", cont_cond = "<"} : (index, index, index) -> (index, i1) loc("for0.guard/for0.stream"("{{.*}}lower-format-loom.mlir":[[#FN+4]]:8))
// CHECK: [[G:%[0-9]+]]:2 = dataflow.gate [[S]]#0, [[RAW:%[0-9]+]]#0 : index, i1 -> index, i1
// CHECK: [[L:%[0-9]+]]:2 = load {{\[}}[[G]]#0{{\]}} [[M:%[0-9]+]]#0, [[MC:%[0-9]+]] : index, i32
// CHECK: [[M]]:2 = extmemory[ld = 1, st = 0] (%in0 : memref<8xi32>) ([[L]]#1) {id = 0 : i32} : (index) -> (i32, none)
// CHECK: [[MC]] = dataflow.carry [[AC:%[0-9]+]]#0, {{%[0-9]+}}#0, [[SP:%[0-9]+]]#0 : i1, none, none -> none
// CHECK: [[SP]]:2 = cond_br [[AC]]#1, [[M]]#1 : none
// CHECK: return
// CHECK: [[RAW]]:3 = fork [3] [[S]]#1 : i1
// CHECK: [[AC]]:2 = fork [2] [[G]]#1 : i1
func.func @sum(%a: memref<8xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<8xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}
