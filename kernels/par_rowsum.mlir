// kernel: par_rowsum — an scf.for inside an scf.parallel: each parallel iteration (a row) runs a sequential inner loop with an iter_arg (its row sum and a running maximum) and stores both; rows overlap on the network, the inner loops do not.
func.func @par_rowsum(%A: memref<?x?xi32>, %sum: memref<?xi32>, %mx: memref<?xi32>, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %lowest = arith.constant -2147483648 : i32
  scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
    %r:2 = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %zero, %m = %lowest) -> (i32, i32) {
      %x = memref.load %A[%i, %j] : memref<?x?xi32>
      %s2 = arith.addi %s, %x : i32
      %m2 = arith.maxsi %m, %x : i32
      scf.yield %s2, %m2 : i32, i32
    }
    memref.store %r#0, %sum[%i] : memref<?xi32>
    memref.store %r#1, %mx[%i] : memref<?xi32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c9 = arith.constant 9 : index
  %A = memref.alloc() : memref<6x9xi32>
  %sum = memref.alloc() : memref<6xi32>
  %mx = memref.alloc() : memref<6xi32>
  %k = arith.constant 29 : i32
  %m = arith.constant 61 : i32
  %off = arith.constant 30 : i32
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c9 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k9 = arith.constant 9 : i32
      %t = arith.muli %ii, %k9 : i32
      %u = arith.addi %t, %jj : i32
      %v = arith.muli %u, %k : i32
      %w = arith.remui %v, %m : i32
      %y = arith.subi %w, %off : i32
      memref.store %y, %A[%i, %j] : memref<6x9xi32>
    }
    %zero = arith.constant 0 : i32
    memref.store %zero, %sum[%i] : memref<6xi32>
    memref.store %zero, %mx[%i] : memref<6xi32>
  }
  %Ad = memref.cast %A : memref<6x9xi32> to memref<?x?xi32>
  %sd = memref.cast %sum : memref<6xi32> to memref<?xi32>
  %md = memref.cast %mx : memref<6xi32> to memref<?xi32>
  func.call @par_rowsum(%Ad, %sd, %md, %c6, %c9) : (memref<?x?xi32>, memref<?xi32>, memref<?xi32>, index, index) -> ()
  %su = memref.cast %sum : memref<6xi32> to memref<*xi32>
  %mu = memref.cast %mx : memref<6xi32> to memref<*xi32>
  func.call @printMemrefI32(%su) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  // columns 0: every inner loop has zero trips
  func.call @par_rowsum(%Ad, %sd, %md, %c4, %c0) : (memref<?x?xi32>, memref<?xi32>, memref<?xi32>, index, index) -> ()
  func.call @printMemrefI32(%su) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<6x9xi32>
  memref.dealloc %sum : memref<6xi32>
  memref.dealloc %mx : memref<6xi32>
  return
}
func.func private @printMemrefI32(memref<*xi32>)
