// kernel: floyd_warshall — PolyBench floyd-warshall in i32 on an 8-node graph (999 = no edge): path[i][j] = path[i][k] + path[k][j] when shorter, as a conditional store (scf.if without else, so the number of stores is data dependent) in a k/i/j nest; the number of improvements is carried through all three loops as nested iter_args and returned.
func.func private @printMemrefI32(memref<*xi32>)

func.func @floyd_warshall(%path: memref<8x8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %cnt = scf.for %k = %c0 to %c8 step %c1 iter_args(%ck = %zero) -> (i32) {
    %ci = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc_i = %ck) -> (i32) {
      %ik = memref.load %path[%i, %k] : memref<8x8xi32>
      %cj = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %acc_i) -> (i32) {
        %ij = memref.load %path[%i, %j] : memref<8x8xi32>
        %kj = memref.load %path[%k, %j] : memref<8x8xi32>
        %via = arith.addi %ik, %kj : i32
        %better = arith.cmpi slt, %via, %ij : i32
        scf.if %better {
          memref.store %via, %path[%i, %j] : memref<8x8xi32>
        }
        %inc = arith.extui %better : i1 to i32
        %n = arith.addi %acc, %inc : i32
        scf.yield %n : i32
      }
      scf.yield %cj : i32
    }
    scf.yield %ci : i32
  }
  func.return %cnt : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %path = memref.alloc() : memref<8x8xi32>
  %zero = arith.constant 0 : i32
  %inf = arith.constant 999 : i32
  %one = arith.constant 1 : i32
  // edge i -> j with weight ((i*5 + j*3) mod 11) + 1 when (i + 2*j) mod 5 == 1 or j == i + 1 (except 5 -> 6); 0 on the diagonal
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %i5 = arith.muli %i, %c5 : index
      %j3 = arith.muli %j, %c3 : index
      %s = arith.addi %i5, %j3 : index
      %r = arith.remui %s, %c11 : index
      %ri = arith.index_cast %r : index to i32
      %w = arith.addi %ri, %one : i32
      %j2 = arith.addi %j, %j : index
      %t = arith.addi %i, %j2 : index
      %m = arith.remui %t, %c5 : index
      %e1 = arith.cmpi eq, %m, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      %e2 = arith.cmpi eq, %j, %ip1 : index
      %not5 = arith.cmpi ne, %i, %c5 : index
      %e2b = arith.andi %e2, %not5 : i1
      %edge = arith.ori %e1, %e2b : i1
      %diag = arith.cmpi eq, %i, %j : index
      %v0 = arith.select %edge, %w, %inf : i32
      %v = arith.select %diag, %zero, %v0 : i32
      memref.store %v, %path[%i, %j] : memref<8x8xi32>
    }
  }
  %pu = memref.cast %path : memref<8x8xi32> to memref<*xi32>
  func.call @printMemrefI32(%pu) : (memref<*xi32>) -> ()
  %n = func.call @floyd_warshall(%path) : (memref<8x8xi32>) -> i32
  vector.print %n : i32
  func.call @printMemrefI32(%pu) : (memref<*xi32>) -> ()
  // a second run changes nothing: 0 improvements
  %n2 = func.call @floyd_warshall(%path) : (memref<8x8xi32>) -> i32
  vector.print %n2 : i32
  memref.dealloc %path : memref<8x8xi32>
  func.return
}
