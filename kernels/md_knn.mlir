// kernel: md_knn — MachSuite md/knn-style Lennard-Jones forces in f32: per atom a neighbour loop whose trip count is loaded from memory (2..4 neighbours) and whose neighbour indices come from a 2-D i32 neighbour list (data-dependent gathers of x/y/z), r2inv = 1/r^2, r6inv = r2inv^3, potential = r6inv*(lj1*r6inv - lj2), force components carried in three f32 iter_args and stored to three output arrays; the total neighbour count is returned as a fourth carried value.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @md_knn(%px: memref<?xf32>, %py: memref<?xf32>, %pz: memref<?xf32>, %nl: memref<?x?xi32>, %nn: memref<?xi32>, %fx: memref<?xf32>, %fy: memref<?xf32>, %fz: memref<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %onef = arith.constant 1.0 : f32
  %lj1 = arith.constant 1.5 : f32
  %lj2 = arith.constant 2.0 : f32
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%tot = %c0) -> (index) {
    %ix = memref.load %px[%i] : memref<?xf32>
    %iy = memref.load %py[%i] : memref<?xf32>
    %iz = memref.load %pz[%i] : memref<?xf32>
    %cnt32 = memref.load %nn[%i] : memref<?xi32>
    %cnt = arith.index_cast %cnt32 : i32 to index
    %f:3 = scf.for %j = %c0 to %cnt step %c1 iter_args(%ax = %zero, %ay = %zero, %az = %zero) -> (f32, f32, f32) {
      %j32 = memref.load %nl[%i, %j] : memref<?x?xi32>
      %jj = arith.index_cast %j32 : i32 to index
      %jx = memref.load %px[%jj] : memref<?xf32>
      %jy = memref.load %py[%jj] : memref<?xf32>
      %jz = memref.load %pz[%jj] : memref<?xf32>
      %dx = arith.subf %ix, %jx : f32
      %dy = arith.subf %iy, %jy : f32
      %dz = arith.subf %iz, %jz : f32
      %dx2 = arith.mulf %dx, %dx : f32
      %dy2 = arith.mulf %dy, %dy : f32
      %dz2 = arith.mulf %dz, %dz : f32
      %r2a = arith.addf %dx2, %dy2 : f32
      %r2 = arith.addf %r2a, %dz2 : f32
      %r2inv = arith.divf %onef, %r2 : f32
      %r4inv = arith.mulf %r2inv, %r2inv : f32
      %r6inv = arith.mulf %r4inv, %r2inv : f32
      %t1 = arith.mulf %lj1, %r6inv : f32
      %t2 = arith.subf %t1, %lj2 : f32
      %pot = arith.mulf %r6inv, %t2 : f32
      %force = arith.mulf %r2inv, %pot : f32
      %gx = arith.mulf %dx, %force : f32
      %gy = arith.mulf %dy, %force : f32
      %gz = arith.mulf %dz, %force : f32
      %nx = arith.addf %ax, %gx : f32
      %ny = arith.addf %ay, %gy : f32
      %nz = arith.addf %az, %gz : f32
      scf.yield %nx, %ny, %nz : f32, f32, f32
    }
    memref.store %f#0, %fx[%i] : memref<?xf32>
    memref.store %f#1, %fy[%i] : memref<?xf32>
    memref.store %f#2, %fz[%i] : memref<?xf32>
    %tot1 = arith.addi %tot, %cnt : index
    scf.yield %tot1 : index
  }
  func.return %total : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %px = memref.alloc() : memref<8xf32>
  %py = memref.alloc() : memref<8xf32>
  %pz = memref.alloc() : memref<8xf32>
  %fx = memref.alloc() : memref<8xf32>
  %fy = memref.alloc() : memref<8xf32>
  %fz = memref.alloc() : memref<8xf32>
  %nl = memref.alloc() : memref<8x4xi32>
  %nn = memref.alloc() : memref<8xi32>
  %q = arith.constant 0.25 : f32
  %h = arith.constant 0.5 : f32
  %s = arith.constant 1.25 : f32
  %neg = arith.constant -1 : i32
  // positions: x = 1.25*(i mod 4) + 0.25*i, y = 1.25*(i div 4) - 0.5*(i mod 3), z = 0.25*(i*i mod 5)
  // neighbours of i: (i + 1 + (3*j + i) mod 7) mod 8 for j < 2 + i mod 3 (never i itself); unused slots -1
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %m4 = arith.remui %i, %c4 : index
    %d4 = arith.divui %i, %c4 : index
    %m3 = arith.remui %i, %c3 : index
    %sq = arith.muli %i, %i : index
    %m5 = arith.remui %sq, %c5 : index
    %m4i = arith.index_cast %m4 : index to i32
    %d4i = arith.index_cast %d4 : index to i32
    %m3i = arith.index_cast %m3 : index to i32
    %m5i = arith.index_cast %m5 : index to i32
    %m4f = arith.sitofp %m4i : i32 to f32
    %d4f = arith.sitofp %d4i : i32 to f32
    %m3f = arith.sitofp %m3i : i32 to f32
    %m5f = arith.sitofp %m5i : i32 to f32
    %x0 = arith.mulf %s, %m4f : f32
    %x1 = arith.mulf %q, %fi : f32
    %x = arith.addf %x0, %x1 : f32
    %y0 = arith.mulf %s, %d4f : f32
    %y1 = arith.mulf %h, %m3f : f32
    %y = arith.subf %y0, %y1 : f32
    %z = arith.mulf %q, %m5f : f32
    memref.store %x, %px[%i] : memref<8xf32>
    memref.store %y, %py[%i] : memref<8xf32>
    memref.store %z, %pz[%i] : memref<8xf32>
    %cnt = arith.addi %m3, %c2 : index
    %cnt32 = arith.index_cast %cnt : index to i32
    memref.store %cnt32, %nn[%i] : memref<8xi32>
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %neg, %nl[%i, %j] : memref<8x4xi32>
    }
    scf.for %j = %c0 to %cnt step %c1 {
      %j3 = arith.muli %j, %c3 : index
      %t = arith.addi %j3, %i : index
      %t7 = arith.remui %t, %c7 : index
      %u = arith.addi %i, %c1 : index
      %u2 = arith.addi %u, %t7 : index
      %nb = arith.remui %u2, %c8 : index
      %nb32 = arith.index_cast %nb : index to i32
      memref.store %nb32, %nl[%i, %j] : memref<8x4xi32>
    }
  }
  %nlu = memref.cast %nl : memref<8x4xi32> to memref<*xi32>
  func.call @printMemrefI32(%nlu) : (memref<*xi32>) -> ()
  %pxd = memref.cast %px : memref<8xf32> to memref<?xf32>
  %pyd = memref.cast %py : memref<8xf32> to memref<?xf32>
  %pzd = memref.cast %pz : memref<8xf32> to memref<?xf32>
  %fxd = memref.cast %fx : memref<8xf32> to memref<?xf32>
  %fyd = memref.cast %fy : memref<8xf32> to memref<?xf32>
  %fzd = memref.cast %fz : memref<8xf32> to memref<?xf32>
  %nld = memref.cast %nl : memref<8x4xi32> to memref<?x?xi32>
  %nnd = memref.cast %nn : memref<8xi32> to memref<?xi32>
  %tot = func.call @md_knn(%pxd, %pyd, %pzd, %nld, %nnd, %fxd, %fyd, %fzd, %c8) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?x?xi32>, memref<?xi32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> index
  vector.print %tot : index
  %fxu = memref.cast %fx : memref<8xf32> to memref<*xf32>
  %fyu = memref.cast %fy : memref<8xf32> to memref<*xf32>
  %fzu = memref.cast %fz : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%fxu) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%fyu) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%fzu) : (memref<*xf32>) -> ()
  memref.dealloc %px : memref<8xf32>
  memref.dealloc %py : memref<8xf32>
  memref.dealloc %pz : memref<8xf32>
  memref.dealloc %fx : memref<8xf32>
  memref.dealloc %fy : memref<8xf32>
  memref.dealloc %fz : memref<8xf32>
  memref.dealloc %nl : memref<8x4xi32>
  memref.dealloc %nn : memref<8xi32>
  func.return
}
