// kernel: par_2d_reduce — reductions over a 2-D scf.parallel: an i64 sum of products A[i][j] * x[j] and a non-commutative fold (h = 3 h - v) whose result shows the order (first variable outermost), with lower bounds (1, 2) and steps (2, 1) over dynamic sizes; one call with an empty first dimension.
func.func @par_2d_reduce(%A: memref<?x?xi32>, %x: memref<?xi32>, %ihi: index, %jhi: index) -> (i64, i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i64
  %h0 = arith.constant 5 : i32
  %k3 = arith.constant 3 : i32
  %r:2 = scf.parallel (%i, %j) = (%c1, %c2) to (%ihi, %jhi) step (%c2, %c1) init (%z, %h0) -> (i64, i32) {
    %a = memref.load %A[%i, %j] : memref<?x?xi32>
    %b = memref.load %x[%j] : memref<?xi32>
    %p = arith.muli %a, %b : i32
    %w = arith.extsi %p : i32 to i64
    scf.reduce(%w, %a : i64, i32) {
    ^bb0(%l: i64, %r: i64):
      %s = arith.addi %l, %r : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%l: i32, %r: i32):
      %t = arith.muli %l, %k3 : i32
      %h = arith.subi %t, %r : i32
      scf.reduce.return %h : i32
    }
  }
  return %r#0, %r#1 : i64, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %A = memref.alloc() : memref<6x8xi32>
  %x = memref.alloc() : memref<8xi32>
  %k = arith.constant 37 : i32
  %m = arith.constant 101 : i32
  %off = arith.constant 50 : i32
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k8 = arith.constant 8 : i32
      %t = arith.muli %ii, %k8 : i32
      %u = arith.addi %t, %jj : i32
      %v = arith.muli %u, %k : i32
      %w = arith.remui %v, %m : i32
      %y = arith.subi %w, %off : i32
      memref.store %y, %A[%i, %j] : memref<6x8xi32>
    }
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %jj = arith.index_cast %j : index to i32
    %k1000 = arith.constant 1000 : i32
    %v = arith.muli %jj, %k1000 : i32
    %w = arith.subi %v, %k1000 : i32
    memref.store %w, %x[%j] : memref<8xi32>
  }
  %Ad = memref.cast %A : memref<6x8xi32> to memref<?x?xi32>
  %xd = memref.cast %x : memref<8xi32> to memref<?xi32>
  %r:2 = func.call @par_2d_reduce(%Ad, %xd, %c6, %c8) : (memref<?x?xi32>, memref<?xi32>, index, index) -> (i64, i32)
  vector.print %r#0 : i64
  vector.print %r#1 : i32
  %c5 = arith.constant 5 : index
  %q:2 = func.call @par_2d_reduce(%Ad, %xd, %c5, %c6) : (memref<?x?xi32>, memref<?xi32>, index, index) -> (i64, i32)
  vector.print %q#0 : i64
  vector.print %q#1 : i32
  %e:2 = func.call @par_2d_reduce(%Ad, %xd, %c1, %c8) : (memref<?x?xi32>, memref<?xi32>, index, index) -> (i64, i32)
  vector.print %e#0 : i64
  vector.print %e#1 : i32
  memref.dealloc %A : memref<6x8xi32>
  memref.dealloc %x : memref<8xi32>
  return
}
