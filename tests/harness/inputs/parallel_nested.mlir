// Nested scf.parallel: each outer iteration stores its row's seed, then an inner parallel
// loop reads that seed in every iteration and writes one element each. The inner loads
// must follow their outer iteration's store (the order check's tree of iterations); the
// inner iterations, and the outer ones, may overlap. The seed takes three divisions, so
// that without the ctrl-done chain (--inject no-mem-order) the loads overtake the store.
func.func @nest(%a: memref<?x?xi32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %iv = arith.index_cast %i : index to i32
    %k3 = arith.constant 3 : i32
    %k1 = arith.constant 1 : i32
    %t = arith.muli %iv, %k3 : i32
    %d1 = arith.divsi %t, %k1 : i32
    %d2 = arith.divsi %d1, %k1 : i32
    %seed = arith.divsi %d2, %k1 : i32
    memref.store %seed, %a[%i, %c0] : memref<?x?xi32>
    scf.parallel (%j) = (%c1) to (%m) step (%c1) {
      %s = memref.load %a[%i, %c0] : memref<?x?xi32>
      %jv = arith.index_cast %j : index to i32
      %v = arith.addi %s, %jv : i32
      memref.store %v, %a[%i, %j] : memref<?x?xi32>
    }
  }
  return
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %m1 = arith.constant -1 : i32
  %a = memref.alloc() : memref<4x5xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      memref.store %m1, %a[%i, %j] : memref<4x5xi32>
    }
  }
  %ad = memref.cast %a : memref<4x5xi32> to memref<?x?xi32>
  func.call @nest(%ad, %c4, %c5) : (memref<?x?xi32>, index, index) -> ()
  %u = memref.cast %a : memref<4x5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
