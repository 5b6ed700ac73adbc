// A value from outside the loop used in the body: a body-local invariant.
func.func @scale(%a: memref<8xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<8xi32>
    %w = arith.muli %v, %k : i32
    memref.store %w, %a[%i] : memref<8xi32>
    %t = arith.addi %acc, %w : i32
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
  %k = arith.constant 3 : i32
  %c4 = arith.constant 4 : index
  %r1 = func.call @scale(%a, %c4, %k) : (memref<8xi32>, index, i32) -> i32
  vector.print %r1 : i32
  %r2 = func.call @scale(%a, %c8, %k) : (memref<8xi32>, index, i32) -> i32
  vector.print %r2 : i32
  func.return
}
