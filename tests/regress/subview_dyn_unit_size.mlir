// Found by scripts/soak.sh (seed 200410, mixed size), reduced by hand. A rank-reducing
// subview drops the dimensions whose size is written as a static 1 (here the last);
// the interpreter used the run-time sizes instead, dropped dimension 0 because %n is
// 1 at run time, and then failed: "result type ... does not match the run-time stride
// 7 of dimension 0".
func.func @k(%m: memref<4x6x1xi32>, %n: index, %p: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.subview %m[1, 2, 0][%n, %p, 1][1, 1, 1] : memref<4x6x1xi32> to memref<?x?xi32, affine_map<(d0, d1) -> (d0 * 6 + d1 + 8)>>
  %a = memref.load %v[%c0, %c1] : memref<?x?xi32, affine_map<(d0, d1) -> (d0 * 6 + d1 + 8)>>
  %x = arith.constant 100 : i32
  memref.store %x, %v[%c0, %c0] : memref<?x?xi32, affine_map<(d0, d1) -> (d0 * 6 + d1 + 8)>>
  func.return %a : i32
}
func.func @main() {
  %m = memref.alloc() : memref<4x6x1xi32>
  %flat = memref.collapse_shape %m [[0, 1, 2]] : memref<4x6x1xi32> into memref<24xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c24 = arith.constant 24 : index
  scf.for %i = %c0 to %c24 step %c1 {
    %t = arith.index_cast %i : index to i32
    memref.store %t, %flat[%i] : memref<24xi32>
  }
  %r1 = func.call @k(%m, %c1, %c3) : (memref<4x6x1xi32>, index, index) -> i32
  vector.print %r1 : i32
  %r2 = func.call @k(%m, %c2, %c2) : (memref<4x6x1xi32>, index, index) -> i32
  vector.print %r2 : i32
  %u = memref.cast %m : memref<4x6x1xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<4x6x1xi32>
  func.return
}
func.func private @printMemrefI32(memref<*xi32>)
