// kernel: par_nested — an scf.parallel inside an scf.parallel: the outer loop over rows stores each row's i64 sum of squares, which the inner parallel loop reduces over the row's columns; the inner loop's reduction result is used by the outer iteration, whose own reduction counts rows whose sum exceeds a bound.
func.func @par_nested(%A: memref<?x?xi32>, %out: memref<?xi64>, %rows: index, %cols: index, %bound: i64) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %n = scf.parallel (%i) = (%c0) to (%rows) step (%c1) init (%c0) -> index {
    %s = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%z) -> i64 {
      %x = memref.load %A[%i, %j] : memref<?x?xi32>
      %w = arith.extsi %x : i32 to i64
      %sq = arith.muli %w, %w : i64
      scf.reduce(%sq : i64) {
      ^bb0(%l: i64, %r: i64):
        %t = arith.addi %l, %r : i64
        scf.reduce.return %t : i64
      }
    }
    memref.store %s, %out[%i] : memref<?xi64>
    %big = arith.cmpi sgt, %s, %bound : i64
    %one = arith.select %big, %c1, %c0 : index
    scf.reduce(%one : index) {
    ^bb0(%l: index, %r: index):
      %t = arith.addi %l, %r : index
      scf.reduce.return %t : index
    }
  }
  return %n : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() : memref<5x7xi32>
  %out = memref.alloc() : memref<5xi64>
  %k = arith.constant 7919 : i32
  %m = arith.constant 20011 : i32
  %off = arith.constant 10000 : i32
  %z = arith.constant 0 : i64
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k7 = arith.constant 7 : i32
      %t = arith.muli %ii, %k7 : i32
      %u = arith.addi %t, %jj : i32
      %v = arith.muli %u, %k : i32
      %w = arith.remui %v, %m : i32
      %y = arith.subi %w, %off : i32
      memref.store %y, %A[%i, %j] : memref<5x7xi32>
    }
    memref.store %z, %out[%i] : memref<5xi64>
  }
  %Ad = memref.cast %A : memref<5x7xi32> to memref<?x?xi32>
  %od = memref.cast %out : memref<5xi64> to memref<?xi64>
  %bound = arith.constant 235000000 : i64
  %n = func.call @par_nested(%Ad, %od, %c5, %c7, %bound) : (memref<?x?xi32>, memref<?xi64>, index, index, i64) -> index
  vector.print %n : index
  %ou = memref.cast %out : memref<5xi64> to memref<*xi64>
  func.call @printMemrefI64(%ou) : (memref<*xi64>) -> ()
  // no columns: every inner loop is empty, every row sum is 0
  %n0 = func.call @par_nested(%Ad, %od, %c3, %c0, %bound) : (memref<?x?xi32>, memref<?xi64>, index, index, i64) -> index
  vector.print %n0 : index
  func.call @printMemrefI64(%ou) : (memref<*xi64>) -> ()
  memref.dealloc %A : memref<5x7xi32>
  memref.dealloc %out : memref<5xi64>
  return
}
func.func private @printMemrefI64(memref<*xi64>)
