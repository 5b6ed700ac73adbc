// kernel: views — one 24-element i32 alloc accessed through expand_shape, static and dynamic subviews (incl. stride 3), a transposing reinterpret_cast and collapse_shape/expand_shape of subviews; kernels write through one view and later code reads through another; prints views with non-zero offsets and non-unit strides.
#dyn2 = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>
#dyn1 = affine_map<(d0)[s0, s1] -> (d0 * s1 + s0)>
#sub23 = affine_map<(d0, d1) -> (d0 * 6 + d1 + 8)>
#trans = affine_map<(d0, d1) -> (d0 + d1 * 6)>
#rows = affine_map<(d0, d1) -> (d0 * 6 + d1 + 12)>
#off12 = strided<[1], offset: 12>
#off6 = affine_map<(d0) -> (d0 + 6)>
#e34 = strided<[4, 1], offset: 6>
func.func private @printMemrefI32(memref<*xi32>)

// v[i][j] *= k over a view with dynamic offset and strides
func.func @scale2d(%v: memref<?x?xi32, #dyn2>, %k: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %v, %c0 : memref<?x?xi32, #dyn2>
  %c = memref.dim %v, %c1 : memref<?x?xi32, #dyn2>
  scf.for %i = %c0 to %r step %c1 {
    scf.for %j = %c0 to %c step %c1 {
      %x = memref.load %v[%i, %j] : memref<?x?xi32, #dyn2>
      %y = arith.muli %x, %k : i32
      memref.store %y, %v[%i, %j] : memref<?x?xi32, #dyn2>
    }
  }
  func.return
}

// out[j] = sum_i t[j][i], where t is a transposed (column-major) view
func.func @colsum(%t: memref<6x4xi32, #trans>, %out: memref<6xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0 : i32
  scf.for %j = %c0 to %c6 step %c1 {
    %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
      %x = memref.load %t[%j, %i] : memref<6x4xi32, #trans>
      %a = arith.addi %acc, %x : i32
      scf.yield %a : i32
    }
    memref.store %s, %out[%j] : memref<6xi32>
  }
  func.return
}

// v[k] += 1000 * (k + 1) over a strided 1-D view
func.func @bump(%v: memref<?xi32, #dyn1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %thousand = arith.constant 1000 : i32
  scf.for %k = %c0 to %n step %c1 {
    %k1 = arith.addi %k, %c1 : index
    %ki = arith.index_cast %k1 : index to i32
    %d = arith.muli %ki, %thousand : i32
    %x = memref.load %v[%k] : memref<?xi32, #dyn1>
    %y = arith.addi %x, %d : i32
    memref.store %y, %v[%k] : memref<?xi32, #dyn1>
  }
  func.return
}

// rotate a 12-element view left by one position
func.func @rotate_left(%v: memref<12xi32, #off12>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %first = memref.load %v[%c0] : memref<12xi32, #off12>
  scf.for %k = %c0 to %c11 step %c1 {
    %k1 = arith.addi %k, %c1 : index
    %x = memref.load %v[%k1] : memref<12xi32, #off12>
    memref.store %x, %v[%k] : memref<12xi32, #off12>
  }
  memref.store %first, %v[%c11] : memref<12xi32, #off12>
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %hundred = arith.constant 100 : i32
  %buf = memref.alloc() : memref<24xi32>
  %bufu = memref.cast %buf : memref<24xi32> to memref<*xi32>
  %m = memref.expand_shape %buf [[0, 1]] output_shape [4, 6] : memref<24xi32> into memref<4x6xi32>
  %mu = memref.cast %m : memref<4x6xi32> to memref<*xi32>
  // write through the 2-D view: m[i][j] = 100 * i + j
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %t = arith.muli %ii, %hundred : i32
      %v = arith.addi %t, %jj : i32
      memref.store %v, %m[%i, %j] : memref<4x6xi32>
    }
  }
  // read through the flat alloc
  func.call @printMemrefI32(%bufu) : (memref<*xi32>) -> ()

  // static 2x3 window at (1, 2), scaled by -1 through a dynamic-layout cast
  %sub = memref.subview %m[1, 2][2, 3][1, 1] : memref<4x6xi32> to memref<2x3xi32, #sub23>
  %subd = memref.cast %sub : memref<2x3xi32, #sub23> to memref<?x?xi32, #dyn2>
  %neg1 = arith.constant -1 : i32
  func.call @scale2d(%subd, %neg1) : (memref<?x?xi32, #dyn2>, i32) -> ()
  %subu = memref.cast %sub : memref<2x3xi32, #sub23> to memref<*xi32>
  func.call @printMemrefI32(%subu) : (memref<*xi32>) -> ()

  // transposed view of the whole buffer: t[j][i] = m[i][j]
  %t = memref.reinterpret_cast %buf to offset: [0], sizes: [6, 4], strides: [1, 6] : memref<24xi32> to memref<6x4xi32, #trans>
  %tu = memref.cast %t : memref<6x4xi32, #trans> to memref<*xi32>
  func.call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  %cs = memref.alloc() : memref<6xi32>
  func.call @colsum(%t, %cs) : (memref<6x4xi32, #trans>, memref<6xi32>) -> ()
  %csu = memref.cast %cs : memref<6xi32> to memref<*xi32>
  func.call @printMemrefI32(%csu) : (memref<*xi32>) -> ()

  // dynamic strided view: elements 1, 4, 7, ..., 19 of the flat buffer
  %ev = memref.subview %buf[%c1][%c7][%c3] : memref<24xi32> to memref<?xi32, #dyn1>
  func.call @bump(%ev, %c7) : (memref<?xi32, #dyn1>, index) -> ()
  %evu = memref.cast %ev : memref<?xi32, #dyn1> to memref<*xi32>
  func.call @printMemrefI32(%evu) : (memref<*xi32>) -> ()

  // rows 2..3 as one contiguous 12-element vector, rotated left
  %rows = memref.subview %m[2, 0][2, 6][1, 1] : memref<4x6xi32> to memref<2x6xi32, #rows>
  %flat = memref.collapse_shape %rows [[0, 1]] : memref<2x6xi32, #rows> into memref<12xi32, #off12>
  func.call @rotate_left(%flat) : (memref<12xi32, #off12>) -> ()
  %rowsu = memref.cast %rows : memref<2x6xi32, #rows> to memref<*xi32>
  func.call @printMemrefI32(%rowsu) : (memref<*xi32>) -> ()

  // elements 6..17 re-read as a 3x4 matrix (expand_shape of a subview)
  %mid = memref.subview %buf[6][12][1] : memref<24xi32> to memref<12xi32, #off6>
  %mid2 = memref.expand_shape %mid [[0, 1]] output_shape [3, 4] : memref<12xi32, #off6> into memref<3x4xi32, #e34>
  %mid2u = memref.cast %mid2 : memref<3x4xi32, #e34> to memref<*xi32>
  func.call @printMemrefI32(%mid2u) : (memref<*xi32>) -> ()
  %c2 = arith.constant 2 : index
  %corner = memref.load %mid2[%c2, %c3] : memref<3x4xi32, #e34>
  vector.print %corner : i32

  // final state through the 2-D view and a full collapse of it
  func.call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  %back = memref.collapse_shape %m [[0, 1]] : memref<4x6xi32> into memref<24xi32>
  %c23 = arith.constant 23 : index
  %lastv = memref.load %back[%c23] : memref<24xi32>
  vector.print %lastv : i32
  memref.dealloc %cs : memref<6xi32>
  memref.dealloc %buf : memref<24xi32>
  func.return
}
