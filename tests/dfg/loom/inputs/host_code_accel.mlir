// Host code inside functions `run` would accelerate: each is refused, located, exit 2.
module {
  memref.global "private" constant @s : memref<3xi8> = dense<[104, 105, 0]>
  llvm.func @puts(!llvm.ptr) -> i32
  func.func @f(%x: i32) -> i32 {
    %g = memref.get_global @s : memref<3xi8>
    %a = memref.extract_aligned_pointer_as_index %g : memref<3xi8> -> index
    %i = arith.index_cast %a : index to i64
    %p = llvm.inttoptr %i : i64 to !llvm.ptr
    %r = llvm.call @puts(%p) : (!llvm.ptr) -> i32
    %y = arith.addi %x, %r : i32
    return %y : i32
  }
  func.func @g(%x: index) -> i32 {
    %r = scf.index_switch %x -> i32
    case 1 {
      %a = arith.constant 5 : i32
      scf.yield %a : i32
    }
    default {
      %b = arith.constant 6 : i32
      scf.yield %b : i32
    }
    return %r : i32
  }
  func.func @main() {
    %c = arith.constant 1 : i32
    %v = func.call @f(%c) : (i32) -> i32
    %i = arith.constant 1 : index
    %w = func.call @g(%i) : (index) -> i32
    vector.print %v : i32
    vector.print %w : i32
    return
  }
}
