// kernel: merge_sort — MachSuite-style bottom-up merge sort of i32: an scf.while doubling the run width (carried width and pass count), inside it an scf.for over run starts with the run-time step 2*width, bounds clamped with arith.minui on index, the merge as an scf.while over k carrying i/j/k whose after-region picks the left or right head with `i < mid and (j >= hi or a[i] <= a[j])` (andi/ori of cmpi, loads clamped in bounds with minui) and select, then a copy-back loop; called with n = 13 (ragged last runs, a run with an empty right half), n = 16 descending, and n = 1 (the width loop runs zero times).
func.func private @printMemrefI32(memref<*xi32>)

func.func @merge_sort(%a: memref<?xi32>, %tmp: memref<?xi32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nm1 = arith.subi %n, %c1 : index
  %r:2 = scf.while (%w = %c1, %passes = %c0) : (index, index) -> (index, index) {
    %more = arith.cmpi ult, %w, %n : index
    scf.condition(%more) %w, %passes : index, index
  } do {
  ^bb0(%w: index, %passes: index):
    %w2 = arith.addi %w, %w : index
    scf.for %lo = %c0 to %n step %w2 {
      %lw = arith.addi %lo, %w : index
      %mid = arith.minui %lw, %n : index
      %lw2 = arith.addi %lo, %w2 : index
      %hi = arith.minui %lw2, %n : index
      %m:3 = scf.while (%i = %lo, %j = %mid, %k = %lo) : (index, index, index) -> (index, index, index) {
        %go = arith.cmpi ult, %k, %hi : index
        scf.condition(%go) %i, %j, %k : index, index, index
      } do {
      ^bb0(%i: index, %j: index, %k: index):
        %ci = arith.minui %i, %nm1 : index
        %cj = arith.minui %j, %nm1 : index
        %ai = memref.load %a[%ci] : memref<?xi32>
        %aj = memref.load %a[%cj] : memref<?xi32>
        %lhas = arith.cmpi ult, %i, %mid : index
        %rdone = arith.cmpi uge, %j, %hi : index
        %le = arith.cmpi sle, %ai, %aj : i32
        %pref = arith.ori %rdone, %le : i1
        %left = arith.andi %lhas, %pref : i1
        %v = arith.select %left, %ai, %aj : i32
        memref.store %v, %tmp[%k] : memref<?xi32>
        %i1 = arith.addi %i, %c1 : index
        %j1 = arith.addi %j, %c1 : index
        %ni = arith.select %left, %i1, %i : index
        %nj = arith.select %left, %j, %j1 : index
        %k1 = arith.addi %k, %c1 : index
        scf.yield %ni, %nj, %k1 : index, index, index
      }
      scf.for %k = %lo to %hi step %c1 {
        %v = memref.load %tmp[%k] : memref<?xi32>
        memref.store %v, %a[%k] : memref<?xi32>
      }
    }
    %p1 = arith.addi %passes, %c1 : index
    scf.yield %w2, %p1 : index, index
  }
  func.return %r#1 : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<16xi32>
  %tmp = memref.alloc() : memref<16xi32>
  %mul = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %sh = arith.constant 19 : i32
  %mask = arith.constant 127 : i32
  %off = arith.constant 60 : i32
  %seed = arith.constant 99 : i32
  %zero = arith.constant 0 : i32
  // a[i] = ((lcg >> 19) & 127) - 60 for i < 13 ; a[13..16) = 0 (outside the sorted range)
  %last = scf.for %i = %c0 to %c13 step %c1 iter_args(%x = %seed) -> (i32) {
    %x1 = arith.muli %x, %mul : i32
    %x2 = arith.addi %x1, %inc : i32
    %t = arith.shrui %x2, %sh : i32
    %m = arith.andi %t, %mask : i32
    %v = arith.subi %m, %off : i32
    memref.store %v, %buf[%i] : memref<16xi32>
    scf.yield %x2 : i32
  }
  scf.for %i = %c13 to %c16 step %c1 {
    memref.store %zero, %buf[%i] : memref<16xi32>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %zero, %tmp[%i] : memref<16xi32>
  }
  %bu = memref.cast %buf : memref<16xi32> to memref<*xi32>
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %a = memref.cast %buf : memref<16xi32> to memref<?xi32>
  %t = memref.cast %tmp : memref<16xi32> to memref<?xi32>
  %p1 = func.call @merge_sort(%a, %t, %c13) : (memref<?xi32>, memref<?xi32>, index) -> index
  vector.print %p1 : index
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  // descending: a[i] = 5 * (8 - i)
  %five = arith.constant 5 : i32
  %eight = arith.constant 8 : i32
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %d = arith.subi %eight, %ii : i32
    %v = arith.muli %d, %five : i32
    memref.store %v, %buf[%i] : memref<16xi32>
  }
  %p2 = func.call @merge_sort(%a, %t, %c16) : (memref<?xi32>, memref<?xi32>, index) -> index
  vector.print %p2 : index
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %big = arith.constant 1000 : i32
  memref.store %big, %buf[%c0] : memref<16xi32>
  %p3 = func.call @merge_sort(%a, %t, %c1) : (memref<?xi32>, memref<?xi32>, index) -> index
  vector.print %p3 : index
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  memref.dealloc %buf : memref<16xi32>
  memref.dealloc %tmp : memref<16xi32>
  func.return
}
