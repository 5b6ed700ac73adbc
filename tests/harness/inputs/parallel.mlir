// An scf.parallel where every injection mode has a site and changes what the run does:
// a constant in the body (body control), loads and stores (memory control, and a store
// then a load of one element for the order), an outside value in the body (%k), a
// reduction (its carry), a dynamic trip count (the zero-trip guard; also run with 0) and
// an scf.if yielding an outside value (the branch gate).
func.func @par(%a: memref<?xi32>, %b: memref<?xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> i32 {
    %seven = arith.constant 7 : i32
    %x = memref.load %a[%i] : memref<?xi32>
    %y = arith.addi %x, %seven : i32
    %big = arith.cmpi sgt, %y, %k : i32
    %v = scf.if %big -> (i32) {
      scf.yield %k : i32
    } else {
      scf.yield %y : i32
    }
    memref.store %v, %b[%i] : memref<?xi32>
    %w = memref.load %b[%i] : memref<?xi32>
    scf.reduce(%w : i32) {
    ^bb0(%l: i32, %q: i32):
      %s = arith.addi %l, %q : i32
      scf.reduce.return %s : i32
    }
  }
  return %r : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<10xi32>
  %b = memref.alloc() : memref<10xi32>
  %m = arith.constant -1 : i32
  scf.for %i = %c0 to %c10 step %c1 {
    %v = arith.index_cast %i : index to i32
    %t = arith.muli %v, %v : i32
    memref.store %t, %a[%i] : memref<10xi32>
    memref.store %m, %b[%i] : memref<10xi32>
  }
  %ad = memref.cast %a : memref<10xi32> to memref<?xi32>
  %bd = memref.cast %b : memref<10xi32> to memref<?xi32>
  %k = arith.constant 40 : i32
  %r = func.call @par(%ad, %bd, %c10, %k) : (memref<?xi32>, memref<?xi32>, index, i32) -> i32
  vector.print %r : i32
  %r0 = func.call @par(%ad, %bd, %c0, %k) : (memref<?xi32>, memref<?xi32>, index, i32) -> i32
  vector.print %r0 : i32
  %bu = memref.cast %b : memref<10xi32> to memref<*xi32>
  func.call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<10xi32>
  memref.dealloc %b : memref<10xi32>
  return
}
func.func private @printMemrefI32(memref<*xi32>)
