// kernel: kmp — MachSuite-style Knuth-Morris-Pratt over i8 strings: the failure function is built with an scf.while whose before-region loads pat[k] and combines `k > 0` and `pat[k] != pat[q]` with andi (k follows pi[k-1] back), then an scf.if/else bump; the search runs the same shape over the text, records each match position (data-dependent store index) and resets q through pi; returns the match count; called with two patterns (4 and 5 bytes) on a 48-byte LCG text over {a, b}.
func.func private @printMemrefI32(memref<*xi32>)

func.func @kmp(%pat: memref<?xi8>, %m: index, %text: memref<?xi8>, %n: index, %pi: memref<?xi32>, %pos: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  memref.store %zero, %pi[%c0] : memref<?xi32>
  // failure function
  %kend = scf.for %q = %c1 to %m step %c1 iter_args(%k0 = %c0) -> (index) {
    %pq = memref.load %pat[%q] : memref<?xi8>
    %k1 = scf.while (%k = %k0) : (index) -> index {
      %pos_k = arith.cmpi ugt, %k, %c0 : index
      %pk = memref.load %pat[%k] : memref<?xi8>
      %ne = arith.cmpi ne, %pk, %pq : i8
      %go = arith.andi %pos_k, %ne : i1
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k: index):
      %km1 = arith.subi %k, %c1 : index
      %p = memref.load %pi[%km1] : memref<?xi32>
      %pk = arith.index_cast %p : i32 to index
      scf.yield %pk : index
    }
    %pk = memref.load %pat[%k1] : memref<?xi8>
    %eq = arith.cmpi eq, %pk, %pq : i8
    %k2 = scf.if %eq -> (index) {
      %kk = arith.addi %k1, %c1 : index
      scf.yield %kk : index
    } else {
      scf.yield %k1 : index
    }
    %k2i = arith.index_cast %k2 : index to i32
    memref.store %k2i, %pi[%q] : memref<?xi32>
    scf.yield %k2 : index
  }
  // search
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%q0 = %c0, %cnt = %zero) -> (index, i32) {
    %ti = memref.load %text[%i] : memref<?xi8>
    %q1 = scf.while (%q = %q0) : (index) -> index {
      %pos_q = arith.cmpi ugt, %q, %c0 : index
      %pq = memref.load %pat[%q] : memref<?xi8>
      %ne = arith.cmpi ne, %pq, %ti : i8
      %go = arith.andi %pos_q, %ne : i1
      scf.condition(%go) %q : index
    } do {
    ^bb0(%q: index):
      %qm1 = arith.subi %q, %c1 : index
      %p = memref.load %pi[%qm1] : memref<?xi32>
      %pq = arith.index_cast %p : i32 to index
      scf.yield %pq : index
    }
    %pq = memref.load %pat[%q1] : memref<?xi8>
    %eq = arith.cmpi eq, %pq, %ti : i8
    %q3 = scf.if %eq -> (index) {
      %qq = arith.addi %q1, %c1 : index
      scf.yield %qq : index
    } else {
      scf.yield %q1 : index
    }
    %full = arith.cmpi eq, %q3, %m : index
    %res:2 = scf.if %full -> (index, i32) {
      %ip1 = arith.addi %i, %c1 : index
      %start = arith.subi %ip1, %m : index
      %s32 = arith.index_cast %start : index to i32
      %ci = arith.index_cast %cnt : i32 to index
      memref.store %s32, %pos[%ci] : memref<?xi32>
      %one = arith.constant 1 : i32
      %cnt1 = arith.addi %cnt, %one : i32
      %mm1 = arith.subi %m, %c1 : index
      %p = memref.load %pi[%mm1] : memref<?xi32>
      %qn = arith.index_cast %p : i32 to index
      scf.yield %qn, %cnt1 : index, i32
    } else {
      scf.yield %q3, %cnt : index, i32
    }
    scf.yield %res#0, %res#1 : index, i32
  }
  func.return %r#1 : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %text = memref.alloc() : memref<48xi8>
  %text32 = memref.alloc() : memref<48xi32>
  %pat = memref.alloc() : memref<8xi8>
  %pi = memref.alloc() : memref<8xi32>
  %pos = memref.alloc() : memref<16xi32>
  %a = arith.constant 97 : i8
  %b = arith.constant 98 : i8
  %mul = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %sh = arith.constant 22 : i32
  %one = arith.constant 1 : i32
  %seed = arith.constant 2024 : i32
  %neg = arith.constant -1 : i32
  // text[i] = 'a' + bit 22 of the LCG state
  %last = scf.for %i = %c0 to %c48 step %c1 iter_args(%x = %seed) -> (i32) {
    %x1 = arith.muli %x, %mul : i32
    %x2 = arith.addi %x1, %inc : i32
    %t = arith.shrui %x2, %sh : i32
    %bit = arith.andi %t, %one : i32
    %bit8 = arith.trunci %bit : i32 to i8
    %ch = arith.addi %a, %bit8 : i8
    memref.store %ch, %text[%i] : memref<48xi8>
    %ch32 = arith.extui %ch : i8 to i32
    memref.store %ch32, %text32[%i] : memref<48xi32>
    scf.yield %x2 : i32
  }
  %tu = memref.cast %text32 : memref<48xi32> to memref<*xi32>
  func.call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  %td = memref.cast %text : memref<48xi8> to memref<?xi8>
  %pd = memref.cast %pat : memref<8xi8> to memref<?xi8>
  %pid = memref.cast %pi : memref<8xi32> to memref<?xi32>
  %posd = memref.cast %pos : memref<16xi32> to memref<?xi32>
  %piu = memref.cast %pi : memref<8xi32> to memref<*xi32>
  %posu = memref.cast %pos : memref<16xi32> to memref<*xi32>
  // pattern "abab"
  memref.store %a, %pat[%c0] : memref<8xi8>
  memref.store %b, %pat[%c1] : memref<8xi8>
  memref.store %a, %pat[%c2] : memref<8xi8>
  memref.store %b, %pat[%c3] : memref<8xi8>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %neg, %pos[%i] : memref<16xi32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %neg, %pi[%i] : memref<8xi32>
  }
  %n1 = func.call @kmp(%pd, %c4, %td, %c48, %pid, %posd) : (memref<?xi8>, index, memref<?xi8>, index, memref<?xi32>, memref<?xi32>) -> i32
  vector.print %n1 : i32
  func.call @printMemrefI32(%piu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%posu) : (memref<*xi32>) -> ()
  // pattern "aabaa"
  memref.store %a, %pat[%c0] : memref<8xi8>
  memref.store %a, %pat[%c1] : memref<8xi8>
  memref.store %b, %pat[%c2] : memref<8xi8>
  memref.store %a, %pat[%c3] : memref<8xi8>
  memref.store %a, %pat[%c4] : memref<8xi8>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %neg, %pos[%i] : memref<16xi32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %neg, %pi[%i] : memref<8xi32>
  }
  %n2 = func.call @kmp(%pd, %c5, %td, %c48, %pid, %posd) : (memref<?xi8>, index, memref<?xi8>, index, memref<?xi32>, memref<?xi32>) -> i32
  vector.print %n2 : i32
  func.call @printMemrefI32(%piu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%posu) : (memref<*xi32>) -> ()
  memref.dealloc %text : memref<48xi8>
  memref.dealloc %text32 : memref<48xi32>
  memref.dealloc %pat : memref<8xi8>
  memref.dealloc %pi : memref<8xi32>
  memref.dealloc %pos : memref<16xi32>
  func.return
}
