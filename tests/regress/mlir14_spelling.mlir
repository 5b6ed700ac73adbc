// MLIR-14 spelling kept on purpose (func @f, return, call, select, std.select,
// print_memref_*): a copy of kernels/collatz.mlir before the move to MLIR 22, so the
// front end's auto-upgrade (frontend/upgrade.h) stays tested on a whole program.
// Its .expected is kernels/collatz.expected. No .oracle test: MLIR 22 rejects it.
func private @print_memref_i32(memref<*xi32>)
func private @print_memref_i64(memref<*xi64>)

func @collatz(%steps: memref<?xi32>, %peaks: memref<?xi64>, %n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %zero32 = arith.constant 0 : i32
  %one32 = arith.constant 1 : i32
  %best:2 = scf.for %i = %c0 to %n step %c1 iter_args(%bs = %zero32, %barg = %c0) -> (i32, index) {
    %start = arith.addi %i, %c1 : index
    %s64 = arith.index_cast %start : index to i64
    %r:3 = scf.while (%x = %s64, %k = %zero32, %pk = %s64) : (i64, i32, i64) -> (i32, i64, i64) {
      %go = arith.cmpi ne, %x, %one : i64
      scf.condition(%go) %k, %pk, %x : i32, i64, i64
    } do {
    ^bb0(%k: i32, %pk: i64, %x: i64):
      %bit = arith.andi %x, %one : i64
      %odd = arith.cmpi eq, %bit, %one : i64
      %nx = scf.if %odd -> (i64) {
        %t = arith.muli %x, %three : i64
        %t1 = arith.addi %t, %one : i64
        scf.yield %t1 : i64
      } else {
        %h = arith.shrui %x, %one : i64
        scf.yield %h : i64
      }
      %k1 = arith.addi %k, %one32 : i32
      %pk1 = arith.maxsi %pk, %nx : i64
      scf.yield %nx, %k1, %pk1 : i64, i32, i64
    }
    memref.store %r#0, %steps[%i] : memref<?xi32>
    memref.store %r#1, %peaks[%i] : memref<?xi64>
    %better = arith.cmpi sgt, %r#0, %bs : i32
    %nb = select %better, %r#0, %bs : i32
    %na = std.select %better, %start, %barg : index
    scf.yield %nb, %na : i32, index
  }
  return %best#0, %best#1 : i32, index
}

func @main() {
  %c32 = arith.constant 32 : index
  %steps = memref.alloc() : memref<32xi32>
  %peaks = memref.alloc() : memref<32xi64>
  %sd = memref.cast %steps : memref<32xi32> to memref<?xi32>
  %pd = memref.cast %peaks : memref<32xi64> to memref<?xi64>
  %r:2 = call @collatz(%sd, %pd, %c32) : (memref<?xi32>, memref<?xi64>, index) -> (i32, index)
  vector.print %r#0 : i32
  vector.print %r#1 : index
  %su = memref.cast %steps : memref<32xi32> to memref<*xi32>
  call @print_memref_i32(%su) : (memref<*xi32>) -> ()
  %pu = memref.cast %peaks : memref<32xi64> to memref<*xi64>
  call @print_memref_i64(%pu) : (memref<*xi64>) -> ()
  memref.dealloc %steps : memref<32xi32>
  memref.dealloc %peaks : memref<32xi64>
  return
}
