// kernel: math_ops — every math dialect op loom-sim supports, on values loaded from memory (so nothing is folded at compile time): 24 unary f32 ops (absf, ceil, floor, trunc, round, roundeven, sqrt, rsqrt, exp, exp2, expm1, log, log2, log10, log1p, sin, cos, tan, asin, acos, atan, sinh, cosh, tanh) over +-0, +-1, halves, 100, -1e-3, a subnormal, 3e38, +-inf and NaN into a 2-D table; f64 copysign/atan2/powf/fma/fpowi over pairs with +-0, +-inf, NaN, 1e300 and i32 exponents; f16 exp/sqrt/fma/fpowi through truncf/extf; isnan/isfinite counted into returned i32 scalars; absi/ctlz/cttz/ctpop on i8, i32, i64 and index including 0, -1 and INT_MIN; the same ops once more in main on the host; prints 2-D f32/f64/i32/i64 memrefs and f32/f64/i1/i32/index scalars.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

// t[k][i] = op_k(x[i]) for the 24 unary float ops
func.func @unary_f32(%x: memref<?xf32>, %t: memref<24x?xf32>, %n: index) {
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
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %c18 = arith.constant 18 : index
  %c19 = arith.constant 19 : index
  %c20 = arith.constant 20 : index
  %c21 = arith.constant 21 : index
  %c22 = arith.constant 22 : index
  %c23 = arith.constant 23 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %r0 = math.absf %v : f32
    memref.store %r0, %t[%c0, %i] : memref<24x?xf32>
    %r1 = math.ceil %v : f32
    memref.store %r1, %t[%c1, %i] : memref<24x?xf32>
    %r2 = math.floor %v : f32
    memref.store %r2, %t[%c2, %i] : memref<24x?xf32>
    %r3 = math.trunc %v : f32
    memref.store %r3, %t[%c3, %i] : memref<24x?xf32>
    %r4 = math.round %v : f32
    memref.store %r4, %t[%c4, %i] : memref<24x?xf32>
    %r5 = math.roundeven %v : f32
    memref.store %r5, %t[%c5, %i] : memref<24x?xf32>
    %r6 = math.sqrt %v : f32
    memref.store %r6, %t[%c6, %i] : memref<24x?xf32>
    %r7 = math.rsqrt %v : f32
    memref.store %r7, %t[%c7, %i] : memref<24x?xf32>
    %r8 = math.exp %v : f32
    memref.store %r8, %t[%c8, %i] : memref<24x?xf32>
    %r9 = math.exp2 %v : f32
    memref.store %r9, %t[%c9, %i] : memref<24x?xf32>
    %r10 = math.expm1 %v : f32
    memref.store %r10, %t[%c10, %i] : memref<24x?xf32>
    %r11 = math.log %v : f32
    memref.store %r11, %t[%c11, %i] : memref<24x?xf32>
    %r12 = math.log2 %v : f32
    memref.store %r12, %t[%c12, %i] : memref<24x?xf32>
    %r13 = math.log10 %v : f32
    memref.store %r13, %t[%c13, %i] : memref<24x?xf32>
    %r14 = math.log1p %v : f32
    memref.store %r14, %t[%c14, %i] : memref<24x?xf32>
    %r15 = math.sin %v : f32
    memref.store %r15, %t[%c15, %i] : memref<24x?xf32>
    %r16 = math.cos %v : f32
    memref.store %r16, %t[%c16, %i] : memref<24x?xf32>
    %r17 = math.tan %v : f32
    memref.store %r17, %t[%c17, %i] : memref<24x?xf32>
    %r18 = math.asin %v : f32
    memref.store %r18, %t[%c18, %i] : memref<24x?xf32>
    %r19 = math.acos %v : f32
    memref.store %r19, %t[%c19, %i] : memref<24x?xf32>
    %r20 = math.atan %v : f32
    memref.store %r20, %t[%c20, %i] : memref<24x?xf32>
    %r21 = math.sinh %v : f32
    memref.store %r21, %t[%c21, %i] : memref<24x?xf32>
    %r22 = math.cosh %v : f32
    memref.store %r22, %t[%c22, %i] : memref<24x?xf32>
    %r23 = math.tanh %v : f32
    memref.store %r23, %t[%c23, %i] : memref<24x?xf32>
  }
  func.return
}

// t[0..4][i] = copysign(x, y), atan2(x, y), powf(x, y), fma(x, y, x), fpowi(x, e) on f64
func.func @binary_f64(%x: memref<?xf64>, %y: memref<?xf64>, %e: memref<?xi32>, %t: memref<5x?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf64>
    %b = memref.load %y[%i] : memref<?xf64>
    %k = memref.load %e[%i] : memref<?xi32>
    %r0 = math.copysign %a, %b : f64
    memref.store %r0, %t[%c0, %i] : memref<5x?xf64>
    %r1 = math.atan2 %a, %b : f64
    memref.store %r1, %t[%c1, %i] : memref<5x?xf64>
    %r2 = math.powf %a, %b : f64
    memref.store %r2, %t[%c2, %i] : memref<5x?xf64>
    %r3 = math.fma %a, %b, %a : f64
    memref.store %r3, %t[%c3, %i] : memref<5x?xf64>
    %r4 = math.fpowi %a, %k : f64, i32
    memref.store %r4, %t[%c4, %i] : memref<5x?xf64>
  }
  func.return
}

// f16 through truncf/extf: t[0..3][i] = exp, sqrt, fma(h, h, h), fpowi(h, 3) of half(x[i])
func.func @half_ops(%x: memref<?xf32>, %t: memref<4x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %three = arith.constant 3 : i32
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %h = arith.truncf %v : f32 to f16
    %h0 = math.exp %h : f16
    %r0 = arith.extf %h0 : f16 to f32
    memref.store %r0, %t[%c0, %i] : memref<4x?xf32>
    %h1 = math.sqrt %h : f16
    %r1 = arith.extf %h1 : f16 to f32
    memref.store %r1, %t[%c1, %i] : memref<4x?xf32>
    %h2 = math.fma %h, %h, %h : f16
    %r2 = arith.extf %h2 : f16 to f32
    memref.store %r2, %t[%c2, %i] : memref<4x?xf32>
    %h3 = math.fpowi %h, %three : f16, i32
    %r3 = arith.extf %h3 : f16 to f32
    memref.store %r3, %t[%c3, %i] : memref<4x?xf32>
  }
  func.return
}

// how many of x[0..n) are NaN, and how many are finite
func.func @classify(%x: memref<?xf32>, %n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%nans = %z, %fin = %z) -> (i32, i32) {
    %v = memref.load %x[%i] : memref<?xf32>
    %isn = math.isnan %v : f32
    %isf = math.isfinite %v : f32
    %a = arith.extui %isn : i1 to i32
    %b = arith.extui %isf : i1 to i32
    %nans1 = arith.addi %nans, %a : i32
    %fin1 = arith.addi %fin, %b : i32
    scf.yield %nans1, %fin1 : i32, i32
  }
  func.return %r#0, %r#1 : i32, i32
}

// t[0..11][i] = absi, ctlz, cttz, ctpop of a[i] as i32, of its low byte as i8 (sign-
// extended back) and of a[i] * 2^20 as index; w[0..3][i] the same on i64 a[i] << 20 | 1
func.func @int_ops(%a: memref<?xi32>, %t: memref<12x?xi32>, %w: memref<4x?xi64>, %n: index) {
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
  %c11 = arith.constant 11 : index
  %sh = arith.constant 20 : i64
  %one = arith.constant 1 : i64
  %mega = arith.constant 1048576 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xi32>
    %r0 = math.absi %v : i32
    memref.store %r0, %t[%c0, %i] : memref<12x?xi32>
    %r1 = math.ctlz %v : i32
    memref.store %r1, %t[%c1, %i] : memref<12x?xi32>
    %r2 = math.cttz %v : i32
    memref.store %r2, %t[%c2, %i] : memref<12x?xi32>
    %r3 = math.ctpop %v : i32
    memref.store %r3, %t[%c3, %i] : memref<12x?xi32>
    %b = arith.trunci %v : i32 to i8
    %b0 = math.absi %b : i8
    %s0 = arith.extsi %b0 : i8 to i32
    memref.store %s0, %t[%c4, %i] : memref<12x?xi32>
    %b1 = math.ctlz %b : i8
    %s1 = arith.extsi %b1 : i8 to i32
    memref.store %s1, %t[%c5, %i] : memref<12x?xi32>
    %b2 = math.cttz %b : i8
    %s2 = arith.extsi %b2 : i8 to i32
    memref.store %s2, %t[%c6, %i] : memref<12x?xi32>
    %b3 = math.ctpop %b : i8
    %s3 = arith.extsi %b3 : i8 to i32
    memref.store %s3, %t[%c7, %i] : memref<12x?xi32>
    %vi = arith.index_cast %v : i32 to index
    %x = arith.muli %vi, %mega : index
    %x0 = math.absi %x : index
    %x1 = math.ctlz %x : index
    %x2 = math.cttz %x : index
    %x3 = math.ctpop %x : index
    %y0 = arith.index_cast %x0 : index to i32
    %y1 = arith.index_cast %x1 : index to i32
    %y2 = arith.index_cast %x2 : index to i32
    %y3 = arith.index_cast %x3 : index to i32
    memref.store %y0, %t[%c8, %i] : memref<12x?xi32>
    memref.store %y1, %t[%c9, %i] : memref<12x?xi32>
    memref.store %y2, %t[%c10, %i] : memref<12x?xi32>
    memref.store %y3, %t[%c11, %i] : memref<12x?xi32>
    %l = arith.extsi %v : i32 to i64
    %ls = arith.shli %l, %sh : i64
    %lo = arith.ori %ls, %one : i64
    %l0 = math.absi %lo : i64
    memref.store %l0, %w[%c0, %i] : memref<4x?xi64>
    %l1 = math.ctlz %ls : i64
    memref.store %l1, %w[%c1, %i] : memref<4x?xi64>
    %l2 = math.cttz %ls : i64
    memref.store %l2, %w[%c2, %i] : memref<4x?xi64>
    %l3 = math.ctpop %lo : i64
    memref.store %l3, %w[%c3, %i] : memref<4x?xi64>
  }
  func.return
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
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index

  // f32 inputs: +-0, +-1, 0.5, -2.5, 3.75, 100, -1e-3, a subnormal, 3e38, +-inf, NaN, 2.5, 1.5
  %x = memref.alloc(%c16) : memref<?xf32>
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant -0.0 : f32
  %f2 = arith.constant 1.0 : f32
  %f3 = arith.constant -1.0 : f32
  %f4 = arith.constant 0.5 : f32
  %f5 = arith.constant -2.5 : f32
  %f6 = arith.constant 3.75 : f32
  %f7 = arith.constant 100.0 : f32
  %f8 = arith.constant -1.0e-3 : f32
  %f9 = arith.constant 1.0e-40 : f32
  %f10 = arith.constant 3.0e38 : f32
  %f11 = arith.constant 0x7F800000 : f32
  %f12 = arith.constant 0xFF800000 : f32
  %f13 = arith.constant 0x7FC00000 : f32
  %f14 = arith.constant 2.5 : f32
  %f15 = arith.constant 1.5 : f32
  memref.store %f0, %x[%c0] : memref<?xf32>
  memref.store %f1, %x[%c1] : memref<?xf32>
  memref.store %f2, %x[%c2] : memref<?xf32>
  memref.store %f3, %x[%c3] : memref<?xf32>
  memref.store %f4, %x[%c4] : memref<?xf32>
  memref.store %f5, %x[%c5] : memref<?xf32>
  memref.store %f6, %x[%c6] : memref<?xf32>
  memref.store %f7, %x[%c7] : memref<?xf32>
  memref.store %f8, %x[%c8] : memref<?xf32>
  memref.store %f9, %x[%c9] : memref<?xf32>
  memref.store %f10, %x[%c10] : memref<?xf32>
  memref.store %f11, %x[%c11] : memref<?xf32>
  memref.store %f12, %x[%c12] : memref<?xf32>
  memref.store %f13, %x[%c13] : memref<?xf32>
  memref.store %f14, %x[%c14] : memref<?xf32>
  memref.store %f15, %x[%c15] : memref<?xf32>

  %t = memref.alloc(%c16) : memref<24x?xf32>
  func.call @unary_f32(%x, %t, %c16) : (memref<?xf32>, memref<24x?xf32>, index) -> ()
  %tu = memref.cast %t : memref<24x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%tu) : (memref<*xf32>) -> ()

  %h = memref.alloc(%c16) : memref<4x?xf32>
  func.call @half_ops(%x, %h, %c16) : (memref<?xf32>, memref<4x?xf32>, index) -> ()
  %hu = memref.cast %h : memref<4x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%hu) : (memref<*xf32>) -> ()

  %cls:2 = func.call @classify(%x, %c16) : (memref<?xf32>, index) -> (i32, i32)
  vector.print %cls#0 : i32
  vector.print %cls#1 : i32

  // f64 pairs (x, y) and i32 exponents
  %dx = memref.alloc(%c8) : memref<?xf64>
  %dy = memref.alloc(%c8) : memref<?xf64>
  %de = memref.alloc(%c8) : memref<?xi32>
  %d0 = arith.constant 0.0 : f64
  %d1 = arith.constant -0.0 : f64
  %d2 = arith.constant 2.0 : f64
  %d3 = arith.constant -3.0 : f64
  %d4 = arith.constant 0.5 : f64
  %d5 = arith.constant 1.0e300 : f64
  %d6 = arith.constant 0xFFF0000000000000 : f64
  %d7 = arith.constant 0x7FF8000000000000 : f64
  %d8 = arith.constant 3.0 : f64
  %d9 = arith.constant 10.0 : f64
  %d10 = arith.constant -1.0 : f64
  %d11 = arith.constant 0x7FF0000000000000 : f64
  %d12 = arith.constant 1.0e-300 : f64
  memref.store %d0, %dx[%c0] : memref<?xf64>
  memref.store %d1, %dx[%c1] : memref<?xf64>
  memref.store %d2, %dx[%c2] : memref<?xf64>
  memref.store %d3, %dx[%c3] : memref<?xf64>
  memref.store %d4, %dx[%c4] : memref<?xf64>
  memref.store %d5, %dx[%c5] : memref<?xf64>
  memref.store %d6, %dx[%c6] : memref<?xf64>
  memref.store %d7, %dx[%c7] : memref<?xf64>
  memref.store %d8, %dy[%c0] : memref<?xf64>
  memref.store %d1, %dy[%c1] : memref<?xf64>
  memref.store %d4, %dy[%c2] : memref<?xf64>
  memref.store %d2, %dy[%c3] : memref<?xf64>
  memref.store %d10, %dy[%c4] : memref<?xf64>
  memref.store %d11, %dy[%c5] : memref<?xf64>
  memref.store %d12, %dy[%c6] : memref<?xf64>
  memref.store %d9, %dy[%c7] : memref<?xf64>
  %e0 = arith.constant 0 : i32
  %e1 = arith.constant 1 : i32
  %e2 = arith.constant -1 : i32
  %e3 = arith.constant 10 : i32
  %e4 = arith.constant -3 : i32
  %e5 = arith.constant 2 : i32
  %e6 = arith.constant 31 : i32
  %e7 = arith.constant 3 : i32
  memref.store %e0, %de[%c0] : memref<?xi32>
  memref.store %e1, %de[%c1] : memref<?xi32>
  memref.store %e2, %de[%c2] : memref<?xi32>
  memref.store %e3, %de[%c3] : memref<?xi32>
  memref.store %e4, %de[%c4] : memref<?xi32>
  memref.store %e5, %de[%c5] : memref<?xi32>
  memref.store %e6, %de[%c6] : memref<?xi32>
  memref.store %e7, %de[%c7] : memref<?xi32>
  %dt = memref.alloc(%c8) : memref<5x?xf64>
  func.call @binary_f64(%dx, %dy, %de, %dt, %c8) : (memref<?xf64>, memref<?xf64>, memref<?xi32>, memref<5x?xf64>, index) -> ()
  %dtu = memref.cast %dt : memref<5x?xf64> to memref<*xf64>
  func.call @printMemrefF64(%dtu) : (memref<*xf64>) -> ()

  // i32 inputs: 0, 1, -1, 7, INT_MIN, INT_MAX, 0x00F0F000, -8, 12345678, 2^30
  %a = memref.alloc(%c10) : memref<?xi32>
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant -1 : i32
  %i3 = arith.constant 7 : i32
  %i4 = arith.constant -2147483648 : i32
  %i5 = arith.constant 2147483647 : i32
  %i6 = arith.constant 15790080 : i32
  %i7 = arith.constant -8 : i32
  %i8 = arith.constant 12345678 : i32
  %i9 = arith.constant 1073741824 : i32
  memref.store %i0, %a[%c0] : memref<?xi32>
  memref.store %i1, %a[%c1] : memref<?xi32>
  memref.store %i2, %a[%c2] : memref<?xi32>
  memref.store %i3, %a[%c3] : memref<?xi32>
  memref.store %i4, %a[%c4] : memref<?xi32>
  memref.store %i5, %a[%c5] : memref<?xi32>
  memref.store %i6, %a[%c6] : memref<?xi32>
  memref.store %i7, %a[%c7] : memref<?xi32>
  memref.store %i8, %a[%c8] : memref<?xi32>
  memref.store %i9, %a[%c9] : memref<?xi32>
  %it = memref.alloc(%c10) : memref<12x?xi32>
  %iw = memref.alloc(%c10) : memref<4x?xi64>
  func.call @int_ops(%a, %it, %iw, %c10) : (memref<?xi32>, memref<12x?xi32>, memref<4x?xi64>, index) -> ()
  %itu = memref.cast %it : memref<12x?xi32> to memref<*xi32>
  func.call @printMemrefI32(%itu) : (memref<*xi32>) -> ()
  %iwu = memref.cast %iw : memref<4x?xi64> to memref<*xi64>
  func.call @printMemrefI64(%iwu) : (memref<*xi64>) -> ()

  // On the host: the same ops on loaded values, printed one by one.
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %s = math.sqrt %v : f32
    vector.print %s : f32
    %l = math.log1p %v : f32
    vector.print %l : f32
    %m = math.fma %v, %v, %s : f32
    vector.print %m : f32
    %c = math.copysign %f15, %v : f32
    vector.print %c : f32
    %nan = math.isnan %s : f32
    vector.print %nan : i1
    %fin = math.isfinite %v : f32
    vector.print %fin : i1
    %w = arith.extf %v : f32 to f64
    %tw = math.tanh %w : f64
    vector.print %tw : f64
    %pw = math.powf %w, %d4 : f64
    vector.print %pw : f64
  }
  scf.for %i = %c0 to %c10 step %c1 {
    %v = memref.load %a[%i] : memref<?xi32>
    %z = math.ctlz %v : i32
    vector.print %z : i32
    %vi = arith.index_cast %v : i32 to index
    %p = math.ctpop %vi : index
    vector.print %p : index
    %ab = math.absi %vi : index
    vector.print %ab : index
  }
  memref.dealloc %x : memref<?xf32>
  memref.dealloc %t : memref<24x?xf32>
  memref.dealloc %h : memref<4x?xf32>
  memref.dealloc %dx : memref<?xf64>
  memref.dealloc %dy : memref<?xf64>
  memref.dealloc %de : memref<?xi32>
  memref.dealloc %dt : memref<5x?xf64>
  memref.dealloc %a : memref<?xi32>
  memref.dealloc %it : memref<12x?xi32>
  memref.dealloc %iw : memref<4x?xi64>
  func.return
}
