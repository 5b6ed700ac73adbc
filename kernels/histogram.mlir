// kernel: histogram — data-dependent store addresses: hist[bin(x)] += 1 over LCG-generated i32 data (i32 wraparound in the generator), plus a weighted histogram updated only for even bins by an scf.if without else; prints 1-D i32 memrefs.
func.func private @printMemrefI32(memref<*xi32>)

func.func @histogram(%data: memref<?xi32>, %n: index, %hist: memref<10xi32>, %whist: memref<5xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %nbins = arith.constant 10 : i32
  %sixteen = arith.constant 16 : i32
  %two = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %data[%i] : memref<?xi32>
    %hi = arith.shrui %x, %sixteen : i32
    %b = arith.remui %hi, %nbins : i32
    %bi = arith.index_cast %b : i32 to index
    %h = memref.load %hist[%bi] : memref<10xi32>
    %h1 = arith.addi %h, %one : i32
    memref.store %h1, %hist[%bi] : memref<10xi32>
    %par = arith.andi %b, %one : i32
    %even = arith.cmpi eq, %par, %zero : i32
    scf.if %even {
      %half = arith.divui %b, %two : i32
      %hb = arith.index_cast %half : i32 to index
      %w = memref.load %whist[%hb] : memref<5xi32>
      %lo = arith.andi %x, %nbins : i32
      %w1 = arith.addi %w, %lo : i32
      memref.store %w1, %whist[%hb] : memref<5xi32>
    }
  }
  func.return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %mul = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %mask = arith.constant 2147483647 : i32
  %seed = arith.constant 42 : i32
  %data = memref.alloc() : memref<64xi32>
  %hist = memref.alloc() : memref<10xi32>
  %whist = memref.alloc() : memref<5xi32>
  // x_{k+1} = (x_k * 1103515245 + 12345) & 0x7fffffff
  %last = scf.for %i = %c0 to %c64 step %c1 iter_args(%x = %seed) -> (i32) {
    %m = arith.muli %x, %mul : i32
    %a = arith.addi %m, %inc : i32
    %x1 = arith.andi %a, %mask : i32
    memref.store %x1, %data[%i] : memref<64xi32>
    scf.yield %x1 : i32
  }
  vector.print %last : i32
  scf.for %i = %c0 to %c10 step %c1 {
    memref.store %zero, %hist[%i] : memref<10xi32>
  }
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %zero, %whist[%i] : memref<5xi32>
  }
  %dd = memref.cast %data : memref<64xi32> to memref<?xi32>
  func.call @histogram(%dd, %c64, %hist, %whist) : (memref<?xi32>, index, memref<10xi32>, memref<5xi32>) -> ()
  %hu = memref.cast %hist : memref<10xi32> to memref<*xi32>
  func.call @printMemrefI32(%hu) : (memref<*xi32>) -> ()
  %wu = memref.cast %whist : memref<5xi32> to memref<*xi32>
  func.call @printMemrefI32(%wu) : (memref<*xi32>) -> ()
  memref.dealloc %data : memref<64xi32>
  memref.dealloc %hist : memref<10xi32>
  memref.dealloc %whist : memref<5xi32>
  func.return
}
