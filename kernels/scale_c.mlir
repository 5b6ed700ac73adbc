// kernel: scale_c — a loop with a load, a multiply by a body-local invariant, a store and an iter_arg sum, whose ops carry the C source locations of kernels/src/scale.c (as a C front end records them); diagnostics name the C line and the .mlir line. Called with n = 4 and n = 8.
#scale_c = loc("scale.c":4:1)
func.func @scale(%a: memref<8xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index loc("scale.c":6:17)
  %c1 = arith.constant 1 : index loc("scale.c":6:27)
  %z = arith.constant 0 : i32 loc("scale.c":5:11)
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<8xi32> loc("scale.c":7:13)
    %w = arith.muli %v, %k : i32 loc("scale.c":7:18)
    memref.store %w, %a[%i] : memref<8xi32> loc("scale.c":8:10)
    %t = arith.addi %acc, %w : i32 loc("scale.c":9:7)
    scf.yield %t : i32 loc("scale.c":10:3)
  } loc("scale.c":6:3)
  func.return %s : i32 loc("scale.c":11:3)
} loc(#scale_c)

func.func @main() {
  %a = memref.alloc() : memref<8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<8xi32>
  }
  %k = arith.constant 3 : i32
  %c4 = arith.constant 4 : index
  %r1 = func.call @scale(%a, %c4, %k) : (memref<8xi32>, index, i32) -> i32
  vector.print %r1 : i32
  %r2 = func.call @scale(%a, %c8, %k) : (memref<8xi32>, index, i32) -> i32
  vector.print %r2 : i32
  memref.dealloc %a : memref<8xi32>
  func.return
}
