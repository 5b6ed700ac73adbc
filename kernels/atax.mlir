// kernel: atax — PolyBench atax in f32: y = A^T (A x) on a 5x7 dynamically shaped memref; per row an iter_arg reduction tmp = A[i]·x followed by a second inner loop that read-modify-writes y[j] += A[i][j]*tmp (dependence through memory across outer iterations); y zeroed by its own loop; non-integer f32 results.
func.func private @printMemrefF32(memref<*xf32>)

func.func @atax(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %tmp: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %A, %c1 : memref<?x?xf32>
  scf.for %j = %c0 to %n step %c1 {
    memref.store %zero, %y[%j] : memref<?xf32>
  }
  scf.for %i = %c0 to %m step %c1 {
    %t = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %A[%i, %j] : memref<?x?xf32>
      %xv = memref.load %x[%j] : memref<?xf32>
      %p = arith.mulf %a, %xv : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %t, %tmp[%i] : memref<?xf32>
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.load %A[%i, %j] : memref<?x?xf32>
      %yv = memref.load %y[%j] : memref<?xf32>
      %p = arith.mulf %a, %t : f32
      %s = arith.addf %yv, %p : f32
      memref.store %s, %y[%j] : memref<?xf32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %f7 = arith.constant 7.0 : f32
  %f35 = arith.constant 35.0 : f32
  %one = arith.constant 1.0 : f32
  %A = memref.alloc() : memref<5x7xf32>
  %x = memref.alloc() : memref<7xf32>
  %y = memref.alloc() : memref<7xf32>
  %tmp = memref.alloc() : memref<5xf32>
  // x[j] = 1 + j / 7 ; A[i][j] = ((i + j) mod 7) / 35 - 0.1 * (i mod 2)
  %tenth = arith.constant 0.1 : f32
  scf.for %j = %c0 to %c7 step %c1 {
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %q = arith.divf %jf, %f7 : f32
    %v = arith.addf %one, %q : f32
    memref.store %v, %x[%j] : memref<7xf32>
  }
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %s = arith.addi %i, %j : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %q = arith.divf %rf, %f35 : f32
      %odd = arith.remui %i, %c2 : index
      %oi = arith.index_cast %odd : index to i32
      %of = arith.sitofp %oi : i32 to f32
      %sh = arith.mulf %of, %tenth : f32
      %v = arith.subf %q, %sh : f32
      memref.store %v, %A[%i, %j] : memref<5x7xf32>
    }
  }
  %Ad = memref.cast %A : memref<5x7xf32> to memref<?x?xf32>
  %xd = memref.cast %x : memref<7xf32> to memref<?xf32>
  %yd = memref.cast %y : memref<7xf32> to memref<?xf32>
  %td = memref.cast %tmp : memref<5xf32> to memref<?xf32>
  func.call @atax(%Ad, %xd, %yd, %td) : (memref<?x?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  %Au = memref.cast %A : memref<5x7xf32> to memref<*xf32>
  func.call @printMemrefF32(%Au) : (memref<*xf32>) -> ()
  %tu = memref.cast %tmp : memref<5xf32> to memref<*xf32>
  func.call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %yu = memref.cast %y : memref<7xf32> to memref<*xf32>
  func.call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<5x7xf32>
  memref.dealloc %x : memref<7xf32>
  memref.dealloc %y : memref<7xf32>
  memref.dealloc %tmp : memref<5xf32>
  func.return
}
