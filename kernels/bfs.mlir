// kernel: bfs — MachSuite-style breadth-first search by levels on a 14-node graph in CSR form (edge_begin/edge_end i32 arrays): an scf.while over levels (carried frontier size and level, condition size > 0) around a for over the frontier array, an inner for over data-dependent edge ranges (zero trips for nodes without out-edges), and an scf.if/else that marks an unvisited node and appends it to the next frontier (yielding the new count); the next frontier is copied back by a for with a carried bound; per-level counts recorded; called from start nodes 1 and 12 (nodes 11..13 are unreachable from 1, 11 and 13 from 12; unvisited levels stay -1).
func.func private @printMemrefI32(memref<*xi32>)

func.func @bfs(%begin: memref<?xi32>, %end: memref<?xi32>, %edges: memref<?xi32>, %level: memref<?xi32>, %front: memref<?xi32>, %next: memref<?xi32>, %counts: memref<?xi32>, %start: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s32 = arith.index_cast %start : index to i32
  memref.store %zero, %level[%start] : memref<?xi32>
  memref.store %s32, %front[%c0] : memref<?xi32>
  %r:2 = scf.while (%size = %c1, %lvl = %zero) : (index, i32) -> (index, i32) {
    %more = arith.cmpi ugt, %size, %c0 : index
    scf.condition(%more) %size, %lvl : index, i32
  } do {
  ^bb0(%size: index, %lvl: i32):
    %size32 = arith.index_cast %size : index to i32
    %li = arith.index_cast %lvl : i32 to index
    memref.store %size32, %counts[%li] : memref<?xi32>
    %lvl1 = arith.addi %lvl, %one : i32
    %nsize = scf.for %f = %c0 to %size step %c1 iter_args(%cnt = %c0) -> (index) {
      %u32 = memref.load %front[%f] : memref<?xi32>
      %u = arith.index_cast %u32 : i32 to index
      %b32 = memref.load %begin[%u] : memref<?xi32>
      %e32 = memref.load %end[%u] : memref<?xi32>
      %b = arith.index_cast %b32 : i32 to index
      %e = arith.index_cast %e32 : i32 to index
      %c2 = scf.for %k = %b to %e step %c1 iter_args(%c = %cnt) -> (index) {
        %v32 = memref.load %edges[%k] : memref<?xi32>
        %v = arith.index_cast %v32 : i32 to index
        %lv = memref.load %level[%v] : memref<?xi32>
        %unvisited = arith.cmpi slt, %lv, %zero : i32
        %cn = scf.if %unvisited -> (index) {
          memref.store %lvl1, %level[%v] : memref<?xi32>
          memref.store %v32, %next[%c] : memref<?xi32>
          %c3 = arith.addi %c, %c1 : index
          scf.yield %c3 : index
        } else {
          scf.yield %c : index
        }
        scf.yield %cn : index
      }
      scf.yield %c2 : index
    }
    scf.for %f = %c0 to %nsize step %c1 {
      %v = memref.load %next[%f] : memref<?xi32>
      memref.store %v, %front[%f] : memref<?xi32>
    }
    scf.yield %nsize, %lvl1 : index, i32
  }
  func.return %r#1 : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c14 = arith.constant 14 : index
  %begin = memref.alloc() : memref<14xi32>
  %end = memref.alloc() : memref<14xi32>
  %edges = memref.alloc() : memref<64xi32>
  %level = memref.alloc() : memref<14xi32>
  %front = memref.alloc() : memref<14xi32>
  %next = memref.alloc() : memref<14xi32>
  %counts = memref.alloc() : memref<14xi32>
  %neg = arith.constant -1 : i32
  // node u has (7*u + 3) mod 4 out-edges (nodes 3, 7, 11 have none); edge e of u goes to (5*u + 3*e + 2) mod 11, so nodes 11..13 have no in-edges
  %ne = scf.for %u = %c0 to %c14 step %c1 iter_args(%k0 = %c0) -> (index) {
    %t = arith.muli %u, %c7 : index
    %t3 = arith.addi %t, %c3 : index
    %deg = arith.remui %t3, %c4 : index
    %k032 = arith.index_cast %k0 : index to i32
    memref.store %k032, %begin[%u] : memref<14xi32>
    scf.for %e = %c0 to %deg step %c1 {
      %a = arith.muli %u, %c5 : index
      %b = arith.muli %e, %c3 : index
      %s = arith.addi %a, %b : index
      %s2 = arith.addi %s, %c2 : index
      %v = arith.remui %s2, %c11 : index
      %v32 = arith.index_cast %v : index to i32
      %k = arith.addi %k0, %e : index
      memref.store %v32, %edges[%k] : memref<64xi32>
    }
    %kend = arith.addi %k0, %deg : index
    %ke32 = arith.index_cast %kend : index to i32
    memref.store %ke32, %end[%u] : memref<14xi32>
    scf.yield %kend : index
  }
  vector.print %ne : index
  %bd = memref.cast %begin : memref<14xi32> to memref<?xi32>
  %ed = memref.cast %end : memref<14xi32> to memref<?xi32>
  %gd = memref.cast %edges : memref<64xi32> to memref<?xi32>
  %ld = memref.cast %level : memref<14xi32> to memref<?xi32>
  %fd = memref.cast %front : memref<14xi32> to memref<?xi32>
  %nd = memref.cast %next : memref<14xi32> to memref<?xi32>
  %cd = memref.cast %counts : memref<14xi32> to memref<?xi32>
  %lu = memref.cast %level : memref<14xi32> to memref<*xi32>
  %cu = memref.cast %counts : memref<14xi32> to memref<*xi32>
  %eu = memref.cast %end : memref<14xi32> to memref<*xi32>
  func.call @printMemrefI32(%eu) : (memref<*xi32>) -> ()
  scf.for %u = %c0 to %c14 step %c1 {
    memref.store %neg, %level[%u] : memref<14xi32>
    memref.store %neg, %counts[%u] : memref<14xi32>
  }
  %n1 = func.call @bfs(%bd, %ed, %gd, %ld, %fd, %nd, %cd, %c1) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> i32
  vector.print %n1 : i32
  func.call @printMemrefI32(%lu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%cu) : (memref<*xi32>) -> ()
  scf.for %u = %c0 to %c14 step %c1 {
    memref.store %neg, %level[%u] : memref<14xi32>
    memref.store %neg, %counts[%u] : memref<14xi32>
  }
  %c12 = arith.constant 12 : index
  %n2 = func.call @bfs(%bd, %ed, %gd, %ld, %fd, %nd, %cd, %c12) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> i32
  vector.print %n2 : i32
  func.call @printMemrefI32(%lu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%cu) : (memref<*xi32>) -> ()
  memref.dealloc %begin : memref<14xi32>
  memref.dealloc %end : memref<14xi32>
  memref.dealloc %edges : memref<64xi32>
  memref.dealloc %level : memref<14xi32>
  memref.dealloc %front : memref<14xi32>
  memref.dealloc %next : memref<14xi32>
  memref.dealloc %counts : memref<14xi32>
  func.return
}
