// kernel: jacobi_2d — PolyBench jacobi-2d in f64: 3 time steps of two 5-point sweeps A -> B -> A over the interior of a 7x7 grid (constant 0.2, neighbour loads at i±1, j±1), time loop inside the kernel; 2-D f64 print_memref with non-integer values.
func.func private @printMemrefF64(memref<*xf64>)

func.func @jacobi_2d(%A: memref<7x7xf64>, %B: memref<7x7xf64>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %fifth = arith.constant 0.2 : f64
  scf.for %t = %c0 to %steps step %c1 {
    scf.for %i = %c1 to %c6 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      scf.for %j = %c1 to %c6 step %c1 {
        %jm1 = arith.subi %j, %c1 : index
        %jp1 = arith.addi %j, %c1 : index
        %a = memref.load %A[%i, %j] : memref<7x7xf64>
        %w = memref.load %A[%i, %jm1] : memref<7x7xf64>
        %e = memref.load %A[%i, %jp1] : memref<7x7xf64>
        %s = memref.load %A[%ip1, %j] : memref<7x7xf64>
        %nn = memref.load %A[%im1, %j] : memref<7x7xf64>
        %s1 = arith.addf %a, %w : f64
        %s2 = arith.addf %s1, %e : f64
        %s3 = arith.addf %s2, %s : f64
        %s4 = arith.addf %s3, %nn : f64
        %v = arith.mulf %fifth, %s4 : f64
        memref.store %v, %B[%i, %j] : memref<7x7xf64>
      }
    }
    scf.for %i = %c1 to %c6 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      scf.for %j = %c1 to %c6 step %c1 {
        %jm1 = arith.subi %j, %c1 : index
        %jp1 = arith.addi %j, %c1 : index
        %a = memref.load %B[%i, %j] : memref<7x7xf64>
        %w = memref.load %B[%i, %jm1] : memref<7x7xf64>
        %e = memref.load %B[%i, %jp1] : memref<7x7xf64>
        %s = memref.load %B[%ip1, %j] : memref<7x7xf64>
        %nn = memref.load %B[%im1, %j] : memref<7x7xf64>
        %s1 = arith.addf %a, %w : f64
        %s2 = arith.addf %s1, %e : f64
        %s3 = arith.addf %s2, %s : f64
        %s4 = arith.addf %s3, %nn : f64
        %v = arith.mulf %fifth, %s4 : f64
        memref.store %v, %A[%i, %j] : memref<7x7xf64>
      }
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() : memref<7x7xf64>
  %B = memref.alloc() : memref<7x7xf64>
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %f7 = arith.constant 7.0 : f64
  // A[i][j] = (i * (j + 2) + 2) / 7 ; B[i][j] = (i * (j + 3) + 3) / 7 (PolyBench init)
  scf.for %i = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %fi = arith.sitofp %ii : i64 to f64
      %fj = arith.sitofp %jj : i64 to f64
      %j2 = arith.addf %fj, %f2 : f64
      %p = arith.mulf %fi, %j2 : f64
      %p2 = arith.addf %p, %f2 : f64
      %a = arith.divf %p2, %f7 : f64
      %j3 = arith.addf %fj, %f3 : f64
      %q = arith.mulf %fi, %j3 : f64
      %q3 = arith.addf %q, %f3 : f64
      %b = arith.divf %q3, %f7 : f64
      memref.store %a, %A[%i, %j] : memref<7x7xf64>
      memref.store %b, %B[%i, %j] : memref<7x7xf64>
    }
  }
  func.call @jacobi_2d(%A, %B, %c3) : (memref<7x7xf64>, memref<7x7xf64>, index) -> ()
  %Au = memref.cast %A : memref<7x7xf64> to memref<*xf64>
  func.call @printMemrefF64(%Au) : (memref<*xf64>) -> ()
  %Bu = memref.cast %B : memref<7x7xf64> to memref<*xf64>
  func.call @printMemrefF64(%Bu) : (memref<*xf64>) -> ()
  memref.dealloc %A : memref<7x7xf64>
  memref.dealloc %B : memref<7x7xf64>
  func.return
}
