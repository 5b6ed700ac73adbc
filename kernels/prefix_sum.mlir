// kernel: prefix_sum — i64 inclusive scan out-of-place (running sum in an iter_arg, totals beyond the i32 range) and in place (a[i] += a[i-1], a loop-carried dependence through memory); prints 1-D i64 memrefs and the i64 total.
func.func private @printMemrefI64(memref<*xi64>)

func.func @scan(%in: memref<?xi64>, %out: memref<?xi64>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %x = memref.load %in[%i] : memref<?xi64>
    %s = arith.addi %acc, %x : i64
    memref.store %s, %out[%i] : memref<?xi64>
    scf.yield %s : i64
  }
  func.return %total : i64
}

func.func @scan_inplace(%a: memref<?xi64>, %n: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi64>
    %x = memref.load %a[%i] : memref<?xi64>
    %s = arith.addi %p, %x : i64
    memref.store %s, %a[%i] : memref<?xi64>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %k = arith.constant 1000003 : i64
  %three = arith.constant 3 : i64
  %in = memref.alloc() : memref<20xi64>
  %out = memref.alloc() : memref<20xi64>
  // in[i] = 1000003 * i * i - 3 * i
  scf.for %i = %c0 to %c20 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %t = arith.muli %sq, %k : i64
    %u = arith.muli %ii, %three : i64
    %v = arith.subi %t, %u : i64
    memref.store %v, %in[%i] : memref<20xi64>
  }
  %ind = memref.cast %in : memref<20xi64> to memref<?xi64>
  %outd = memref.cast %out : memref<20xi64> to memref<?xi64>
  %total = func.call @scan(%ind, %outd, %c20) : (memref<?xi64>, memref<?xi64>, index) -> i64
  vector.print %total : i64
  %outu = memref.cast %out : memref<20xi64> to memref<*xi64>
  func.call @printMemrefI64(%outu) : (memref<*xi64>) -> ()
  // scanning the scan in place gives the second-order prefix sums
  func.call @scan_inplace(%outd, %c20) : (memref<?xi64>, index) -> ()
  func.call @printMemrefI64(%outu) : (memref<*xi64>) -> ()
  memref.dealloc %in : memref<20xi64>
  memref.dealloc %out : memref<20xi64>
  func.return
}
