// kernel: insertion_sort — MachSuite-style insertion sort of i32 in place: an scf.for over i with an inner scf.while whose before-region combines `j > 0` and `a[j-1] > key` with andi, the load address clamped with select so it stays in bounds when j = 0 (the load happens regardless); the after-region shifts a[j-1] to a[j]; zero-trip whiles for already-placed keys; the number of shifts is carried out and returned; called on an LCG array with duplicates and negatives, on the now-sorted array (0 shifts) and on a descending 9-element prefix.
func.func private @printMemrefI32(memref<*xi32>)

func.func @insertion_sort(%a: memref<?xi32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %shifts = scf.for %i = %c1 to %n step %c1 iter_args(%sh = %c0) -> (index) {
    %key = memref.load %a[%i] : memref<?xi32>
    %r:2 = scf.while (%j = %i, %s = %sh) : (index, index) -> (index, index) {
      %pos = arith.cmpi ugt, %j, %c0 : index
      %jm1 = arith.subi %j, %c1 : index
      %idx = arith.select %pos, %jm1, %c0 : index
      %prev = memref.load %a[%idx] : memref<?xi32>
      %gt = arith.cmpi sgt, %prev, %key : i32
      %go = arith.andi %pos, %gt : i1
      scf.condition(%go) %j, %s : index, index
    } do {
    ^bb0(%j: index, %s: index):
      %jm1 = arith.subi %j, %c1 : index
      %v = memref.load %a[%jm1] : memref<?xi32>
      memref.store %v, %a[%j] : memref<?xi32>
      %s1 = arith.addi %s, %c1 : index
      scf.yield %jm1, %s1 : index, index
    }
    memref.store %key, %a[%r#0] : memref<?xi32>
    scf.yield %r#1 : index
  }
  func.return %shifts : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c20 = arith.constant 20 : index
  %buf = memref.alloc() : memref<20xi32>
  %mul = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %sh = arith.constant 20 : i32
  %mask = arith.constant 63 : i32
  %off = arith.constant 30 : i32
  %seed = arith.constant 7 : i32
  // a[i] = ((lcg >> 20) & 63) - 30
  %last = scf.for %i = %c0 to %c20 step %c1 iter_args(%x = %seed) -> (i32) {
    %x1 = arith.muli %x, %mul : i32
    %x2 = arith.addi %x1, %inc : i32
    %t = arith.shrui %x2, %sh : i32
    %m = arith.andi %t, %mask : i32
    %v = arith.subi %m, %off : i32
    memref.store %v, %buf[%i] : memref<20xi32>
    scf.yield %x2 : i32
  }
  %bu = memref.cast %buf : memref<20xi32> to memref<*xi32>
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %a = memref.cast %buf : memref<20xi32> to memref<?xi32>
  %s1 = func.call @insertion_sort(%a, %c20) : (memref<?xi32>, index) -> index
  vector.print %s1 : index
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %s2 = func.call @insertion_sort(%a, %c20) : (memref<?xi32>, index) -> index
  vector.print %s2 : index
  // descending prefix: a[i] = 100 - 7*i for i < 9
  %hundred = arith.constant 100 : i32
  %seven = arith.constant 7 : i32
  scf.for %i = %c0 to %c9 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %seven : i32
    %v = arith.subi %hundred, %t : i32
    memref.store %v, %buf[%i] : memref<20xi32>
  }
  %s3 = func.call @insertion_sort(%a, %c9) : (memref<?xi32>, index) -> index
  vector.print %s3 : index
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  memref.dealloc %buf : memref<20xi32>
  func.return
}
