// kernel: row_views — views created inside loops with iv-dependent offsets and sizes: per row i, a rank-reducing subview of row i from column i (memref<?xi32> with a dynamic offset, trip count n-i read back through the view's size) summed in an index iter_arg, and a 2-D column subview below the diagonal (memref<?x1xi32>, size from memref.dim of the view) negated in place; the next row's views see the previous rows' stores; called on a 5x5 and on a 3x3 window (subview of a 6x6 buffer passed in, so the views are views of a view).
func.func private @printMemrefI32(memref<*xi32>)
#dyn2 = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>
#dynrow = affine_map<(d0)[s0, s1] -> (d0 * s1 + s0)>
#dyncol = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>

func.func @row_views(%A: memref<?x?xi32, #dyn2>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = memref.dim %A, %c0 : memref<?x?xi32, #dyn2>
  scf.for %i = %c0 to %n step %c1 {
    %len = arith.subi %n, %i : index
    %row = memref.subview %A[%i, %i][1, %len][1, 1] : memref<?x?xi32, #dyn2> to memref<?xi32, #dynrow>
    %rl = memref.dim %row, %c0 : memref<?xi32, #dynrow>
    %s = scf.for %j = %c0 to %rl step %c1 iter_args(%acc = %c0) -> (index) {
      %v = memref.load %row[%j] : memref<?xi32, #dynrow>
      %vi = arith.index_cast %v : i32 to index
      %a = arith.addi %acc, %vi : index
      scf.yield %a : index
    }
    %s32 = arith.index_cast %s : index to i32
    memref.store %s32, %out[%i] : memref<?xi32>
    %col = memref.subview %A[%i, %i][%len, 1][1, 1] : memref<?x?xi32, #dyn2> to memref<?x1xi32, #dyncol>
    %m = memref.dim %col, %c0 : memref<?x1xi32, #dyncol>
    scf.for %k = %c1 to %m step %c1 {
      %v = memref.load %col[%k, %c0] : memref<?x1xi32, #dyncol>
      %neg = arith.subi %zero, %v : i32
      memref.store %neg, %col[%k, %c0] : memref<?x1xi32, #dyncol>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %A = memref.alloc() : memref<6x6xi32>
  %out = memref.alloc() : memref<6xi32>
  %neg = arith.constant -1 : i32
  // A[i][j] = 10*i + j
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %t = arith.muli %i, %c10 : index
      %v = arith.addi %t, %j : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %A[%i, %j] : memref<6x6xi32>
    }
    memref.store %neg, %out[%i] : memref<6xi32>
  }
  %Au = memref.cast %A : memref<6x6xi32> to memref<*xi32>
  %ou = memref.cast %out : memref<6xi32> to memref<*xi32>
  %od = memref.cast %out : memref<6xi32> to memref<?xi32>
  // 5x5 window at (0, 0)
  %w5 = memref.subview %A[0, 0][5, 5][1, 1] : memref<6x6xi32> to memref<5x5xi32, affine_map<(d0, d1) -> (d0 * 6 + d1)>>
  %w5d = memref.cast %w5 : memref<5x5xi32, affine_map<(d0, d1) -> (d0 * 6 + d1)>> to memref<?x?xi32, #dyn2>
  func.call @row_views(%w5d, %od) : (memref<?x?xi32, #dyn2>, memref<?xi32>) -> ()
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  // 3x3 window at (3, 2)
  %w3 = memref.subview %A[3, 2][3, 3][1, 1] : memref<6x6xi32> to memref<3x3xi32, affine_map<(d0, d1) -> (d0 * 6 + d1 + 20)>>
  %w3d = memref.cast %w3 : memref<3x3xi32, affine_map<(d0, d1) -> (d0 * 6 + d1 + 20)>> to memref<?x?xi32, #dyn2>
  func.call @row_views(%w3d, %od) : (memref<?x?xi32, #dyn2>, memref<?xi32>) -> ()
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<6x6xi32>
  memref.dealloc %out : memref<6xi32>
  func.return
}
