// kernel: batched_outer — 3-D i32 output out[b][i][j] = clamp(x[b][i] * y[b][j], -50, 50) with the clamp as nested scf.if/else yielding values, and the unclamped total accumulated into a rank-0 memref<i64> (load/store with no indices); prints 3-D and rank-0 memrefs.
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @batched_outer(%x: memref<2x3xi32>, %y: memref<2x4xi32>, %out: memref<2x3x4xi32>, %total: memref<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %hi = arith.constant 50 : i32
  %lo = arith.constant -50 : i32
  scf.for %b = %c0 to %c2 step %c1 {
    scf.for %i = %c0 to %c3 step %c1 {
      %xv = memref.load %x[%b, %i] : memref<2x3xi32>
      scf.for %j = %c0 to %c4 step %c1 {
        %yv = memref.load %y[%b, %j] : memref<2x4xi32>
        %p = arith.muli %xv, %yv : i32
        %big = arith.cmpi sgt, %p, %hi : i32
        %c = scf.if %big -> (i32) {
          scf.yield %hi : i32
        } else {
          %small = arith.cmpi slt, %p, %lo : i32
          %d = scf.if %small -> (i32) {
            scf.yield %lo : i32
          } else {
            scf.yield %p : i32
          }
          scf.yield %d : i32
        }
        memref.store %c, %out[%b, %i, %j] : memref<2x3x4xi32>
        %t = memref.load %total[] : memref<i64>
        %pw = arith.extsi %p : i32 to i64
        %t1 = arith.addi %t, %pw : i64
        memref.store %t1, %total[] : memref<i64>
      }
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %i3 = arith.constant 3 : i32
  %i4 = arith.constant 4 : i32
  %i5 = arith.constant 5 : i32
  %x = memref.alloc() : memref<2x3xi32>
  %y = memref.alloc() : memref<2x4xi32>
  %out = memref.alloc() : memref<2x3x4xi32>
  %total = memref.alloc() : memref<i64>
  // x[b][i] = 4 * (b * 3 + i) - 5 ; y[b][j] = 3 * j - 4 * b + 1
  scf.for %b = %c0 to %c2 step %c1 {
    %bi = arith.index_cast %b : index to i32
    scf.for %i = %c0 to %c3 step %c1 {
      %t = arith.muli %b, %c3 : index
      %k = arith.addi %t, %i : index
      %ki = arith.index_cast %k : index to i32
      %u = arith.muli %ki, %i4 : i32
      %v = arith.subi %u, %i5 : i32
      memref.store %v, %x[%b, %i] : memref<2x3xi32>
    }
    scf.for %j = %c0 to %c4 step %c1 {
      %ji = arith.index_cast %j : index to i32
      %u = arith.muli %ji, %i3 : i32
      %w = arith.muli %bi, %i4 : i32
      %v0 = arith.subi %u, %w : i32
      %one = arith.constant 1 : i32
      %v = arith.addi %v0, %one : i32
      memref.store %v, %y[%b, %j] : memref<2x4xi32>
    }
  }
  %init = arith.constant 1000000000000 : i64
  memref.store %init, %total[] : memref<i64>
  func.call @batched_outer(%x, %y, %out, %total) : (memref<2x3xi32>, memref<2x4xi32>, memref<2x3x4xi32>, memref<i64>) -> ()
  %ou = memref.cast %out : memref<2x3x4xi32> to memref<*xi32>
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  %tu = memref.cast %total : memref<i64> to memref<*xi64>
  func.call @printMemrefI64(%tu) : (memref<*xi64>) -> ()
  %tv = memref.load %total[] : memref<i64>
  vector.print %tv : i64
  memref.dealloc %x : memref<2x3xi32>
  memref.dealloc %y : memref<2x4xi32>
  memref.dealloc %out : memref<2x3x4xi32>
  memref.dealloc %total : memref<i64>
  func.return
}
