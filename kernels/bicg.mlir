// kernel: bicg — PolyBench bicg in f64: s = A^T r and q = A p in one nest over a 6x4 matrix; s[j] read-modify-written through memory inside the inner loop (s zeroed by a separate loop), q[i] reduced in an iter_arg; called twice (second call with r = -q and p = s of the first, arith.negf); 1-D f64 print_memref.
func.func private @printMemrefF64(memref<*xf64>)

func.func @bicg(%A: memref<6x4xf64>, %r: memref<6xf64>, %p: memref<4xf64>, %s: memref<4xf64>, %q: memref<6xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f64
  scf.for %j = %c0 to %c4 step %c1 {
    memref.store %zero, %s[%j] : memref<4xf64>
  }
  scf.for %i = %c0 to %c6 step %c1 {
    %ri = memref.load %r[%i] : memref<6xf64>
    %qi = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
      %a = memref.load %A[%i, %j] : memref<6x4xf64>
      %sj = memref.load %s[%j] : memref<4xf64>
      %ra = arith.mulf %ri, %a : f64
      %sn = arith.addf %sj, %ra : f64
      memref.store %sn, %s[%j] : memref<4xf64>
      %pj = memref.load %p[%j] : memref<4xf64>
      %ap = arith.mulf %a, %pj : f64
      %qn = arith.addf %acc, %ap : f64
      scf.yield %qn : f64
    }
    memref.store %qi, %q[%i] : memref<6xf64>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %f3 = arith.constant 3.0 : f64
  %f4 = arith.constant 4.0 : f64
  %f6 = arith.constant 6.0 : f64
  %A = memref.alloc() : memref<6x4xf64>
  %r = memref.alloc() : memref<6xf64>
  %p = memref.alloc() : memref<4xf64>
  %s = memref.alloc() : memref<4xf64>
  %q = memref.alloc() : memref<6xf64>
  // A[i][j] = (i * (j + 1) mod 6) / 6 ; r[i] = i / 3 - 1 ; p[j] = (j mod 4) / 4 + 0.5
  %half = arith.constant 0.5 : f64
  %onef = arith.constant 1.0 : f64
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %j1 = arith.addi %j, %c1 : index
      %m = arith.muli %i, %j1 : index
      %mm = arith.remui %m, %c6 : index
      %mi = arith.index_cast %mm : index to i64
      %mf = arith.sitofp %mi : i64 to f64
      %v = arith.divf %mf, %f6 : f64
      memref.store %v, %A[%i, %j] : memref<6x4xf64>
    }
    %ii = arith.index_cast %i : index to i64
    %if = arith.sitofp %ii : i64 to f64
    %t = arith.divf %if, %f3 : f64
    %rv = arith.subf %t, %onef : f64
    memref.store %rv, %r[%i] : memref<6xf64>
  }
  scf.for %j = %c0 to %c4 step %c1 {
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    %t = arith.divf %jf, %f4 : f64
    %pv = arith.addf %t, %half : f64
    memref.store %pv, %p[%j] : memref<4xf64>
  }
  func.call @bicg(%A, %r, %p, %s, %q) : (memref<6x4xf64>, memref<6xf64>, memref<4xf64>, memref<4xf64>, memref<6xf64>) -> ()
  %su = memref.cast %s : memref<4xf64> to memref<*xf64>
  %qu = memref.cast %q : memref<6xf64> to memref<*xf64>
  func.call @printMemrefF64(%su) : (memref<*xf64>) -> ()
  func.call @printMemrefF64(%qu) : (memref<*xf64>) -> ()
  // second call: r = -q (from the first call), p = s (from the first call)
  scf.for %i = %c0 to %c6 step %c1 {
    %v = memref.load %q[%i] : memref<6xf64>
    %nv = arith.negf %v : f64
    memref.store %nv, %r[%i] : memref<6xf64>
  }
  scf.for %j = %c0 to %c4 step %c1 {
    %v = memref.load %s[%j] : memref<4xf64>
    memref.store %v, %p[%j] : memref<4xf64>
  }
  func.call @bicg(%A, %r, %p, %s, %q) : (memref<6x4xf64>, memref<6xf64>, memref<4xf64>, memref<4xf64>, memref<6xf64>) -> ()
  func.call @printMemrefF64(%su) : (memref<*xf64>) -> ()
  func.call @printMemrefF64(%qu) : (memref<*xf64>) -> ()
  memref.dealloc %A : memref<6x4xf64>
  memref.dealloc %r : memref<6xf64>
  memref.dealloc %p : memref<4xf64>
  memref.dealloc %s : memref<4xf64>
  memref.dealloc %q : memref<6xf64>
  func.return
}
