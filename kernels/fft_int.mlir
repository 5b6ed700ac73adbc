// kernel: fft_int — MachSuite-style radix-2 FFT in integer form: i32 Q14 fixed point, twiddle table of 16 entries in memory; bit-reversal permutation with an inner bit loop carrying two i32 values (shli/ori/andi/shrui) and a conditional swap (scf.if without else); log2(n) stages as an scf.while doubling len (shli on index), butterfly groups in an scf.for with the run-time step len, twiddle index k*(16/len) (divui); products shifted with shrsi (arithmetic rounding toward -inf on negatives); the butterfly count is carried through while/for/for and returned; called for n = 16 (mixed signal) and n = 8 (impulse at 1: the outputs are twiddles).
func.func private @printMemrefI32(memref<*xi32>)

func.func @fft_int(%re: memref<?xi32>, %im: memref<?xi32>, %wr: memref<?xi32>, %wi: memref<?xi32>, %n: index, %logn: index, %ntab: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %q = arith.constant 14 : i32
  // bit-reversal permutation
  scf.for %i = %c0 to %n step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %rv:2 = scf.for %b = %c0 to %logn step %c1 iter_args(%r = %zero, %x = %i32) -> (i32, i32) {
      %r1 = arith.shli %r, %one : i32
      %bit = arith.andi %x, %one : i32
      %r2 = arith.ori %r1, %bit : i32
      %x1 = arith.shrui %x, %one : i32
      scf.yield %r2, %x1 : i32, i32
    }
    %rev = arith.index_cast %rv#0 : i32 to index
    %lt = arith.cmpi ult, %i, %rev : index
    scf.if %lt {
      %a = memref.load %re[%i] : memref<?xi32>
      %b = memref.load %re[%rev] : memref<?xi32>
      memref.store %b, %re[%i] : memref<?xi32>
      memref.store %a, %re[%rev] : memref<?xi32>
      %c = memref.load %im[%i] : memref<?xi32>
      %d = memref.load %im[%rev] : memref<?xi32>
      memref.store %d, %im[%i] : memref<?xi32>
      memref.store %c, %im[%rev] : memref<?xi32>
    }
  }
  // stages
  %r:2 = scf.while (%len = %c2, %cnt = %c0) : (index, index) -> (index, index) {
    %go = arith.cmpi ule, %len, %n : index
    scf.condition(%go) %len, %cnt : index, index
  } do {
  ^bb0(%len: index, %cnt: index):
    %half = arith.shrui %len, %c1 : index
    %tstep = arith.divui %ntab, %len : index
    %cnt1 = scf.for %start = %c0 to %n step %len iter_args(%cs = %cnt) -> (index) {
      %cs1 = scf.for %k = %c0 to %half step %c1 iter_args(%ck = %cs) -> (index) {
        %i = arith.addi %start, %k : index
        %j = arith.addi %i, %half : index
        %w = arith.muli %k, %tstep : index
        %wre = memref.load %wr[%w] : memref<?xi32>
        %wim = memref.load %wi[%w] : memref<?xi32>
        %xr = memref.load %re[%j] : memref<?xi32>
        %xi = memref.load %im[%j] : memref<?xi32>
        %p1 = arith.muli %wre, %xr : i32
        %p2 = arith.muli %wim, %xi : i32
        %p3 = arith.muli %wre, %xi : i32
        %p4 = arith.muli %wim, %xr : i32
        %tr0 = arith.subi %p1, %p2 : i32
        %ti0 = arith.addi %p3, %p4 : i32
        %tr = arith.shrsi %tr0, %q : i32
        %ti = arith.shrsi %ti0, %q : i32
        %ur = memref.load %re[%i] : memref<?xi32>
        %ui = memref.load %im[%i] : memref<?xi32>
        %dr = arith.subi %ur, %tr : i32
        %di = arith.subi %ui, %ti : i32
        %sr = arith.addi %ur, %tr : i32
        %si = arith.addi %ui, %ti : i32
        memref.store %dr, %re[%j] : memref<?xi32>
        memref.store %di, %im[%j] : memref<?xi32>
        memref.store %sr, %re[%i] : memref<?xi32>
        memref.store %si, %im[%i] : memref<?xi32>
        %ck1 = arith.addi %ck, %c1 : index
        scf.yield %ck1 : index
      }
      scf.yield %cs1 : index
    }
    %len2 = arith.shli %len, %c1 : index
    scf.yield %len2, %cnt1 : index, index
  }
  func.return %r#1 : index
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
  %c16 = arith.constant 16 : index
  %c37 = arith.constant 37 : index
  %re = memref.alloc() : memref<16xi32>
  %im = memref.alloc() : memref<16xi32>
  %wr = memref.alloc() : memref<16xi32>
  %wi = memref.alloc() : memref<16xi32>
  // W16^k = cos(2 pi k / 16) - i sin(2 pi k / 16) in Q14, k < 8 (entries 8..15 unused, set to 0)
  %zero = arith.constant 0 : i32
  scf.for %k = %c0 to %c16 step %c1 {
    memref.store %zero, %wr[%k] : memref<16xi32>
    memref.store %zero, %wi[%k] : memref<16xi32>
  }
  %v16384 = arith.constant 16384 : i32
  %v15137 = arith.constant 15137 : i32
  %v11585 = arith.constant 11585 : i32
  %v6270 = arith.constant 6270 : i32
  %m16384 = arith.constant -16384 : i32
  %m15137 = arith.constant -15137 : i32
  %m11585 = arith.constant -11585 : i32
  %m6270 = arith.constant -6270 : i32
  memref.store %v16384, %wr[%c0] : memref<16xi32>
  memref.store %v15137, %wr[%c1] : memref<16xi32>
  memref.store %v11585, %wr[%c2] : memref<16xi32>
  memref.store %v6270, %wr[%c3] : memref<16xi32>
  memref.store %zero, %wr[%c4] : memref<16xi32>
  memref.store %m6270, %wr[%c5] : memref<16xi32>
  memref.store %m11585, %wr[%c6] : memref<16xi32>
  memref.store %m15137, %wr[%c7] : memref<16xi32>
  memref.store %zero, %wi[%c0] : memref<16xi32>
  memref.store %m6270, %wi[%c1] : memref<16xi32>
  memref.store %m11585, %wi[%c2] : memref<16xi32>
  memref.store %m15137, %wi[%c3] : memref<16xi32>
  memref.store %m16384, %wi[%c4] : memref<16xi32>
  memref.store %m15137, %wi[%c5] : memref<16xi32>
  memref.store %m11585, %wi[%c6] : memref<16xi32>
  memref.store %m6270, %wi[%c7] : memref<16xi32>
  // re[i] = 64 * ((37 i) mod 16) - 512 ; im[i] = 100 * (i mod 3) - 100
  %k64 = arith.constant 64 : i32
  %k512 = arith.constant 512 : i32
  %k100 = arith.constant 100 : i32
  scf.for %i = %c0 to %c16 step %c1 {
    %t = arith.muli %i, %c37 : index
    %m = arith.remui %t, %c16 : index
    %mi = arith.index_cast %m : index to i32
    %a = arith.muli %mi, %k64 : i32
    %rv = arith.subi %a, %k512 : i32
    memref.store %rv, %re[%i] : memref<16xi32>
    %m3 = arith.remui %i, %c3 : index
    %m3i = arith.index_cast %m3 : index to i32
    %b = arith.muli %m3i, %k100 : i32
    %iv = arith.subi %b, %k100 : i32
    memref.store %iv, %im[%i] : memref<16xi32>
  }
  %reu = memref.cast %re : memref<16xi32> to memref<*xi32>
  %imu = memref.cast %im : memref<16xi32> to memref<*xi32>
  func.call @printMemrefI32(%reu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%imu) : (memref<*xi32>) -> ()
  %red = memref.cast %re : memref<16xi32> to memref<?xi32>
  %imd = memref.cast %im : memref<16xi32> to memref<?xi32>
  %wrd = memref.cast %wr : memref<16xi32> to memref<?xi32>
  %wid = memref.cast %wi : memref<16xi32> to memref<?xi32>
  %n1 = func.call @fft_int(%red, %imd, %wrd, %wid, %c16, %c4, %c16) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index, index, index) -> index
  vector.print %n1 : index
  func.call @printMemrefI32(%reu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%imu) : (memref<*xi32>) -> ()
  // 8-point transform of an impulse at index 1 (scaled 4096) in the first half; the second half keeps its values
  %k4096 = arith.constant 4096 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %zero, %re[%i] : memref<16xi32>
    memref.store %zero, %im[%i] : memref<16xi32>
  }
  memref.store %k4096, %re[%c1] : memref<16xi32>
  %n2 = func.call @fft_int(%red, %imd, %wrd, %wid, %c8, %c3, %c16) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index, index, index) -> index
  vector.print %n2 : index
  func.call @printMemrefI32(%reu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%imu) : (memref<*xi32>) -> ()
  memref.dealloc %re : memref<16xi32>
  memref.dealloc %im : memref<16xi32>
  memref.dealloc %wr : memref<16xi32>
  memref.dealloc %wi : memref<16xi32>
  func.return
}
