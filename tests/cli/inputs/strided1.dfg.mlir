// A load from a memref argument of LOOM's strided layout (stride 1, offset ?), for
// `sim --mem`: a row-major buffer from offset 0 fits stride 1, not stride 2.
module {
  handshake.func @pick(%m: memref<?xi32, strided<[1], offset: ?>>, %i: index, %ctrl: none, ...) -> (i32, none) {
    %d, %a = load [%i] %mi#0, %ctrl : index, i32
    %mi:2 = extmemory[ld = 1, st = 0] (%m : memref<?xi32, strided<[1], offset: ?>>) (%a) {id = 0 : i32} : (index) -> (i32, none)
    return %d, %mi#1 : i32, none
  }
}
