// kernel: collatz_dowhile — Collatz in do-while form: all work is in the scf.while before-region (an scf.if/else yielding the next value and an overflow flag), which forwards four values of a different type list (i32, i32, i32, i1) than its two arguments, with a three-way compound condition `x != 1 and k < limit and not overflow` (andi, xori); the after-region only repacks; the exit reason is recovered from the forwarded values; start values are loaded from memory (1: zero steps; 27, 97, 871: reach 1; 113383 and 837799: the 3x+1 would overflow i32; 0: never reaches 1 and hits the step limit), and an outer scf.for with step 2 visits every other start.
func.func private @printMemrefI32(memref<*xi32>)

func.func @collatz_dw(%starts: memref<?xi32>, %steps: memref<?xi32>, %last: memref<?xi32>, %why: memref<?xi32>, %n: index, %stride: index, %limit: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %cap = arith.constant 715827882 : i32
  %true = arith.constant true
  %false = arith.constant false
  %total = scf.for %i = %c0 to %n step %stride iter_args(%tot = %zero) -> (i32) {
    %s = memref.load %starts[%i] : memref<?xi32>
    %r:4 = scf.while (%x = %s, %k = %zero) : (i32, i32) -> (i32, i32, i32, i1) {
      %bit = arith.andi %x, %one : i32
      %odd = arith.cmpi eq, %bit, %one : i32
      %nx:2 = scf.if %odd -> (i32, i1) {
        %ov = arith.cmpi sgt, %x, %cap : i32
        %t = arith.muli %x, %three : i32
        %t1 = arith.addi %t, %one : i32
        scf.yield %t1, %ov : i32, i1
      } else {
        %h = arith.divsi %x, %two : i32
        scf.yield %h, %false : i32, i1
      }
      %k1 = arith.addi %k, %one : i32
      %notone = arith.cmpi ne, %x, %one : i32
      %under = arith.cmpi slt, %k, %limit : i32
      %ok = arith.xori %nx#1, %true : i1
      %g1 = arith.andi %notone, %under : i1
      %go = arith.andi %g1, %ok : i1
      scf.condition(%go) %nx#0, %k1, %x, %nx#1 : i32, i32, i32, i1
    } do {
    ^bb0(%nx: i32, %k1: i32, %x: i32, %ov: i1):
      scf.yield %nx, %k1 : i32, i32
    }
    // k1 - 1 steps were taken; reason: 0 reached 1, 1 overflow, 2 step limit
    %taken = arith.subi %r#1, %one : i32
    memref.store %taken, %steps[%i] : memref<?xi32>
    memref.store %r#2, %last[%i] : memref<?xi32>
    %isone = arith.cmpi eq, %r#2, %one : i32
    %ovi = arith.select %r#3, %one, %two : i32
    %reason = arith.select %isone, %zero, %ovi : i32
    memref.store %reason, %why[%i] : memref<?xi32>
    %tot1 = arith.addi %tot, %taken : i32
    scf.yield %tot1 : i32
  }
  func.return %total : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %starts = memref.alloc() : memref<10xi32>
  %steps = memref.alloc() : memref<10xi32>
  %last = memref.alloc() : memref<10xi32>
  %why = memref.alloc() : memref<10xi32>
  %v0 = arith.constant 1 : i32
  %v1 = arith.constant 0 : i32
  %v2 = arith.constant 27 : i32
  %v3 = arith.constant 97 : i32
  %v4 = arith.constant 113383 : i32
  %v5 = arith.constant 837799 : i32
  %v6 = arith.constant 6 : i32
  %v7 = arith.constant 2 : i32
  %v8 = arith.constant 871 : i32
  %v9 = arith.constant 3 : i32
  memref.store %v0, %starts[%c0] : memref<10xi32>
  memref.store %v1, %starts[%c1] : memref<10xi32>
  memref.store %v2, %starts[%c2] : memref<10xi32>
  memref.store %v3, %starts[%c3] : memref<10xi32>
  memref.store %v4, %starts[%c4] : memref<10xi32>
  memref.store %v5, %starts[%c5] : memref<10xi32>
  memref.store %v6, %starts[%c6] : memref<10xi32>
  memref.store %v7, %starts[%c7] : memref<10xi32>
  memref.store %v8, %starts[%c8] : memref<10xi32>
  memref.store %v9, %starts[%c9] : memref<10xi32>
  %neg = arith.constant -1 : i32
  scf.for %i = %c0 to %c10 step %c1 {
    memref.store %neg, %steps[%i] : memref<10xi32>
    memref.store %neg, %last[%i] : memref<10xi32>
    memref.store %neg, %why[%i] : memref<10xi32>
  }
  %sd = memref.cast %starts : memref<10xi32> to memref<?xi32>
  %std = memref.cast %steps : memref<10xi32> to memref<?xi32>
  %ld = memref.cast %last : memref<10xi32> to memref<?xi32>
  %wd = memref.cast %why : memref<10xi32> to memref<?xi32>
  %stu = memref.cast %steps : memref<10xi32> to memref<*xi32>
  %lu = memref.cast %last : memref<10xi32> to memref<*xi32>
  %wu = memref.cast %why : memref<10xi32> to memref<*xi32>
  %limit = arith.constant 200 : i32
  // every other start (step 2): 1, 27, 113383, 6, 871
  %t1 = func.call @collatz_dw(%sd, %std, %ld, %wd, %c10, %c2, %limit) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index, index, i32) -> i32
  vector.print %t1 : i32
  func.call @printMemrefI32(%stu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%lu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%wu) : (memref<*xi32>) -> ()
  // all starts
  %t2 = func.call @collatz_dw(%sd, %std, %ld, %wd, %c10, %c1, %limit) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index, index, i32) -> i32
  vector.print %t2 : i32
  func.call @printMemrefI32(%stu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%lu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%wu) : (memref<*xi32>) -> ()
  memref.dealloc %starts : memref<10xi32>
  memref.dealloc %steps : memref<10xi32>
  memref.dealloc %last : memref<10xi32>
  memref.dealloc %why : memref<10xi32>
  func.return
}
