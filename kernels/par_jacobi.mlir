// kernel: par_jacobi — an scf.parallel inside an scf.for: 1-D three-point Jacobi smoothing, time steps sequential (the for), the points of a step parallel (reads u, writes v, then copies back in a second parallel loop); f64.
func.func @par_jacobi(%u: memref<?xf64>, %v: memref<?xf64>, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %third = arith.constant 0.333333333333 : f64
  %last = arith.subi %n, %c1 : index
  scf.for %t = %c0 to %steps step %c1 {
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %a = memref.load %u[%im] : memref<?xf64>
      %b = memref.load %u[%i] : memref<?xf64>
      %c = memref.load %u[%ip] : memref<?xf64>
      %s = arith.addf %a, %b : f64
      %s2 = arith.addf %s, %c : f64
      %r = arith.mulf %s2, %third : f64
      memref.store %r, %v[%i] : memref<?xf64>
    }
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %x = memref.load %v[%i] : memref<?xf64>
      memref.store %x, %u[%i] : memref<?xf64>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %u = memref.alloc() : memref<12xf64>
  %v = memref.alloc() : memref<12xf64>
  %zero = arith.constant 0.0 : f64
  %hundred = arith.constant 100.0 : f64
  scf.for %i = %c0 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %k3 = arith.constant 3 : i32
    %r = arith.remui %ii, %k3 : i32
    %f = arith.sitofp %r : i32 to f64
    %g = arith.mulf %f, %hundred : f64
    memref.store %g, %u[%i] : memref<12xf64>
    memref.store %zero, %v[%i] : memref<12xf64>
  }
  %ud = memref.cast %u : memref<12xf64> to memref<?xf64>
  %vd = memref.cast %v : memref<12xf64> to memref<?xf64>
  func.call @par_jacobi(%ud, %vd, %c12, %c4) : (memref<?xf64>, memref<?xf64>, index, index) -> ()
  %uu = memref.cast %u : memref<12xf64> to memref<*xf64>
  func.call @printMemrefF64(%uu) : (memref<*xf64>) -> ()
  // no time steps: the parallel loops never activate
  func.call @par_jacobi(%ud, %vd, %c12, %c0) : (memref<?xf64>, memref<?xf64>, index, index) -> ()
  func.call @printMemrefF64(%uu) : (memref<*xf64>) -> ()
  memref.dealloc %u : memref<12xf64>
  memref.dealloc %v : memref<12xf64>
  return
}
func.func private @printMemrefF64(memref<*xf64>)
