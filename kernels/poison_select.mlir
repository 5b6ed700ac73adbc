// kernel: poison_select — values LLVM calls poison, made and then discarded by a select, as C compilers lower `r ? (x << r) | (x >> (32 - r)) : x` (the rotation of LOOM's rotate_bits): the shift by 32 - 0 is poison where r = 0, and the select picks x there; likewise an fptosi of a value out of i32's range, selected away by a range test. The result never depends on the poison, so every engine must give the oracle's output (docs/design.md "Poison").
func.func private @printMemrefI32(memref<*xi32>)

func.func @rotl(%x: memref<?xi32>, %r: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : i32
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xi32>
    %a = memref.load %r[%i] : memref<?xi32>
    %s = arith.remui %a, %c32 : i32
    %hi = arith.shli %v, %s : i32
    %t = arith.subi %c32, %s : i32
    %lo = arith.shrui %v, %t : i32
    %rot = arith.ori %hi, %lo : i32
    %none = arith.cmpi eq, %s, %zero : i32
    %res = arith.select %none, %v, %rot : i32
    memref.store %res, %out[%i] : memref<?xi32>
  }
  func.return
}

// out[i] = fptosi(f[i]) where |f[i]| < 2^31, else -1; returns how many were in range.
func.func @to_int(%f: memref<?xf32>, %out: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %limit = arith.constant 2147483648.0 : f32
  %m1 = arith.constant -1 : i32
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%k = %zero) -> (i32) {
    %v = memref.load %f[%i] : memref<?xf32>
    %q = arith.fptosi %v : f32 to i32
    %abs = math.absf %v : f32
    %ok = arith.cmpf olt, %abs, %limit : f32
    %res = arith.select %ok, %q, %m1 : i32
    memref.store %res, %out[%i] : memref<?xi32>
    %inc = arith.select %ok, %one, %zero : i32
    %k2 = arith.addi %k, %inc : i32
    scf.yield %k2 : i32
  }
  func.return %count : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %mult = arith.constant 19088743 : i32
  %seven = arith.constant 7 : i32
  %scale = arith.constant 4.0e8 : f32
  %x = memref.alloc() : memref<12xi32>
  %r = memref.alloc() : memref<12xi32>
  %out = memref.alloc() : memref<12xi32>
  %f = memref.alloc() : memref<12xf32>
  // x[i] = 0x01234567 * (i + 7); r[i] = 7 * i, so r % 32 is 0 at i = 0 only;
  // f[i] = 4e8 * (i - 6), beyond i32's range at i = 0 only (-2.4e9).
  scf.for %i = %c0 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %k = arith.addi %ii, %seven : i32
    %xw = arith.muli %mult, %k : i32
    %ri = arith.muli %seven, %ii : i32
    memref.store %xw, %x[%i] : memref<12xi32>
    memref.store %ri, %r[%i] : memref<12xi32>
    %six = arith.constant 6 : i32
    %d = arith.subi %ii, %six : i32
    %df = arith.sitofp %d : i32 to f32
    %fv = arith.mulf %df, %scale : f32
    memref.store %fv, %f[%i] : memref<12xf32>
  }
  %xd = memref.cast %x : memref<12xi32> to memref<?xi32>
  %rd = memref.cast %r : memref<12xi32> to memref<?xi32>
  %od = memref.cast %out : memref<12xi32> to memref<?xi32>
  %fd = memref.cast %f : memref<12xf32> to memref<?xf32>
  %ou = memref.cast %out : memref<12xi32> to memref<*xi32>
  func.call @rotl(%xd, %rd, %od, %c12) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  %n = func.call @to_int(%fd, %od, %c12) : (memref<?xf32>, memref<?xi32>, index) -> i32
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  vector.print %n : i32
  memref.dealloc %x : memref<12xi32>
  memref.dealloc %r : memref<12xi32>
  memref.dealloc %out : memref<12xi32>
  memref.dealloc %f : memref<12xf32>
  func.return
}
