// kernel: bubble_sort — an scf.while (pass counter + i1 "swapped" flag) around an scf.for whose trip count shrinks each pass, with the swap done by an scf.if without else and the flag carried through an i1 iter_arg; sorts signed i32 data, then re-sorts the sorted array (one pass).
func.func private @printMemrefI32(memref<*xi32>)

func.func @bubble_sort(%a: memref<?xi32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %nm1 = arith.subi %n, %c1 : index
  %passes = scf.while (%pass = %c0, %go = %true) : (index, i1) -> index {
    scf.condition(%go) %pass : index
  } do {
  ^bb0(%pass: index):
    %lim = arith.subi %nm1, %pass : index
    %swapped = scf.for %j = %c0 to %lim step %c1 iter_args(%s = %false) -> (i1) {
      %j1 = arith.addi %j, %c1 : index
      %x = memref.load %a[%j] : memref<?xi32>
      %y = memref.load %a[%j1] : memref<?xi32>
      %gt = arith.cmpi sgt, %x, %y : i32
      scf.if %gt {
        memref.store %y, %a[%j] : memref<?xi32>
        memref.store %x, %a[%j1] : memref<?xi32>
      }
      %s1 = arith.ori %s, %gt : i1
      scf.yield %s1 : i1
    }
    %p1 = arith.addi %pass, %c1 : index
    scf.yield %p1, %swapped : index, i1
  }
  func.return %passes : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %mul = arith.constant 1664525 : i32
  %inc = arith.constant 1013904223 : i32
  %sh = arith.constant 21 : i32
  %bias = arith.constant 1024 : i32
  %seed = arith.constant 7 : i32
  %a = memref.alloc() : memref<16xi32>
  // a[i] = (x_i >>u 21) - 1024 with x_{i+1} = 1664525 * x_i + 1013904223 (mod 2^32)
  %unused = scf.for %i = %c0 to %c16 step %c1 iter_args(%x = %seed) -> (i32) {
    %m = arith.muli %x, %mul : i32
    %x1 = arith.addi %m, %inc : i32
    %hi = arith.shrui %x1, %sh : i32
    %v = arith.subi %hi, %bias : i32
    memref.store %v, %a[%i] : memref<16xi32>
    scf.yield %x1 : i32
  }
  %ad = memref.cast %a : memref<16xi32> to memref<?xi32>
  %au = memref.cast %a : memref<16xi32> to memref<*xi32>
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  %p0 = func.call @bubble_sort(%ad, %c16) : (memref<?xi32>, index) -> index
  vector.print %p0 : index
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  %p1 = func.call @bubble_sort(%ad, %c16) : (memref<?xi32>, index) -> index
  vector.print %p1 : index
  memref.dealloc %a : memref<16xi32>
  func.return
}
