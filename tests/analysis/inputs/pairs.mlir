// A sum of products of neighbours, a[i] * a[i + 1]: two loads of one memref in each
// iteration, with no store between them, so both take the same ctrl token and offer
// their addresses in the same cycle (spec-dataflow-memory). The external memory issues
// one load per cycle (loadsPerCycle 1): one of them waits a cycle, which the bound
// (the ctrl-done chain: carry, load, extmemory, join, split) does not count.
func.func @pairs(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %j = arith.addi %i, %c1 : index
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %a[%j] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    scf.yield %s : f32
  }
  func.return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16 : index
  %m = arith.constant 17 : index
  %a = memref.alloc(%m) : memref<?xf32>
  scf.for %i = %c0 to %m step %c1 {
    %k = arith.index_cast %i : index to i32
    %f = arith.sitofp %k : i32 to f32
    memref.store %f, %a[%i] : memref<?xf32>
  }
  %r = func.call @pairs(%a, %n) : (memref<?xf32>, index) -> f32
  vector.print %r : f32
  memref.dealloc %a : memref<?xf32>
  func.return
}
