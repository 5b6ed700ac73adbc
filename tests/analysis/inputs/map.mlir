// An independent map: scf.parallel's iterations share no value and no ctrl-done chain
// (docs/design.md "scf.parallel"), so nothing paces them but the stream: ii_bound 1, and
// one load and one store per cycle on two memories: ii_achieved 1.
func.func @inc(%a: memref<64xi32>, %b: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1 : i32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %v = memref.load %a[%i] : memref<64xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %b[%i] : memref<64xi32>
    scf.reduce
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %a = memref.alloc() : memref<64xi32>
  %b = memref.alloc() : memref<64xi32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<64xi32>
  }
  func.call @inc(%a, %b) : (memref<64xi32>, memref<64xi32>) -> ()
  %s = memref.load %b[%c1] : memref<64xi32>
  vector.print %s : i32
  func.return
}
