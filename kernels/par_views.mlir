// kernel: par_views — scf.parallel over memref views: a strided subview (every other column of rows 1..4) scaled in place by a 2-D parallel loop, and a 1-D parallel reduction over a column read through a subview with a dynamic offset; i32.
func.func @par_scale_view(%V: memref<4x3xi32, strided<[8, 2], offset: ?>>, %k: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) {
    %x = memref.load %V[%i, %j] : memref<4x3xi32, strided<[8, 2], offset: ?>>
    %y = arith.muli %x, %k : i32
    memref.store %y, %V[%i, %j] : memref<4x3xi32, strided<[8, 2], offset: ?>>
  }
  return
}

func.func @par_column_sum(%M: memref<6x8xi32>, %col: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0 : i32
  %v = memref.subview %M[0, %col] [6, 1] [1, 1] : memref<6x8xi32> to memref<6xi32, strided<[8], offset: ?>>
  %s = scf.parallel (%i) = (%c0) to (%c6) step (%c1) init (%zero) -> i32 {
    %x = memref.load %v[%i] : memref<6xi32, strided<[8], offset: ?>>
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      %t = arith.addi %l, %r : i32
      scf.reduce.return %t : i32
    }
  }
  return %s : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %M = memref.alloc() : memref<6x8xi32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k10 = arith.constant 10 : i32
      %t = arith.muli %ii, %k10 : i32
      %u = arith.addi %t, %jj : i32
      memref.store %u, %M[%i, %j] : memref<6x8xi32>
    }
  }
  %V9 = memref.subview %M[1, 1] [4, 3] [1, 2] : memref<6x8xi32> to memref<4x3xi32, strided<[8, 2], offset: 9>>
  %V = memref.cast %V9 : memref<4x3xi32, strided<[8, 2], offset: 9>> to memref<4x3xi32, strided<[8, 2], offset: ?>>
  %km = arith.constant -3 : i32
  func.call @par_scale_view(%V, %km) : (memref<4x3xi32, strided<[8, 2], offset: ?>>, i32) -> ()
  %Mu = memref.cast %M : memref<6x8xi32> to memref<*xi32>
  func.call @printMemrefI32(%Mu) : (memref<*xi32>) -> ()
  %s3 = func.call @par_column_sum(%M, %c3) : (memref<6x8xi32>, index) -> i32
  vector.print %s3 : i32
  %s6 = func.call @par_column_sum(%M, %c6) : (memref<6x8xi32>, index) -> i32
  vector.print %s6 : i32
  memref.dealloc %M : memref<6x8xi32>
  return
}
func.func private @printMemrefI32(memref<*xi32>)
