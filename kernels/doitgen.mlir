// kernel: doitgen — PolyBench doitgen in i32 on a 3-D memref<3x4x5xi32>: for each (r, q) the row A[r][q][:] is multiplied by a 5x5 matrix into a temporary sum[] (zeroed then accumulated through memory), then copied back into A in place; a rank-3 load/store nest four loops deep; prints the 3-D result.
func.func private @printMemrefI32(memref<*xi32>)

func.func @doitgen(%A: memref<3x4x5xi32>, %C4: memref<5x5xi32>, %sum: memref<5xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i32
  scf.for %r = %c0 to %c3 step %c1 {
    scf.for %q = %c0 to %c4 step %c1 {
      scf.for %p = %c0 to %c5 step %c1 {
        memref.store %zero, %sum[%p] : memref<5xi32>
        scf.for %s = %c0 to %c5 step %c1 {
          %a = memref.load %A[%r, %q, %s] : memref<3x4x5xi32>
          %c = memref.load %C4[%s, %p] : memref<5x5xi32>
          %m = arith.muli %a, %c : i32
          %t = memref.load %sum[%p] : memref<5xi32>
          %t1 = arith.addi %t, %m : i32
          memref.store %t1, %sum[%p] : memref<5xi32>
        }
      }
      scf.for %p = %c0 to %c5 step %c1 {
        %v = memref.load %sum[%p] : memref<5xi32>
        memref.store %v, %A[%r, %q, %p] : memref<3x4x5xi32>
      }
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() : memref<3x4x5xi32>
  %C4 = memref.alloc() : memref<5x5xi32>
  %sum = memref.alloc() : memref<5xi32>
  %three = arith.constant 3 : i32
  %two = arith.constant 2 : i32
  // A[r][q][s] = (5r + 3q + s*s) mod 7 - 3 ; C4[s][p] = (s*p + s + 2p) mod 5 - 2
  scf.for %r = %c0 to %c3 step %c1 {
    scf.for %q = %c0 to %c4 step %c1 {
      scf.for %s = %c0 to %c5 step %c1 {
        %r5 = arith.muli %r, %c5 : index
        %q3 = arith.muli %q, %c3 : index
        %ss = arith.muli %s, %s : index
        %t0 = arith.addi %r5, %q3 : index
        %t = arith.addi %t0, %ss : index
        %m = arith.remui %t, %c7 : index
        %mi = arith.index_cast %m : index to i32
        %v = arith.subi %mi, %three : i32
        memref.store %v, %A[%r, %q, %s] : memref<3x4x5xi32>
      }
    }
  }
  scf.for %s = %c0 to %c5 step %c1 {
    scf.for %p = %c0 to %c5 step %c1 {
      %sp0 = arith.muli %s, %p : index
      %sp1 = arith.addi %sp0, %s : index
      %p2 = arith.addi %p, %p : index
      %sp = arith.addi %sp1, %p2 : index
      %m = arith.remui %sp, %c5 : index
      %mi = arith.index_cast %m : index to i32
      %v = arith.subi %mi, %two : i32
      memref.store %v, %C4[%s, %p] : memref<5x5xi32>
    }
  }
  func.call @doitgen(%A, %C4, %sum) : (memref<3x4x5xi32>, memref<5x5xi32>, memref<5xi32>) -> ()
  %Au = memref.cast %A : memref<3x4x5xi32> to memref<*xi32>
  func.call @printMemrefI32(%Au) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<3x4x5xi32>
  memref.dealloc %C4 : memref<5x5xi32>
  memref.dealloc %sum : memref<5xi32>
  func.return
}
