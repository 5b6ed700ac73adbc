// scf.if yielding a value defined outside the branch: it must be split by the
// branch's cond_br before the mux.
func.func @clamp_sum(%a: memref<8xi32>, %n: index, %cap: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<8xi32>
    %big = arith.cmpi sgt, %v, %cap : i32
    %c = scf.if %big -> (i32) {
      scf.yield %cap : i32
    } else {
      scf.yield %v : i32
    }
    %t = arith.addi %acc, %c : i32
    scf.yield %t : i32
  }
  func.return %s : i32
}
func.func @main() {
  %a = memref.alloc() : memref<8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<8xi32>
  }
  %cap = arith.constant 4 : i32
  %r = func.call @clamp_sum(%a, %c8, %cap) : (memref<8xi32>, index, i32) -> i32
  vector.print %r : i32
  func.return
}
