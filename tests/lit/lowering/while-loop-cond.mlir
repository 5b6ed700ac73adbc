// spec-dataflow-compilation.txt, "scf.while": the before region's condition drives the loop
// ("patch all carries.ctrl = raw_will_continue") and splits the condition args.
// RUN: %loom-sim lower %s | FileCheck %s

// In docs/design.md's rotated do-while the before region is lowered again at the end of
// the loop body; its condition (one token per body execution, N - 1 trues and a false:
// the shape of after_cond) drives the carries, the body's invariants and the split.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[CARRY:%[0-9]+]] = "dataflow.carry"([[RC:%[0-9]+]]#{{[0-9]+}}, {{[^,]+}}, {{[^,]+}}) {loom.name = "f/while0.guard/while0.carry.w",
// CHECK: "dataflow.invariant"([[RC]]#{{[0-9]+}}, {{[^,]+}}) {loom.name = "f/while0.guard/while0/inv.ctrl",
// CHECK: "dataflow.invariant"([[RC]]#{{[0-9]+}}, {{[^,]+}}) {loom.name = "f/while0.guard/while0/inv.lim",
// The loop-body copy of the before region's cmpi, tagged raw_will_continue, at the
// loop-body rate.
// CHECK: [[CMP:%[0-9]+]] = "arith.cmpi"({{.*}}loom.name = "f/while0.guard/while0/cmpi.c", loom.origin = {{[0-9]+}} : i64,
// CHECK-SAME: loom.rates = ["loop_body#[[W:[0-9]+]] = iterations#[[W]]"], loom.roles = ["raw_will_continue"]
// CHECK-SAME: loc({{.*}}while-loop-cond.mlir":[[@LINE+5]]:10)
// CHECK: "handshake.cond_br"([[RC]]#{{[0-9]+}}, {{[^,]+}}) {loom.name = "f/while0.guard/while0/while0.split.0",
// CHECK: [[RC]]:4 = "handshake.fork"([[CMP]])
func.func @f(%x: i32, %lim: i32) -> i32 {
  %r = scf.while (%v = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %v, %lim : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%w: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %w, %one : i32
    scf.yield %n : i32
  }
  func.return %r : i32
}
