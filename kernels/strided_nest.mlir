// kernel: strided_nest — nested loops with step > 1 and reversed ranges via iv arithmetic: (a) outer step 3, inner loop starting at the outer iv with a step depending on it (i mod 4 + 1); (b) reversed outer (i = n-1-ii) with a step-2 inner loop over jj < i+1 mapped to j = i - jj (descending, odd/even lengths); (c) anti-diagonal traversal with per-diagonal bounds from cmpi/select (max/min) on index and a running output position carried across the nest; (d) descending step-3 walk i = n-1-3*ii with a trip count (n+2)/3 computed by divui; visit counts and checksums returned.
func.func private @printMemrefI32(memref<*xi32>)

func.func @strided(%m: memref<?x?xi32>, %order: memref<?xi32>, %n: index) -> (index, i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %c2i = arith.constant 2 : i32
  // (a)
  %visits = scf.for %i = %c1 to %n step %c3 iter_args(%v0 = %c0) -> (index) {
    %im4 = arith.remui %i, %c4 : index
    %st = arith.addi %im4, %c1 : index
    %v1 = scf.for %j = %i to %n step %st iter_args(%v = %v0) -> (index) {
      %x = memref.load %m[%i, %j] : memref<?x?xi32>
      %x1 = arith.addi %x, %one : i32
      memref.store %x1, %m[%i, %j] : memref<?x?xi32>
      %vn = arith.addi %v, %c1 : index
      scf.yield %vn : index
    }
    scf.yield %v1 : index
  }
  // (b)
  %nm1 = arith.subi %n, %c1 : index
  scf.for %ii = %c0 to %n step %c1 {
    %i = arith.subi %nm1, %ii : index
    %ip1 = arith.addi %i, %c1 : index
    scf.for %jj = %c0 to %ip1 step %c2 {
      %j = arith.subi %i, %jj : index
      %x = memref.load %m[%i, %j] : memref<?x?xi32>
      %x2 = arith.muli %x, %c2i : i32
      %d = arith.index_cast %jj : index to i32
      %y = arith.addi %x2, %d : i32
      memref.store %y, %m[%i, %j] : memref<?x?xi32>
    }
  }
  // (c)
  %n2 = arith.addi %n, %n : index
  %ndiag = arith.subi %n2, %c1 : index
  %pos = scf.for %d = %c0 to %ndiag step %c1 iter_args(%k0 = %c0) -> (index) {
    %over = arith.cmpi ugt, %d, %nm1 : index
    %dl = arith.subi %d, %nm1 : index
    %lo = arith.select %over, %dl, %c0 : index
    %hi0 = arith.select %over, %nm1, %d : index
    %hi = arith.addi %hi0, %c1 : index
    %k1 = scf.for %i = %lo to %hi step %c1 iter_args(%k = %k0) -> (index) {
      %j = arith.subi %d, %i : index
      %x = memref.load %m[%i, %j] : memref<?x?xi32>
      memref.store %x, %order[%k] : memref<?xi32>
      %kn = arith.addi %k, %c1 : index
      scf.yield %kn : index
    }
    scf.yield %k1 : index
  }
  // (d)
  %np2 = arith.addi %n, %c2 : index
  %trips = arith.divui %np2, %c3 : index
  %sum = scf.for %ii = %c0 to %trips step %c1 iter_args(%s = %zero) -> (i32) {
    %t = arith.muli %ii, %c3 : index
    %i = arith.subi %nm1, %t : index
    %x = memref.load %m[%i, %i] : memref<?x?xi32>
    %i32 = arith.index_cast %i : index to i32
    %w = arith.muli %x, %i32 : i32
    %s1 = arith.addi %s, %w : i32
    scf.yield %s1 : i32
  }
  func.return %visits, %sum, %pos : index, i32, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %m = memref.alloc() : memref<7x7xi32>
  %order = memref.alloc() : memref<49xi32>
  // m[i][j] = 10*i + j
  scf.for %i = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %t = arith.muli %i, %c10 : index
      %v = arith.addi %t, %j : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %m[%i, %j] : memref<7x7xi32>
    }
  }
  %md = memref.cast %m : memref<7x7xi32> to memref<?x?xi32>
  %od = memref.cast %order : memref<49xi32> to memref<?xi32>
  %r:3 = func.call @strided(%md, %od, %c7) : (memref<?x?xi32>, memref<?xi32>, index) -> (index, i32, index)
  vector.print %r#0 : index
  vector.print %r#1 : i32
  vector.print %r#2 : index
  %mu = memref.cast %m : memref<7x7xi32> to memref<*xi32>
  func.call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  %ou = memref.cast %order : memref<49xi32> to memref<*xi32>
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  // n = 5 on the top-left 5x5 corner (same buffer, stride 7)
  %r2:3 = func.call @strided(%md, %od, %c5) : (memref<?x?xi32>, memref<?xi32>, index) -> (index, i32, index)
  vector.print %r2#0 : index
  vector.print %r2#1 : i32
  vector.print %r2#2 : index
  func.call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<7x7xi32>
  memref.dealloc %order : memref<49xi32>
  func.return
}
