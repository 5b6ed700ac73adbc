// kernel: vecadd — f32 element-wise c[i] = a[i] + b[i] over dynamic-size memrefs; one kernel function called twice from main with different buffers and lengths (the second call reads the first call's output and overwrites a prefix of an input).
func.func private @printMemrefF32(memref<*xf32>)

func.func @vecadd(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %c[%i] : memref<?xf32>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %tenth = arith.constant 0.1 : f32
  %quarter = arith.constant 0.25 : f32
  %onehalf = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  // a[i] = 0.1 * i ; b[i] = 1.5 - 0.25 * i
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %av = arith.mulf %f, %tenth : f32
    %bq = arith.mulf %f, %quarter : f32
    %bv = arith.subf %onehalf, %bq : f32
    memref.store %av, %a[%i] : memref<16xf32>
    memref.store %bv, %b[%i] : memref<16xf32>
  }
  %ad = memref.cast %a : memref<16xf32> to memref<?xf32>
  %bd = memref.cast %b : memref<16xf32> to memref<?xf32>
  %cd = memref.cast %c : memref<16xf32> to memref<?xf32>
  func.call @vecadd(%ad, %bd, %cd, %c16) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()
  %cu = memref.cast %c : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  // b[0..10) = c[0..10) + a[0..10)
  func.call @vecadd(%cd, %ad, %bd, %c10) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()
  %bu = memref.cast %b : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  func.return
}
