func.func @k(%A: memref<1xi32>, %B: memref<1xi32>, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %m = scf.if %c -> (memref<1xi32>) {
    scf.yield %A : memref<1xi32>
  } else {
    scf.yield %B : memref<1xi32>
  }
  %v = memref.load %m[%c0] : memref<1xi32>
  func.return %v : i32
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<1xi32>
  %B = memref.alloc() : memref<1xi32>
  %x = arith.constant 5 : i32
  %y = arith.constant 6 : i32
  memref.store %x, %A[%c0] : memref<1xi32>
  memref.store %y, %B[%c0] : memref<1xi32>
  %t = arith.constant true
  %v = func.call @k(%A, %B, %t) : (memref<1xi32>, memref<1xi32>, i1) -> i32
  vector.print %v : i32
  func.return
}
