// kernel: zero_trip — loops whose bounds arrive at run time and are empty: scf.for with lb == ub and lb > ub (iter_args come back unchanged, no stores happen), a nested loop whose outer loop is empty, and an scf.while whose condition is false on entry; each kernel is also called with a non-empty range for contrast.
func.func private @printMemrefI32(memref<*xi32>)

func.func @sum_range(%a: memref<?xi32>, %lb: index, %ub: index, %init: i32) -> (i32, index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%s = %init, %cnt = %c0) -> (i32, index) {
    %x = memref.load %a[%i] : memref<?xi32>
    %s1 = arith.addi %s, %x : i32
    %c = arith.addi %cnt, %c1 : index
    scf.yield %s1, %c : i32, index
  }
  func.return %r#0, %r#1 : i32, index
}

func.func @fill_range(%a: memref<?xi32>, %lb: index, %ub: index, %v: i32) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    memref.store %v, %a[%i] : memref<?xi32>
  }
  func.return
}

// m[i][j] += 1 for i in [0, rows), j in [0, cols)
func.func @bump2d(%m: memref<?x?xi32>, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %x = memref.load %m[%i, %j] : memref<?x?xi32>
      %y = arith.addi %x, %one : i32
      memref.store %y, %m[%i, %j] : memref<?x?xi32>
    }
  }
  func.return
}

// halves x while it is greater than limit; returns the final value and the step count
func.func @halve_until(%x: i32, %limit: i32) -> (i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.while (%v = %x, %k = %zero) : (i32, i32) -> (i32, i32) {
    %gt = arith.cmpi sgt, %v, %limit : i32
    scf.condition(%gt) %v, %k : i32, i32
  } do {
  ^bb0(%v: i32, %k: i32):
    %h = arith.shrsi %v, %one : i32
    %k1 = arith.addi %k, %one : i32
    scf.yield %h, %k1 : i32, i32
  }
  func.return %r#0, %r#1 : i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<8xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %sq = arith.muli %ii, %ii : i32
    memref.store %sq, %a[%i] : memref<8xi32>
  }
  %ad = memref.cast %a : memref<8xi32> to memref<?xi32>
  %au = memref.cast %a : memref<8xi32> to memref<*xi32>
  %init = arith.constant 1000 : i32
  %r0:2 = func.call @sum_range(%ad, %c5, %c5, %init) : (memref<?xi32>, index, index, i32) -> (i32, index)
  vector.print %r0#0 : i32
  vector.print %r0#1 : index
  %r1:2 = func.call @sum_range(%ad, %c5, %c2, %init) : (memref<?xi32>, index, index, i32) -> (i32, index)
  vector.print %r1#0 : i32
  vector.print %r1#1 : index
  %r2:2 = func.call @sum_range(%ad, %c2, %c5, %init) : (memref<?xi32>, index, index, i32) -> (i32, index)
  vector.print %r2#0 : i32
  vector.print %r2#1 : index
  %v = arith.constant -1 : i32
  func.call @fill_range(%ad, %c3, %c3, %v) : (memref<?xi32>, index, index, i32) -> ()
  func.call @fill_range(%ad, %c8, %c0, %v) : (memref<?xi32>, index, index, i32) -> ()
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  func.call @fill_range(%ad, %c3, %c5, %v) : (memref<?xi32>, index, index, i32) -> ()
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()

  %m = memref.alloc() : memref<3x3xi32>
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      memref.store %zero, %m[%i, %j] : memref<3x3xi32>
    }
  }
  %md = memref.cast %m : memref<3x3xi32> to memref<?x?xi32>
  func.call @bump2d(%md, %c0, %c3) : (memref<?x?xi32>, index, index) -> ()
  func.call @bump2d(%md, %c3, %c0) : (memref<?x?xi32>, index, index) -> ()
  func.call @bump2d(%md, %c2, %c3) : (memref<?x?xi32>, index, index) -> ()
  func.call @bump2d(%md, %c3, %c1) : (memref<?x?xi32>, index, index) -> ()
  %mu = memref.cast %m : memref<3x3xi32> to memref<*xi32>
  func.call @printMemrefI32(%mu) : (memref<*xi32>) -> ()

  %x0 = arith.constant 5 : i32
  %lim = arith.constant 10 : i32
  %h0:2 = func.call @halve_until(%x0, %lim) : (i32, i32) -> (i32, i32)
  vector.print %h0#0 : i32
  vector.print %h0#1 : i32
  %x1 = arith.constant 1000 : i32
  %h1:2 = func.call @halve_until(%x1, %lim) : (i32, i32) -> (i32, i32)
  vector.print %h1#0 : i32
  vector.print %h1#1 : i32
  memref.dealloc %a : memref<8xi32>
  memref.dealloc %m : memref<3x3xi32>
  func.return
}
