// kernel: par_matadd_2d — a 2-D scf.parallel (two induction variables, flattened into one stream by the lowering) writing C = A + 2 B on 5x7 f32 matrices, then a 2-D loop with non-zero lower bounds and steps (2, 3), its rows from arguments, scaling selected elements in place (called with an empty row range too).
func.func @par_matadd(%A: memref<5x7xf32>, %B: memref<5x7xf32>, %C: memref<5x7xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %two = arith.constant 2.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c5, %c7) step (%c1, %c1) {
    %a = memref.load %A[%i, %j] : memref<5x7xf32>
    %b = memref.load %B[%i, %j] : memref<5x7xf32>
    %t = arith.mulf %b, %two : f32
    %s = arith.addf %a, %t : f32
    memref.store %s, %C[%i, %j] : memref<5x7xf32>
  }
  return
}

func.func @par_scale_window(%C: memref<5x7xf32>, %ilo: index, %ihi: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %k = arith.constant -0.5 : f32
  scf.parallel (%i, %j) = (%ilo, %c1) to (%ihi, %c7) step (%c2, %c3) {
    %x = memref.load %C[%i, %j] : memref<5x7xf32>
    %y = arith.mulf %x, %k : f32
    memref.store %y, %C[%i, %j] : memref<5x7xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() : memref<5x7xf32>
  %B = memref.alloc() : memref<5x7xf32>
  %C = memref.alloc() : memref<5x7xf32>
  %quarter = arith.constant 0.25 : f32
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k10 = arith.constant 10 : i32
      %t = arith.muli %ii, %k10 : i32
      %u = arith.addi %t, %jj : i32
      %f = arith.sitofp %u : i32 to f32
      %g = arith.mulf %f, %quarter : f32
      %h = arith.subf %g, %f : f32
      memref.store %f, %A[%i, %j] : memref<5x7xf32>
      memref.store %g, %B[%i, %j] : memref<5x7xf32>
      memref.store %h, %C[%i, %j] : memref<5x7xf32>
    }
  }
  func.call @par_matadd(%A, %B, %C) : (memref<5x7xf32>, memref<5x7xf32>, memref<5x7xf32>) -> ()
  %Cu = memref.cast %C : memref<5x7xf32> to memref<*xf32>
  func.call @printMemrefF32(%Cu) : (memref<*xf32>) -> ()
  func.call @par_scale_window(%C, %c1, %c5) : (memref<5x7xf32>, index, index) -> ()
  func.call @printMemrefF32(%Cu) : (memref<*xf32>) -> ()
  // an empty window: the first variable has zero trips
  func.call @par_scale_window(%C, %c5, %c2) : (memref<5x7xf32>, index, index) -> ()
  func.call @printMemrefF32(%Cu) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<5x7xf32>
  memref.dealloc %B : memref<5x7xf32>
  memref.dealloc %C : memref<5x7xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
