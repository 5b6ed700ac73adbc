// spec-dataflow-memory.txt, "RAR Parallelism": "fork the entry token to the consecutive
// loads", "join their done tokens before continuing".
// RUN: %loom-sim lower %s | FileCheck %s

// In the loop body the entry token is the memory-control carry; it is forked to the
// two loads (and nothing else), and their two done tokens are joined into the body's
// done, which goes to the carry's feedback split.
// CHECK-LABEL: "loom.dfg"
// CHECK: [[LA:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, {{[^,]+}}, [[T:%[0-9]+]]#0) {loom.name = "f/for0/load.a"
// CHECK: [[LB:%[0-9]+]]:2 = "handshake.load"({{[^,]+}}, {{[^,]+}}, [[T]]#1) {loom.name = "f/for0/load.a.1"
// CHECK: [[MEM:%[0-9]+]]:4 = "handshake.extmemory"([[LA]]#1, [[LB]]#1) {{.*}}loom.roles = ["mem_data", "mem_data", "done", "done"]
// CHECK: [[MC:%[0-9]+]] = "dataflow.carry"({{.*}}loom.name = "f/mem.carry"
// CHECK: [[J:%[0-9]+]] = "handshake.join"([[MEM]]#2, [[MEM]]#3) {loom.name = "f/for0/join"
// CHECK: "handshake.cond_br"({{[^,]+}}, [[J]]) {loom.name = "f/mem.split"
// CHECK: [[T]]:2 = "handshake.fork"([[MC]]) {{.*}}loom.roles = ["mem_ctrl", "mem_ctrl"]
func.func @f(%a: memref<8xi32>, %init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (i32) {
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %a[%c0] : memref<8xi32>
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}
