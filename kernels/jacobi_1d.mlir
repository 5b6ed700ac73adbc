// kernel: jacobi_1d — PolyBench jacobi-1d in f32: T time steps (outer loop inside the kernel) of two 3-point sweeps A -> B -> A over the interior [1, n-1), constant 0.33333; run-time n and T; called with T = 4 on n = 12 and then with T = 0 (zero-trip time loop, nothing changes) and T = 1 on a 3-element prefix (one interior point).
func.func private @printMemrefF32(memref<*xf32>)

func.func @jacobi_1d(%A: memref<?xf32>, %B: memref<?xf32>, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %third = arith.constant 0.33333 : f32
  %nm1 = arith.subi %n, %c1 : index
  scf.for %t = %c0 to %steps step %c1 {
    scf.for %i = %c1 to %nm1 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      %a = memref.load %A[%im1] : memref<?xf32>
      %b = memref.load %A[%i] : memref<?xf32>
      %c = memref.load %A[%ip1] : memref<?xf32>
      %s1 = arith.addf %a, %b : f32
      %s2 = arith.addf %s1, %c : f32
      %v = arith.mulf %third, %s2 : f32
      memref.store %v, %B[%i] : memref<?xf32>
    }
    scf.for %i = %c1 to %nm1 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      %a = memref.load %B[%im1] : memref<?xf32>
      %b = memref.load %B[%i] : memref<?xf32>
      %c = memref.load %B[%ip1] : memref<?xf32>
      %s1 = arith.addf %a, %b : f32
      %s2 = arith.addf %s1, %c : f32
      %v = arith.mulf %third, %s2 : f32
      memref.store %v, %A[%i] : memref<?xf32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %A = memref.alloc() : memref<12xf32>
  %B = memref.alloc() : memref<12xf32>
  %f2 = arith.constant 2.0 : f32
  %f3 = arith.constant 3.0 : f32
  %f12 = arith.constant 12.0 : f32
  // A[i] = (i + 2) / 12 ; B[i] = (i + 3) / 12 ; A[5] = 3 (a spike)
  scf.for %i = %c0 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %a0 = arith.addf %fi, %f2 : f32
    %a = arith.divf %a0, %f12 : f32
    %b0 = arith.addf %fi, %f3 : f32
    %b = arith.divf %b0, %f12 : f32
    memref.store %a, %A[%i] : memref<12xf32>
    memref.store %b, %B[%i] : memref<12xf32>
  }
  %c5 = arith.constant 5 : index
  memref.store %f3, %A[%c5] : memref<12xf32>
  %Ad = memref.cast %A : memref<12xf32> to memref<?xf32>
  %Bd = memref.cast %B : memref<12xf32> to memref<?xf32>
  %Au = memref.cast %A : memref<12xf32> to memref<*xf32>
  %Bu = memref.cast %B : memref<12xf32> to memref<*xf32>
  func.call @jacobi_1d(%Ad, %Bd, %c12, %c4) : (memref<?xf32>, memref<?xf32>, index, index) -> ()
  func.call @printMemrefF32(%Au) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%Bu) : (memref<*xf32>) -> ()
  func.call @jacobi_1d(%Ad, %Bd, %c12, %c0) : (memref<?xf32>, memref<?xf32>, index, index) -> ()
  func.call @jacobi_1d(%Ad, %Bd, %c3, %c1) : (memref<?xf32>, memref<?xf32>, index, index) -> ()
  func.call @printMemrefF32(%Au) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%Bu) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<12xf32>
  memref.dealloc %B : memref<12xf32>
  func.return
}
