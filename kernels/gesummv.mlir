// kernel: gesummv — PolyBench gesummv in f32: y = alpha*A x + beta*B x with both dot products carried as two iter_args of one inner loop (two loads of x[j] per iteration avoided: one load feeds both), tmp and y stored after the loop; scalar alpha/beta arguments; called twice with different scalars and n (6, then a 4-element prefix through the same 6x6 buffers).
func.func private @printMemrefF32(memref<*xf32>)

func.func @gesummv(%alpha: f32, %beta: f32, %A: memref<6x6xf32>, %B: memref<6x6xf32>, %x: memref<6xf32>, %y: memref<6xf32>, %tmp: memref<6xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%t = %zero, %u = %zero) -> (f32, f32) {
      %xj = memref.load %x[%j] : memref<6xf32>
      %a = memref.load %A[%i, %j] : memref<6x6xf32>
      %b = memref.load %B[%i, %j] : memref<6x6xf32>
      %ax = arith.mulf %a, %xj : f32
      %bx = arith.mulf %b, %xj : f32
      %t1 = arith.addf %t, %ax : f32
      %u1 = arith.addf %u, %bx : f32
      scf.yield %t1, %u1 : f32, f32
    }
    memref.store %r#0, %tmp[%i] : memref<6xf32>
    %at = arith.mulf %alpha, %r#0 : f32
    %bu = arith.mulf %beta, %r#1 : f32
    %yi = arith.addf %at, %bu : f32
    memref.store %yi, %y[%i] : memref<6xf32>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c5 = arith.constant 5 : index
  %f6 = arith.constant 6.0 : f32
  %f4 = arith.constant 4.0 : f32
  %A = memref.alloc() : memref<6x6xf32>
  %B = memref.alloc() : memref<6x6xf32>
  %x = memref.alloc() : memref<6xf32>
  %y = memref.alloc() : memref<6xf32>
  %tmp = memref.alloc() : memref<6xf32>
  // A[i][j] = ((i*j + 1) mod 6) / 6 ; B[i][j] = ((i*j + 2) mod 5) / 4 - 0.5 ; x[j] = (j mod 6) / 6 - 0.25
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %m = arith.muli %i, %j : index
      %m1 = arith.addi %m, %c1 : index
      %ra = arith.remui %m1, %c6 : index
      %rai = arith.index_cast %ra : index to i32
      %raf = arith.sitofp %rai : i32 to f32
      %av = arith.divf %raf, %f6 : f32
      memref.store %av, %A[%i, %j] : memref<6x6xf32>
      %m2 = arith.addi %m1, %c1 : index
      %rb = arith.remui %m2, %c5 : index
      %rbi = arith.index_cast %rb : index to i32
      %rbf = arith.sitofp %rbi : i32 to f32
      %bq = arith.divf %rbf, %f4 : f32
      %bv = arith.subf %bq, %half : f32
      memref.store %bv, %B[%i, %j] : memref<6x6xf32>
    }
    %ii = arith.index_cast %i : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %xq = arith.divf %if, %f6 : f32
    %xv = arith.subf %xq, %quarter : f32
    memref.store %xv, %x[%i] : memref<6xf32>
  }
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  func.call @gesummv(%alpha, %beta, %A, %B, %x, %y, %tmp, %c6) : (f32, f32, memref<6x6xf32>, memref<6x6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, index) -> ()
  %yu = memref.cast %y : memref<6xf32> to memref<*xf32>
  %tu = memref.cast %tmp : memref<6xf32> to memref<*xf32>
  func.call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  %alpha2 = arith.constant -0.75 : f32
  %beta2 = arith.constant 3.0 : f32
  func.call @gesummv(%alpha2, %beta2, %A, %B, %x, %y, %tmp, %c4) : (f32, f32, memref<6x6xf32>, memref<6x6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, index) -> ()
  func.call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<6x6xf32>
  memref.dealloc %B : memref<6x6xf32>
  memref.dealloc %x : memref<6xf32>
  memref.dealloc %y : memref<6xf32>
  memref.dealloc %tmp : memref<6xf32>
  func.return
}
