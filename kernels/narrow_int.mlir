// kernel: narrow_int — i8/i16 arithmetic with wraparound: i8 sum and xor, a weighted i16 sum, Fletcher-16 (remui, shli, ori in i16), an element-wise i16 multiply stored to an i16 memref, and trunci/extsi/extui/shrsi/shrui on i8; results printed as i8/i16/i1 scalars and via i32 memrefs after sign/zero extension.
func.func private @printMemrefI32(memref<*xi32>)

func.func @checksum(%bytes: memref<?xi8>, %n: index) -> (i8, i8, i16, i16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z8 = arith.constant 0 : i8
  %z16 = arith.constant 0 : i16
  %m255 = arith.constant 255 : i16
  %eight = arith.constant 8 : i16
  %r:6 = scf.for %i = %c0 to %n step %c1
      iter_args(%sum = %z8, %x = %z8, %w = %z16, %fa = %z16, %fb = %z16, %dummy = %z8)
      -> (i8, i8, i16, i16, i16, i8) {
    %b = memref.load %bytes[%i] : memref<?xi8>
    %s1 = arith.addi %sum, %b : i8
    %x1 = arith.xori %x, %b : i8
    %bu = arith.extui %b : i8 to i16
    %ip1 = arith.addi %i, %c1 : index
    %k = arith.index_cast %ip1 : index to i16
    %p = arith.muli %bu, %k : i16
    %w1 = arith.addi %w, %p : i16
    %fa0 = arith.addi %fa, %bu : i16
    %fa1 = arith.remui %fa0, %m255 : i16
    %fb0 = arith.addi %fb, %fa1 : i16
    %fb1 = arith.remui %fb0, %m255 : i16
    scf.yield %s1, %x1, %w1, %fa1, %fb1, %dummy : i8, i8, i16, i16, i16, i8
  }
  %hi = arith.shli %r#4, %eight : i16
  %fl = arith.ori %hi, %r#3 : i16
  func.return %r#0, %r#1, %r#2, %fl : i8, i8, i16, i16
}

func.func @mul16(%a: memref<?xi16>, %b: memref<?xi16>, %out: memref<?xi16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xi16>
    %y = memref.load %b[%i] : memref<?xi16>
    %p = arith.muli %x, %y : i16
    memref.store %p, %out[%i] : memref<?xi16>
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %i37 = arith.constant 37 : i32
  %i5 = arith.constant 5 : i32
  %bytes = memref.alloc() : memref<32xi8>
  %wide = memref.alloc() : memref<2x32xi32>
  // bytes[i] = trunc(37 * i + 5); row 0 of wide = sign-extended, row 1 = zero-extended
  scf.for %i = %c0 to %c32 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %i37 : i32
    %v = arith.addi %t, %i5 : i32
    %b = arith.trunci %v : i32 to i8
    memref.store %b, %bytes[%i] : memref<32xi8>
    %s = arith.extsi %b : i8 to i32
    %u = arith.extui %b : i8 to i32
    memref.store %s, %wide[%c0, %i] : memref<2x32xi32>
    memref.store %u, %wide[%c1, %i] : memref<2x32xi32>
  }
  %wu = memref.cast %wide : memref<2x32xi32> to memref<*xi32>
  func.call @printMemrefI32(%wu) : (memref<*xi32>) -> ()
  %bd = memref.cast %bytes : memref<32xi8> to memref<?xi8>
  %r:4 = func.call @checksum(%bd, %c32) : (memref<?xi8>, index) -> (i8, i8, i16, i16)
  vector.print %r#0 : i8
  vector.print %r#1 : i8
  vector.print %r#2 : i16
  vector.print %r#3 : i16
  %q:4 = func.call @checksum(%bd, %c8) : (memref<?xi8>, index) -> (i8, i8, i16, i16)
  vector.print %q#0 : i8
  vector.print %q#1 : i8
  vector.print %q#2 : i16
  vector.print %q#3 : i16

  // i16 products that wrap: a[i] = 1000 * i - 3000, b[i] = 77 * i + 1
  %a16 = memref.alloc() : memref<8xi16>
  %b16 = memref.alloc() : memref<8xi16>
  %o16 = memref.alloc() : memref<8xi16>
  %k1000 = arith.constant 1000 : i16
  %k3000 = arith.constant 3000 : i16
  %k77 = arith.constant 77 : i16
  %k1 = arith.constant 1 : i16
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i16
    %t = arith.muli %ii, %k1000 : i16
    %av = arith.subi %t, %k3000 : i16
    %u = arith.muli %ii, %k77 : i16
    %bv = arith.addi %u, %k1 : i16
    memref.store %av, %a16[%i] : memref<8xi16>
    memref.store %bv, %b16[%i] : memref<8xi16>
  }
  %a16d = memref.cast %a16 : memref<8xi16> to memref<?xi16>
  %b16d = memref.cast %b16 : memref<8xi16> to memref<?xi16>
  %o16d = memref.cast %o16 : memref<8xi16> to memref<?xi16>
  func.call @mul16(%a16d, %b16d, %o16d, %c8) : (memref<?xi16>, memref<?xi16>, memref<?xi16>, index) -> ()
  %o32 = memref.alloc() : memref<8xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    %p = memref.load %o16[%i] : memref<8xi16>
    %e = arith.extsi %p : i16 to i32
    memref.store %e, %o32[%i] : memref<8xi32>
  }
  %o32u = memref.cast %o32 : memref<8xi32> to memref<*xi32>
  func.call @printMemrefI32(%o32u) : (memref<*xi32>) -> ()
  %c7 = arith.constant 7 : index
  %last16 = memref.load %o16[%c7] : memref<8xi16>
  vector.print %last16 : i16

  // i8 shifts and comparisons on a negative byte
  %nb = arith.constant -100 : i8
  %two = arith.constant 2 : i8
  %sa = arith.shrsi %nb, %two : i8
  vector.print %sa : i8
  %sl = arith.shrui %nb, %two : i8
  vector.print %sl : i8
  %sh = arith.shli %nb, %two : i8
  vector.print %sh : i8
  %big = arith.constant 100 : i8
  %sum = arith.addi %big, %big : i8
  vector.print %sum : i8
  %slt = arith.cmpi slt, %nb, %big : i8
  vector.print %slt : i1
  %ult = arith.cmpi ult, %nb, %big : i8
  vector.print %ult : i1
  %dq = arith.divsi %nb, %two : i8
  vector.print %dq : i8
  %du = arith.divui %nb, %two : i8
  vector.print %du : i8
  memref.dealloc %bytes : memref<32xi8>
  memref.dealloc %wide : memref<2x32xi32>
  memref.dealloc %a16 : memref<8xi16>
  memref.dealloc %b16 : memref<8xi16>
  memref.dealloc %o16 : memref<8xi16>
  memref.dealloc %o32 : memref<8xi32>
  func.return
}
