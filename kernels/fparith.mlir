// kernel: fparith — f32/f64 arithmetic and printing: 0.1 + 0.2 in both widths, negative zero, inf, divisions, sitofp/uitofp/fptosi (both signs)/extf/truncf, cmpf predicates printed as i1, select on floats, a Horner polynomial at several points, and a naive f32 vs Kahan-compensated sum of 0.1; prints f32/f64 scalars and a 1-D f32 memref.
func.func private @printMemrefF32(memref<*xf32>)

// p(x) = 0.5 x^3 - 1.25 x^2 + 0.1 x - 3 evaluated by Horner's rule for n points x = x0 + k * dx
func.func @horner(%out: memref<?xf32>, %n: index, %x0: f32, %dx: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a3 = arith.constant 0.5 : f32
  %a2 = arith.constant -1.25 : f32
  %a1 = arith.constant 0.1 : f32
  %a0 = arith.constant -3.0 : f32
  scf.for %k = %c0 to %n step %c1 {
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %off = arith.mulf %kf, %dx : f32
    %x = arith.addf %x0, %off : f32
    %t0 = arith.mulf %a3, %x : f32
    %t1 = arith.addf %t0, %a2 : f32
    %t2 = arith.mulf %t1, %x : f32
    %t3 = arith.addf %t2, %a1 : f32
    %t4 = arith.mulf %t3, %x : f32
    %t5 = arith.addf %t4, %a0 : f32
    memref.store %t5, %out[%k] : memref<?xf32>
  }
  func.return
}

// naive and Kahan-compensated f32 sums of n copies of v, plus an f64 reference
func.func @sums(%v: f32, %n: index) -> (f32, f32, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %z64 = arith.constant 0.0 : f64
  %v64 = arith.extf %v : f32 to f64
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%naive = %z, %sum = %z, %comp = %z, %ref = %z64) -> (f32, f32, f32, f64) {
    %n1 = arith.addf %naive, %v : f32
    %y = arith.subf %v, %comp : f32
    %t = arith.addf %sum, %y : f32
    %d = arith.subf %t, %sum : f32
    %c = arith.subf %d, %y : f32
    %r1 = arith.addf %ref, %v64 : f64
    scf.yield %n1, %t, %c, %r1 : f32, f32, f32, f64
  }
  func.return %r#0, %r#1, %r#3 : f32, f32, f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c1000 = arith.constant 1000 : index
  %p1 = arith.constant 0.1 : f32
  %p2 = arith.constant 0.2 : f32
  %s = arith.addf %p1, %p2 : f32
  vector.print %s : f32
  %d1 = arith.constant 0.1 : f64
  %d2 = arith.constant 0.2 : f64
  %ds = arith.addf %d1, %d2 : f64
  vector.print %ds : f64
  %d3 = arith.constant 0.3 : f64
  %diff = arith.subf %ds, %d3 : f64
  vector.print %diff : f64
  %eq = arith.cmpf oeq, %ds, %d3 : f64
  vector.print %eq : i1

  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %third = arith.divf %one, %three : f32
  vector.print %third : f32
  %back = arith.mulf %third, %three : f32
  vector.print %back : f32
  %onehalf = arith.constant 1.5 : f32
  vector.print %onehalf : f32
  %zero = arith.constant 0.0 : f32
  %mone = arith.constant -1.0 : f32
  %nz = arith.mulf %mone, %zero : f32
  vector.print %nz : f32
  %nzc = arith.constant -0.0 : f32
  vector.print %nzc : f32
  %zeq = arith.cmpf oeq, %nz, %zero : f32
  vector.print %zeq : i1
  %inf = arith.divf %one, %zero : f32
  vector.print %inf : f32
  %ninf = arith.divf %one, %nz : f32
  vector.print %ninf : f32
  %big = arith.constant 3.0e38 : f32
  %ovf = arith.mulf %big, %three : f32
  vector.print %ovf : f32
  %tiny = arith.constant 1.0e-5 : f32
  vector.print %tiny : f32
  %large = arith.constant 123456789.0 : f32
  vector.print %large : f32
  %dl = arith.constant 123456789.0 : f64
  vector.print %dl : f64
  %dsmall = arith.constant 0.000123456 : f64
  vector.print %dsmall : f64

  // conversions
  %neg = arith.constant -7 : i32
  %nf = arith.sitofp %neg : i32 to f32
  vector.print %nf : f32
  %nuf = arith.uitofp %neg : i32 to f32
  vector.print %nuf : f32
  %fr = arith.constant -2.7 : f32
  %fi = arith.fptosi %fr : f32 to i32
  vector.print %fi : i32
  %fr2 = arith.constant 2.7 : f32
  %fi2 = arith.fptosi %fr2 : f32 to i32
  vector.print %fi2 : i32
  %ext = arith.extf %p1 : f32 to f64
  vector.print %ext : f64
  %extd = arith.subf %ext, %d1 : f64
  vector.print %extd : f64
  %pi = arith.constant 3.14159265358979 : f64
  %pt = arith.truncf %pi : f64 to f32
  vector.print %pt : f32
  vector.print %pi : f64

  // comparisons and select
  %lt = arith.cmpf olt, %third, %onehalf : f32
  vector.print %lt : i1
  %ge = arith.cmpf oge, %third, %onehalf : f32
  vector.print %ge : i1
  %ne = arith.cmpf une, %nz, %zero : f32
  vector.print %ne : i1
  %ule = arith.cmpf ule, %inf, %ninf : f32
  vector.print %ule : i1
  %mx = arith.select %lt, %onehalf, %third : f32
  vector.print %mx : f32

  // Horner over 9 points in [-2, 2]
  %out = memref.alloc() : memref<9xf32>
  %outd = memref.cast %out : memref<9xf32> to memref<?xf32>
  %x0 = arith.constant -2.0 : f32
  %dx = arith.constant 0.5 : f32
  func.call @horner(%outd, %c9, %x0, %dx) : (memref<?xf32>, index, f32, f32) -> ()
  %outu = memref.cast %out : memref<9xf32> to memref<*xf32>
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
  %x1 = arith.constant 0.3 : f32
  %dx1 = arith.constant 0.7 : f32
  func.call @horner(%outd, %c9, %x1, %dx1) : (memref<?xf32>, index, f32, f32) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()

  %r:3 = func.call @sums(%p1, %c1000) : (f32, index) -> (f32, f32, f64)
  vector.print %r#0 : f32
  vector.print %r#1 : f32
  vector.print %r#2 : f64
  memref.dealloc %out : memref<9xf32>
  func.return
}
