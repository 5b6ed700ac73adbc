// docs/design.md, "Zero-trip guards": "cond_br in, mux out": the result is mux(guard,
// false = the initial value, true = the loop's exit value).
// RUN: %loom-sim lower %s | FileCheck %s

// CHECK-LABEL: "loom.dfg"
// CHECK: [[E:%[0-9]+]]:3 = "loom.entry"()
// CHECK: [[GC:%[0-9]+]] = "arith.cmpi"({{.*}}loom.name = "f/for0.guard"
// The init value %a (entry output #1) passes the guard's cond_br: its true side seeds
// the carry, its false side is the skip branch's result.
// CHECK: [[BA:%[0-9]+]]:2 = "handshake.cond_br"([[GF:%[0-9]+]]#{{[0-9]+}}, [[E]]#1) {loom.name = "f/br.a"
// CHECK: [[C:%[0-9]+]] = "dataflow.carry"({{[^,]+}}, [[BA]]#0, {{[^,]+}}) {loom.name = "f/for0.guard/for0.carry.acc"
// CHECK: [[SP:%[0-9]+]]:2 = "handshake.cond_br"({{[^,]+}}, [[C]]) {loom.name = "f/for0.guard/for0.split.acc"
// CHECK: [[MX:%[0-9]+]] = "handshake.mux"([[GF]]#{{[0-9]+}}, [[BA]]#1, [[SP]]#1) {loom.name = "f/for0.mux0"
// CHECK-SAME: loc({{.*}}zero-trip-guard-result.mlir":[[@LINE+6]]:8)
// CHECK: "handshake.return"([[MX]], {{[^,]+}})
// CHECK: [[GF]]:{{[0-9]+}} = "handshake.fork"([[GC]])
func.func @f(%n: index, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.addi %acc, %acc : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}
