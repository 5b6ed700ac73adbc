// kernel: bitops — i32 bit manipulation into a memref<8x?xi32> table allocated with a dynamic size: popcount via an scf.while clearing the lowest set bit (trip count = set bits), a 32-iteration bit reversal (shli/shrui/andi/ori), signed/unsigned div/rem of negative values, and maxsi/minsi/maxui/minui/xori reductions; prints a 2-D i32 table and scalars.
func.func private @printMemrefI32(memref<*xi32>)

// table rows: x, popcount(x), bitrev(x), parity(x), x / 7 (signed), x % 7 (signed), x / 7 (unsigned), x % 7 (unsigned)
func.func @bit_table(%xs: memref<?xi32>, %t: memref<8x?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %seven = arith.constant 7 : i32
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %xs[%i] : memref<?xi32>
    memref.store %x, %t[%c0, %i] : memref<8x?xi32>
    // popcount: clear the lowest set bit until zero (trip count = number of set bits)
    %pw:2 = scf.while (%v = %x, %c = %zero) : (i32, i32) -> (i32, i32) {
      %nz = arith.cmpi ne, %v, %zero : i32
      scf.condition(%nz) %v, %c : i32, i32
    } do {
    ^bb0(%v: i32, %c: i32):
      %vm1 = arith.subi %v, %one : i32
      %v1 = arith.andi %v, %vm1 : i32
      %cc = arith.addi %c, %one : i32
      scf.yield %v1, %cc : i32, i32
    }
    memref.store %pw#1, %t[%c1, %i] : memref<8x?xi32>
    // bit reversal: 32 iterations shifting bits from x into the accumulator
    %rv:2 = scf.for %k = %c0 to %c32 step %c1 iter_args(%v = %x, %acc = %zero) -> (i32, i32) {
      %bit = arith.andi %v, %one : i32
      %sh = arith.shli %acc, %one : i32
      %acc1 = arith.ori %sh, %bit : i32
      %v1 = arith.shrui %v, %one : i32
      scf.yield %v1, %acc1 : i32, i32
    }
    memref.store %rv#1, %t[%c2, %i] : memref<8x?xi32>
    %par = arith.andi %pw#1, %one : i32
    memref.store %par, %t[%c3, %i] : memref<8x?xi32>
    %q = arith.divsi %x, %seven : i32
    memref.store %q, %t[%c4, %i] : memref<8x?xi32>
    %r = arith.remsi %x, %seven : i32
    memref.store %r, %t[%c5, %i] : memref<8x?xi32>
    %uq = arith.divui %x, %seven : i32
    memref.store %uq, %t[%c6, %i] : memref<8x?xi32>
    %ur = arith.remui %x, %seven : i32
    memref.store %ur, %t[%c7, %i] : memref<8x?xi32>
  }
  func.return
}

func.func @minmax(%xs: memref<?xi32>, %n: index) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = memref.load %xs[%c0] : memref<?xi32>
  %zero = arith.constant 0 : i32
  %r:5 = scf.for %i = %c1 to %n step %c1 iter_args(%smax = %first, %smin = %first, %umax = %first, %umin = %first, %x = %zero) -> (i32, i32, i32, i32, i32) {
    %v = memref.load %xs[%i] : memref<?xi32>
    %a = arith.maxsi %smax, %v : i32
    %b = arith.minsi %smin, %v : i32
    %c = arith.maxui %umax, %v : i32
    %d = arith.minui %umin, %v : i32
    %e = arith.xori %x, %v : i32
    scf.yield %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
  }
  func.return %r#0, %r#1, %r#2, %r#3, %r#4 : i32, i32, i32, i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %xs = memref.alloc() : memref<6xi32>
  %v0 = arith.constant 0 : i32
  %v1 = arith.constant 1 : i32
  %v2 = arith.constant -1 : i32
  %v3 = arith.constant 305419896 : i32
  %v4 = arith.constant -2147483648 : i32
  %v5 = arith.constant -100 : i32
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  memref.store %v0, %xs[%c0] : memref<6xi32>
  memref.store %v1, %xs[%c1] : memref<6xi32>
  memref.store %v2, %xs[%c2] : memref<6xi32>
  memref.store %v3, %xs[%c3] : memref<6xi32>
  memref.store %v4, %xs[%c4] : memref<6xi32>
  memref.store %v5, %xs[%c5] : memref<6xi32>
  %t = memref.alloc(%c6) : memref<8x?xi32>
  %xd = memref.cast %xs : memref<6xi32> to memref<?xi32>
  func.call @bit_table(%xd, %t, %c6) : (memref<?xi32>, memref<8x?xi32>, index) -> ()
  %tu = memref.cast %t : memref<8x?xi32> to memref<*xi32>
  func.call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  %m:5 = func.call @minmax(%xd, %c6) : (memref<?xi32>, index) -> (i32, i32, i32, i32, i32)
  vector.print %m#0 : i32
  vector.print %m#1 : i32
  vector.print %m#2 : i32
  vector.print %m#3 : i32
  vector.print %m#4 : i32
  %sh = arith.constant 28 : i32
  %l = arith.shli %v3, %sh : i32
  vector.print %l : i32
  %ra = arith.shrsi %v4, %sh : i32
  vector.print %ra : i32
  %rl = arith.shrui %v4, %sh : i32
  vector.print %rl : i32
  %o = arith.ori %v3, %v5 : i32
  vector.print %o : i32
  memref.dealloc %xs : memref<6xi32>
  memref.dealloc %t : memref<8x?xi32>
  func.return
}
