// docs/design.md, "Zero-trip guards": only a scf.for "whose trip count is not known to be
// positive" sits behind a guard.
// RUN: %loom-sim lower %s | FileCheck %s

// @known: 0 to 8, no guard; the stream reads the constants directly.
// CHECK-LABEL: loom.name = "known/entry"
// CHECK-NOT: "arith.cmpi"
// CHECK-NOT: "handshake.mux"
// CHECK: "dataflow.stream"({{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}) {{.*}}loom.name = "known/for0.stream"
// CHECK-NOT: "arith.cmpi"
// CHECK-NOT: "handshake.mux"
// CHECK: sym_name = "known"

// @empty: 5 to 5, zero trips known statically: guarded all the same.
// CHECK-LABEL: loom.name = "empty/entry"
// CHECK: "arith.cmpi"({{.*}}loom.name = "empty/for0.guard", {{.*}}predicate = 2 : i64}
// CHECK: "dataflow.stream"({{.*}}loom.name = "empty/for0.guard/for0.stream"
// CHECK: "handshake.mux"({{.*}}loom.name = "empty/for0.mux0"
// CHECK: sym_name = "empty"

// @dynamic: 0 to %n.
// CHECK-LABEL: loom.name = "dynamic/entry"
// CHECK: "arith.cmpi"({{.*}}loom.name = "dynamic/for0.guard", {{.*}}predicate = 2 : i64}
// CHECK: "dataflow.stream"({{.*}}loom.name = "dynamic/for0.guard/for0.stream"
// CHECK: "handshake.mux"({{.*}}loom.name = "dynamic/for0.mux0"
// CHECK: sym_name = "dynamic"
func.func @known(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.addi %acc, %acc : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}

func.func @empty(%a: i32) -> i32 {
  %c5 = arith.constant 5 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c5 to %c5 step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.addi %acc, %acc : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}

func.func @dynamic(%n: index, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.addi %acc, %acc : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}
