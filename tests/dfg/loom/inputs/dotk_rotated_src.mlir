// dotk_src.mlir's @dotk as LOOM's compiler prints a CPU version (legacy_gen_*.mlir in
// ../shared/loom-corpus): the loop rotated into a do-while, its body in the scf.while's
// before region, marked `loom.stream`, behind an scf.if that skips it when n = 0. The
// network dotk.mlir stands for it too: its stream pairs with the marked while, whose
// before region runs N times per activation (I + A of the while).
func.func @dotk(%a: memref<8xi32>, %b: memref<8xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %empty = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %empty -> (i32) {
    scf.yield %zero : i32
  } else {
    %w:2 = scf.while (%i = %c0, %acc = %zero) : (index, i32) -> (index, i32) {
      %x = memref.load %a[%i] : memref<8xi32>
      %y = memref.load %b[%i] : memref<8xi32>
      %xy = arith.muli %x, %y : i32
      %kxy = arith.muli %xy, %k : i32
      %s = arith.addi %acc, %kxy : i32
      %next = arith.addi %i, %c1 : index
      %more = arith.cmpi ult, %next, %n : index
      scf.condition(%more) %next, %s : index, i32
    } do {
    ^bb0(%i: index, %acc: i32):
      scf.yield %i, %acc : index, i32
    } attributes {loom.stream = {cmp_on_update = true, iv = 0 : i64, step_op = "+=", stop_cond = "<"}}
    scf.yield %w#1 : i32
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
  // a = 1 2 3 4 5 6 7 8, b = 2 2 2 2 1 1 1 1
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
