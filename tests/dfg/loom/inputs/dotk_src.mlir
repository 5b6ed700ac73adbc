// The SCF program the hand-written networks dotk.mlir and dotk_raw_ctrl.mlir stand for:
// sum over i < n of k * a[i] * b[i], called once from main with n = 4, k = 3 (60).
// `loom-sim run dotk_src.mlir --dfg dotk=dotk.mlir` runs the call on the network.
func.func @dotk(%a: memref<8xi32>, %b: memref<8xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %b[%i] : memref<8xi32>
    %xy = arith.muli %x, %y : i32
    %kxy = arith.muli %xy, %k : i32
    %s = arith.addi %acc, %kxy : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %k = arith.constant 3 : i32
  %a = memref.alloc() : memref<8xi32>
  %b = memref.alloc() : memref<8xi32>
  // a = 1 2 3 4 5 6 7 8, b = 2 2 2 2 1 1 1 1 (a8.txt, b8.txt)
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %one = arith.constant 1 : i32
    %av = arith.addi %ii, %one : i32
    %lo = arith.cmpi ult, %i, %c4 : index
    %two = arith.constant 2 : i32
    %bv = arith.select %lo, %two, %one : i32
    memref.store %av, %a[%i] : memref<8xi32>
    memref.store %bv, %b[%i] : memref<8xi32>
  }
  %r = func.call @dotk(%a, %b, %c4, %k) : (memref<8xi32>, memref<8xi32>, index, i32) -> i32
  vector.print %r : i32
  func.return
}
