// spec-dataflow-compilation.txt, "scf.while": a carry per while-carried value; the split's
// true side feeds the after region, its false side is the exit; yields are the feedback.
// RUN: %loom-sim lower %s | FileCheck %s

// In docs/design.md's rotated do-while the body is the after region followed by the before
// region, so the yield reaches the carry through the before region's copy and the split.
// carry(a = the first evaluation's forwarded %v, guard true side; b = split #0);
// the after region's %w is the carry output; its yield (%n) is the before copy's %v,
// compared and forwarded; the split's false side is the loop's result in the mux.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[BV:%[0-9]+]]:2 = "handshake.cond_br"({{[^,]+}}, {{[^,]+}}) {loom.name = "f/br.v",
// CHECK: [[CARRY:%[0-9]+]] = "dataflow.carry"({{[^,]+}}, [[BV]]#0, [[SP:%[0-9]+]]#0) {loom.name = "f/while0.guard/while0.carry.w",
// CHECK-SAME: loom.roles = ["iter_carry"]
// CHECK: [[N:%[0-9]+]] = "arith.addi"([[CARRY]], {{[^,]+}}) {loom.name = "f/while0.guard/while0/addi.n",
// CHECK-SAME: loc({{.*}}while-after-region.mlir":[[@LINE+13]]:10)
// CHECK: "arith.cmpi"([[NF:%[0-9]+]]#0, {{[^,]+}}) {loom.name = "f/while0.guard/while0/cmpi.c",
// CHECK: [[SP]]:2 = "handshake.cond_br"({{[^,]+}}, [[NF]]#1) {loom.name = "f/while0.guard/while0/while0.split.0",
// CHECK: [[MX:%[0-9]+]] = "handshake.mux"({{[^,]+}}, [[BV]]#1, [[SP]]#1) {loom.name = "f/while0.mux0",
// CHECK: "handshake.return"([[MX]], {{[^,]+}})
// CHECK: [[NF]]:2 = "handshake.fork"([[N]])
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
