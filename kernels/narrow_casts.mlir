// kernel: narrow_casts — i1/i8/i16 arithmetic with wraparound and cast chains: i1 addi/subi/muli/xori (xor/xor/and), select choosing between i1 values and between i8 values, i8 muli/addi/shli wrap, shrsi/shrui on negative bytes, i16 squares that wrap, trunci chains i16 -> i8 -> i1, extsi/extui chains i8 -> i16 -> i32 and i1 -> i8 (-1) -> i16 (255), index_cast from i8 (sign-extending; used as an address after adding 128) and index -> i16 truncation; i8/i16/i1 iter_args; an scf.while counting an i8 across the 127 -> -128 wrap and an i16 stepping down by 7 through zero; results as a 2-D i32 memref and vector.print of i1/i8/i16.
func.func private @printMemrefI32(memref<*xi32>)

func.func @mix(%a: memref<?xi8>, %b: memref<?xi16>, %out: memref<?x8xi32>, %hist: memref<8xi32>, %n: index) -> (i8, i16, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c5000 = arith.constant 5000 : index
  %z8 = arith.constant 0 : i8
  %z16 = arith.constant 0 : i16
  %false = arith.constant false
  %i8_2 = arith.constant 2 : i8
  %i8_3 = arith.constant 3 : i8
  %i8_100 = arith.constant 100 : i8
  %k1000 = arith.constant 1000 : i16
  %one32 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc8 = %z8, %acc16 = %z16, %par = %false) -> (i8, i16, i1) {
    %x = memref.load %a[%i] : memref<?xi8>
    %y = memref.load %b[%i] : memref<?xi16>
    // i1 arithmetic
    %neg = arith.cmpi slt, %x, %z8 : i8
    %big = arith.cmpi sgt, %y, %k1000 : i16
    %p_add = arith.addi %neg, %big : i1
    %p_mul = arith.muli %neg, %big : i1
    %p_sub = arith.subi %neg, %big : i1
    %par1 = arith.xori %par, %p_add : i1
    %sel1 = arith.select %p_mul, %neg, %p_sub : i1
    // i8 wraparound
    %x3 = arith.muli %x, %i8_3 : i8
    %x4 = arith.addi %x3, %i8_100 : i8
    %xs = arith.shli %x, %i8_3 : i8
    %xr = arith.shrsi %x, %i8_2 : i8
    %xu = arith.shrui %x, %i8_2 : i8
    %pick = arith.select %neg, %xr, %xu : i8
    // i16 wraparound
    %yy = arith.muli %y, %y : i16
    %acc16n = arith.xori %acc16, %yy : i16
    // trunc chain i16 -> i8 -> i1
    %yt8 = arith.trunci %y : i16 to i8
    %yt1 = arith.trunci %yt8 : i8 to i1
    // ext chains
    %xs16 = arith.extsi %x : i8 to i16
    %xsu32 = arith.extui %xs16 : i16 to i32
    %b8 = arith.extsi %p_add : i1 to i8
    %b16 = arith.extui %b8 : i8 to i16
    // index casts
    %xi = arith.index_cast %x : i8 to index
    %off = arith.addi %xi, %c128 : index
    %bucket = arith.remui %off, %c8 : index
    %h = memref.load %hist[%bucket] : memref<8xi32>
    %h1 = arith.addi %h, %one32 : i32
    memref.store %h1, %hist[%bucket] : memref<8xi32>
    %im = arith.muli %i, %c5000 : index
    %t16 = arith.index_cast %im : index to i16
    // outputs
    %o0 = arith.extsi %x4 : i8 to i32
    %o1 = arith.extsi %xs : i8 to i32
    %o2 = arith.extsi %pick : i8 to i32
    %o3 = arith.extsi %yy : i16 to i32
    %bits0 = arith.extui %yt1 : i1 to i32
    %bits1 = arith.extui %sel1 : i1 to i32
    %bits2 = arith.extui %p_sub : i1 to i32
    %sh1 = arith.shli %bits1, %one32 : i32
    %two32 = arith.constant 2 : i32
    %sh2 = arith.shli %bits2, %two32 : i32
    %o4a = arith.ori %bits0, %sh1 : i32
    %o4 = arith.ori %o4a, %sh2 : i32
    %o6 = arith.extsi %b16 : i16 to i32
    %o7 = arith.extsi %t16 : i16 to i32
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    memref.store %o0, %out[%i, %c0] : memref<?x8xi32>
    memref.store %o1, %out[%i, %c1] : memref<?x8xi32>
    memref.store %o2, %out[%i, %c2] : memref<?x8xi32>
    memref.store %o3, %out[%i, %c3] : memref<?x8xi32>
    memref.store %o4, %out[%i, %c4] : memref<?x8xi32>
    memref.store %xsu32, %out[%i, %c5] : memref<?x8xi32>
    memref.store %o6, %out[%i, %c6] : memref<?x8xi32>
    memref.store %o7, %out[%i, %c7] : memref<?x8xi32>
    %acc8n = arith.addi %acc8, %x4 : i8
    scf.yield %acc8n, %acc16n, %par1 : i8, i16, i1
  }
  func.return %r#0, %r#1, %r#2 : i8, i16, i1
}

// counts an i8 from %s up to %e (wrapping past 127) and an i16 from %t down by 7 until it is negative
func.func @wrap_count(%s: i8, %e: i8, %t: i16) -> (i32, i8, i16, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %one8 = arith.constant 1 : i8
  %seven = arith.constant 7 : i16
  %z16 = arith.constant 0 : i16
  %r:3 = scf.while (%c = %s, %k = %zero, %mx = %s) : (i8, i32, i8) -> (i8, i32, i8) {
    %ne = arith.cmpi ne, %c, %e : i8
    scf.condition(%ne) %c, %k, %mx : i8, i32, i8
  } do {
  ^bb0(%c: i8, %k: i32, %mx: i8):
    %c1 = arith.addi %c, %one8 : i8
    %k1 = arith.addi %k, %one : i32
    %mx1 = arith.maxui %mx, %c1 : i8
    scf.yield %c1, %k1, %mx1 : i8, i32, i8
  }
  %q:2 = scf.while (%u = %t, %k = %zero) : (i16, i32) -> (i16, i32) {
    %nn = arith.cmpi sge, %u, %z16 : i16
    scf.condition(%nn) %u, %k : i16, i32
  } do {
  ^bb0(%u: i16, %k: i32):
    %u1 = arith.subi %u, %seven : i16
    %k1 = arith.addi %k, %one : i32
    scf.yield %u1, %k1 : i16, i32
  }
  func.return %r#1, %r#2, %q#0, %q#1 : i32, i8, i16, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<10xi8>
  %b = memref.alloc() : memref<10xi16>
  %out = memref.alloc() : memref<10x8xi32>
  %hist = memref.alloc() : memref<8xi32>
  %zero = arith.constant 0 : i32
  %m37 = arith.constant 37 : i32
  %m29 = arith.constant 29 : i32
  %k3001 = arith.constant 3001 : i32
  %k1234 = arith.constant 1234 : i32
  // a[i] = trunc_i8(37*i - 90) ; b[i] = trunc_i16(3001*i*i - 1234*i - 29)
  scf.for %i = %c0 to %c10 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %m37 : i32
    %ninety = arith.constant 90 : i32
    %t2 = arith.subi %t, %ninety : i32
    %x = arith.trunci %t2 : i32 to i8
    memref.store %x, %a[%i] : memref<10xi8>
    %sq = arith.muli %ii, %ii : i32
    %u1 = arith.muli %sq, %k3001 : i32
    %u2 = arith.muli %ii, %k1234 : i32
    %u3 = arith.subi %u1, %u2 : i32
    %u4 = arith.subi %u3, %m29 : i32
    %y = arith.trunci %u4 : i32 to i16
    memref.store %y, %b[%i] : memref<10xi16>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %zero, %hist[%i] : memref<8xi32>
  }
  %ad = memref.cast %a : memref<10xi8> to memref<?xi8>
  %bd = memref.cast %b : memref<10xi16> to memref<?xi16>
  %od = memref.cast %out : memref<10x8xi32> to memref<?x8xi32>
  %r:3 = func.call @mix(%ad, %bd, %od, %hist, %c10) : (memref<?xi8>, memref<?xi16>, memref<?x8xi32>, memref<8xi32>, index) -> (i8, i16, i1)
  vector.print %r#0 : i8
  vector.print %r#1 : i16
  vector.print %r#2 : i1
  %ou = memref.cast %out : memref<10x8xi32> to memref<*xi32>
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  %hu = memref.cast %hist : memref<8xi32> to memref<*xi32>
  func.call @printMemrefI32(%hu) : (memref<*xi32>) -> ()
  %s = arith.constant 120 : i8
  %e = arith.constant -120 : i8
  %t = arith.constant 20 : i16
  %w:4 = func.call @wrap_count(%s, %e, %t) : (i8, i8, i16) -> (i32, i8, i16, i32)
  vector.print %w#0 : i32
  vector.print %w#1 : i8
  vector.print %w#2 : i16
  vector.print %w#3 : i32
  %s2 = arith.constant -3 : i8
  %e2 = arith.constant -3 : i8
  %t2 = arith.constant -1 : i16
  %w2:4 = func.call @wrap_count(%s2, %e2, %t2) : (i8, i8, i16) -> (i32, i8, i16, i32)
  vector.print %w2#0 : i32
  vector.print %w2#1 : i8
  vector.print %w2#2 : i16
  vector.print %w2#3 : i32
  memref.dealloc %a : memref<10xi8>
  memref.dealloc %b : memref<10xi16>
  memref.dealloc %out : memref<10x8xi32>
  memref.dealloc %hist : memref<8xi32>
  func.return
}
