// kernel: dot — f32 dot product returned as a scalar through a loop iter_arg; called three times (full length, a prefix, and a buffer dotted with itself) and printed with vector.print f32.
func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    scf.yield %s : f32
  }
  func.return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c24 = arith.constant 24 : index
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<24xf32>
  %b = memref.alloc() : memref<24xf32>
  // a[i] = 0.5 * i - 2 ; b[i] = 1 / (i + 1)
  scf.for %i = %c0 to %c24 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %h = arith.mulf %f, %half : f32
    %av = arith.subf %h, %two : f32
    %f1 = arith.addf %f, %one : f32
    %bv = arith.divf %one, %f1 : f32
    memref.store %av, %a[%i] : memref<24xf32>
    memref.store %bv, %b[%i] : memref<24xf32>
  }
  %ad = memref.cast %a : memref<24xf32> to memref<?xf32>
  %bd = memref.cast %b : memref<24xf32> to memref<?xf32>
  %r0 = func.call @dot(%ad, %bd, %c24) : (memref<?xf32>, memref<?xf32>, index) -> f32
  vector.print %r0 : f32
  %r1 = func.call @dot(%ad, %bd, %c5) : (memref<?xf32>, memref<?xf32>, index) -> f32
  vector.print %r1 : f32
  %r2 = func.call @dot(%ad, %ad, %c24) : (memref<?xf32>, memref<?xf32>, index) -> f32
  vector.print %r2 : f32
  memref.dealloc %a : memref<24xf32>
  memref.dealloc %b : memref<24xf32>
  func.return
}
