// kernel: deep_nest — deeply nested control mixes with values carried through every level: (a) while > for > if/else > {while > if/else | for > if/else}: a while inside an if inside a for inside a while, stores at depth 4, shrsi halving of negative and positive values (zero-trip inner whiles for values below the bound), i32 and index carried through all levels; (b) for > while > if/else > for > while: an outer-row scan whose while condition loads grid[i][j] (clamped) and combines it with `j < m` via andi, positive cells run a for whose body is a halving while, negative cells are flipped in place (so the second call takes the other branch), zero cells stop the row.
func.func private @printMemrefI32(memref<*xi32>)

func.func @deep_a(%a: memref<?xi32>, %out: memref<?xi32>, %n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %four = arith.constant 4 : i32
  %w:3 = scf.while (%r = %c0, %acc = %zero, %steps = %c0) : (index, i32, index) -> (index, i32, index) {
    %go = arith.cmpi ult, %r, %c3 : index
    scf.condition(%go) %r, %acc, %steps : index, i32, index
  } do {
  ^bb0(%r: index, %acc: i32, %steps: index):
    %r32 = arith.index_cast %r : index to i32
    %f:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc1 = %acc, %st1 = %steps) -> (i32, index) {
      %v = memref.load %a[%i] : memref<?xi32>
      %bit = arith.andi %v, %one : i32
      %odd = arith.cmpi eq, %bit, %one : i32
      %x:2 = scf.if %odd -> (i32, index) {
        %y:3 = scf.while (%u = %v, %k = %acc1, %s = %st1) : (i32, i32, index) -> (i32, i32, index) {
          %more = arith.cmpi sgt, %u, %r32 : i32
          scf.condition(%more) %u, %k, %s : i32, i32, index
        } do {
        ^bb0(%u: i32, %k: i32, %s: index):
          %m = arith.remsi %u, %three : i32
          %is0 = arith.cmpi eq, %m, %zero : i32
          %k2 = scf.if %is0 -> (i32) {
            memref.store %u, %out[%i] : memref<?xi32>
            %ku = arith.addi %k, %u : i32
            scf.yield %ku : i32
          } else {
            %km = arith.subi %k, %one : i32
            scf.yield %km : i32
          }
          %u2 = arith.shrsi %u, %one : i32
          %s2 = arith.addi %s, %c1 : index
          scf.yield %u2, %k2, %s2 : i32, i32, index
        }
        scf.yield %y#1, %y#2 : i32, index
      } else {
        %vm = arith.remui %v, %four : i32
        %vmi = arith.index_cast %vm : i32 to index
        %z:2 = scf.for %j = %c0 to %vmi step %c1 iter_args(%k = %acc1, %s = %st1) -> (i32, index) {
          %jr = arith.cmpi eq, %j, %r : index
          %t = scf.if %jr -> (i32) {
            %k2 = arith.muli %k, %two : i32
            scf.yield %k2 : i32
          } else {
            %j32 = arith.index_cast %j : index to i32
            %kj = arith.addi %k, %j32 : i32
            scf.yield %kj : i32
          }
          %s2 = arith.addi %s, %c1 : index
          scf.yield %t, %s2 : i32, index
        }
        scf.yield %z#0, %z#1 : i32, index
      }
      scf.yield %x#0, %x#1 : i32, index
    }
    %r1 = arith.addi %r, %c1 : index
    scf.yield %r1, %f#0, %f#1 : index, i32, index
  }
  func.return %w#1, %w#2 : i32, index
}

func.func @deep_b(%g: memref<?x?xi32>, %n: index, %m: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %four = arith.constant 4 : i32
  %mm1 = arith.subi %m, %c1 : index
  %tot = scf.for %i = %c0 to %n step %c1 iter_args(%tot0 = %zero) -> (i32) {
    %w:2 = scf.while (%j = %c0, %t = %tot0) : (index, i32) -> (index, i32) {
      %inb = arith.cmpi ult, %j, %m : index
      %jc = arith.minui %j, %mm1 : index
      %cell = memref.load %g[%i, %jc] : memref<?x?xi32>
      %nz = arith.cmpi ne, %cell, %zero : i32
      %go = arith.andi %inb, %nz : i1
      scf.condition(%go) %j, %t : index, i32
    } do {
    ^bb0(%j: index, %t: i32):
      %cell = memref.load %g[%i, %j] : memref<?x?xi32>
      %pos = arith.cmpi sgt, %cell, %zero : i32
      %t2 = scf.if %pos -> (i32) {
        %cm = arith.remui %cell, %four : i32
        %cmi = arith.index_cast %cm : i32 to index
        %f = scf.for %k = %c0 to %cmi step %c1 iter_args(%tk = %t) -> (i32) {
          %k32 = arith.index_cast %k : index to i32
          %c0v = arith.addi %cell, %k32 : i32
          %h:2 = scf.while (%c = %c0v, %cnt = %zero) : (i32, i32) -> (i32, i32) {
            %gt1 = arith.cmpi sgt, %c, %one : i32
            scf.condition(%gt1) %c, %cnt : i32, i32
          } do {
          ^bb0(%c: i32, %cnt: i32):
            %c2 = arith.shrui %c, %one : i32
            %cnt2 = arith.addi %cnt, %one : i32
            scf.yield %c2, %cnt2 : i32, i32
          }
          %tk2 = arith.addi %tk, %h#1 : i32
          scf.yield %tk2 : i32
        }
        scf.yield %f : i32
      } else {
        %neg = arith.subi %zero, %cell : i32
        memref.store %neg, %g[%i, %j] : memref<?x?xi32>
        %tm = arith.subi %t, %one : i32
        scf.yield %tm : i32
      }
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1, %t2 : index, i32
    }
    scf.yield %w#1 : i32
  }
  func.return %tot : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %a = memref.alloc() : memref<10xi32>
  %out = memref.alloc() : memref<10xi32>
  %neg = arith.constant -1 : i32
  %k20 = arith.constant 20 : i32
  // a[i] = (13*i + 5) mod 61 - 20 : mixed signs and parities
  %c61 = arith.constant 61 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %t = arith.muli %i, %c13 : index
    %t5 = arith.addi %t, %c5 : index
    %r = arith.remui %t5, %c61 : index
    %ri = arith.index_cast %r : index to i32
    %v = arith.subi %ri, %k20 : i32
    memref.store %v, %a[%i] : memref<10xi32>
    memref.store %neg, %out[%i] : memref<10xi32>
  }
  %au = memref.cast %a : memref<10xi32> to memref<*xi32>
  func.call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  %ad = memref.cast %a : memref<10xi32> to memref<?xi32>
  %od = memref.cast %out : memref<10xi32> to memref<?xi32>
  %ra:2 = func.call @deep_a(%ad, %od, %c10) : (memref<?xi32>, memref<?xi32>, index) -> (i32, index)
  vector.print %ra#0 : i32
  vector.print %ra#1 : index
  %ou = memref.cast %out : memref<10xi32> to memref<*xi32>
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  // grid[i][j] = (7*i + 11*j) mod 13 - 4 ; row 3 starts with a 0 (empty scan)
  %g = memref.alloc() : memref<5x6xi32>
  %k4 = arith.constant 4 : i32
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %x = arith.muli %i, %c7 : index
      %y = arith.muli %j, %c11 : index
      %s = arith.addi %x, %y : index
      %r = arith.remui %s, %c13 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %k4 : i32
      memref.store %v, %g[%i, %j] : memref<5x6xi32>
    }
  }
  %zero = arith.constant 0 : i32
  %c3 = arith.constant 3 : index
  memref.store %zero, %g[%c3, %c0] : memref<5x6xi32>
  %gu = memref.cast %g : memref<5x6xi32> to memref<*xi32>
  func.call @printMemrefI32(%gu) : (memref<*xi32>) -> ()
  %gd = memref.cast %g : memref<5x6xi32> to memref<?x?xi32>
  %rb1 = func.call @deep_b(%gd, %c5, %c6) : (memref<?x?xi32>, index, index) -> i32
  vector.print %rb1 : i32
  func.call @printMemrefI32(%gu) : (memref<*xi32>) -> ()
  %rb2 = func.call @deep_b(%gd, %c5, %c6) : (memref<?x?xi32>, index, index) -> i32
  vector.print %rb2 : i32
  memref.dealloc %a : memref<10xi32>
  memref.dealloc %out : memref<10xi32>
  memref.dealloc %g : memref<5x6xi32>
  func.return
}
