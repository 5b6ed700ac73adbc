// A program in the shape LOOM compiles one to (docs/loom.md "LOOM's programs"), written by
// hand: main fills an array, calls the CPU version, runs the accelerator through
// handshake.esi_instance on ESI channels, compares and prints its verdict with printf
// and puts. The network scales a[i] by k into b[i] for i < n, wired as
// spec-dataflow-compilation and spec-dataflow-memory have it (body-local values and the
// memory-control carries on after_cond, the loop's inputs behind a zero-trip guard), so
// it must run with no finding.
module {
  memref.global constant @fmt : memref<21xi8> = dense<[98, 91, 37, 117, 93, 32, 61, 32, 37, 117, 32, 40, 99, 112, 117, 32, 37, 117, 41, 10, 0]>
  memref.global constant @ok : memref<14xi8> = dense<[115, 99, 97, 108, 101, 58, 32, 80, 65, 83, 83, 69, 68, 0]>
  memref.global constant @bad : memref<14xi8> = dense<[115, 99, 97, 108, 101, 58, 32, 70, 65, 73, 76, 69, 68, 0]>
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @puts(!llvm.ptr) -> i32
  func.func @scale_cpu(%a: memref<?xi32>, %b: memref<?xi32>, %k: i32, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      %x = memref.load %a[%i] : memref<?xi32>
      %y = arith.muli %x, %k : i32
      memref.store %y, %b[%i] : memref<?xi32>
    }
    return
  }
  func.func @main() -> i32 {
    %true = arith.constant true
    %false = arith.constant false
    %clk = seq.const_clock low
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %k = arith.constant 3 : i32
    %n = arith.constant 8 : i32
    %a = memref.alloca() : memref<8xi32>
    %b = memref.alloca() : memref<8xi32>
    %bc = memref.alloca() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %a[%i] : memref<8xi32>
    }
    %ad = memref.cast %a : memref<8xi32> to memref<?xi32>
    %bd = memref.cast %b : memref<8xi32> to memref<?xi32>
    %bcd = memref.cast %bc : memref<8xi32> to memref<?xi32>
    func.call @scale_cpu(%ad, %bcd, %k, %n) : (memref<?xi32>, memref<?xi32>, i32, i32) -> ()
    %ch0, %r0 = esi.wrap.vr %ad, %true : memref<?xi32>
    %ch1, %r1 = esi.wrap.vr %bd, %true : memref<?xi32>
    %ch2, %r2 = esi.wrap.vr %k, %true : i32
    %ch3, %r3 = esi.wrap.vr %n, %true : i32
    %ch4, %r4 = esi.wrap.vr %true, %true : i1
    %done = handshake.esi_instance @scale_dsa_esi "scale_inst0" clk %clk rst %false(%ch0, %ch1, %ch2, %ch3, %ch4) : (!esi.channel<memref<?xi32>>, !esi.channel<memref<?xi32>>, !esi.channel<i32>, !esi.channel<i32>, !esi.channel<i1>) -> !esi.channel<i1>
    %d, %valid = esi.unwrap.vr %done, %true : i1
    %fmt = memref.get_global @fmt : memref<21xi8>
    %fa = memref.extract_aligned_pointer_as_index %fmt : memref<21xi8> -> index
    %fi = arith.index_cast %fa : index to i64
    %fp = llvm.inttoptr %fi : i64 to !llvm.ptr
    %wrong = scf.for %i = %c0 to %c8 step %c1 iter_args(%w = %false) -> (i1) {
      %x = memref.load %b[%i] : memref<8xi32>
      %y = memref.load %bc[%i] : memref<8xi32>
      %iv = arith.index_cast %i : index to i32
      %p = llvm.call @printf(%fp, %iv, %x, %y) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
      %ne = arith.cmpi ne, %x, %y : i32
      %w2 = arith.ori %w, %ne : i1
      scf.yield %w2 : i1
    }
    %okg = memref.get_global @ok : memref<14xi8>
    %badg = memref.get_global @bad : memref<14xi8>
    %msg = arith.select %wrong, %badg, %okg : memref<14xi8>
    %ma = memref.extract_aligned_pointer_as_index %msg : memref<14xi8> -> index
    %mi = arith.index_cast %ma : index to i64
    %mp = llvm.inttoptr %mi : i64 to !llvm.ptr
    %r = llvm.call @puts(%mp) : (!llvm.ptr) -> i32
    %rc = arith.extui %wrong : i1 to i32
    return %rc : i32
  }
  handshake.func @scale_dsa_esi(%a: memref<?xi32>, %b: memref<?xi32>, %k: i32, %n: i32, %start: i1, ...) -> (i1) attributes {argNames = ["a", "b", "k", "n", "start_token"], resNames = ["done_token"]} {
    %ctrl = join %start : i1
    %c0 = constant %ctrl {value = 0 : index} : index
    %c1 = constant %ctrl {value = 1 : index} : index
    %nn = arith.index_cast %n : i32 to index
    // The zero-trip guard: the loop's inputs enter through cond_brs on 0 < n.
    %enter = arith.cmpi slt, %c0, %nn : index
    %lo, %lo_skip = cond_br %enter, %c0 : index
    %hi, %hi_skip = cond_br %enter, %nn : index
    %st, %st_skip = cond_br %enter, %c1 : index
    %kin, %k_skip = cond_br %enter, %k : i32
    %ldc0, %ld_skip = cond_br %enter, %ctrl : none
    %stc0, %st_skip2 = cond_br %enter, %ctrl : none
    %i, %wc = dataflow.stream %lo, %st, %hi {step_op = "+=", cont_cond = "<"} : (index, index, index) -> (index, i1)
    %iv, %ac = dataflow.gate %i, %wc : index, i1 -> index, i1
    %kk = dataflow.invariant %ac, %kin : i1, i32 -> i32
    // Memory control: one carry per memory, on after_cond (spec-dataflow-memory).
    %ldc = dataflow.carry %ac, %ldc0, %ld_next : i1, none, none -> none
    %x, %la = load [%iv] %am#0, %ldc : index, i32
    %y = arith.muli %x, %kk : i32
    %stc = dataflow.carry %ac, %stc0, %st_next : i1, none, none -> none
    %sd, %sa = store [%iv] %y, %stc : index, i32
    %am:2 = extmemory[ld = 1, st = 0] (%a : memref<?xi32>) (%la) {id = 0 : i32} : (index) -> (i32, none)
    %bm = extmemory[ld = 0, st = 1] (%b : memref<?xi32>) (%sd, %sa) {id = 1 : i32} : (i32, index) -> none
    %ld_next, %ld_exit = cond_br %ac, %am#1 : none
    %st_next, %st_exit = cond_br %ac, %bm : none
    %ld_done = mux %enter [%ld_skip, %ld_exit] : i1, none
    %st_done = mux %enter [%st_skip2, %st_exit] : i1, none
    %all = join %ld_done, %st_done : none, none
    %t = constant %all {value = true} : i1
    return %t : i1
  }
}
