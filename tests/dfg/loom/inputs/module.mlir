// A whole module in the shape LOOM's compiler writes one (docs/loom.md "Whole modules"):
// debug information and module attributes, a host @main that runs the accelerated
// function through ESI, its CPU version in SCF, and two handshake.funcs in LOOM's older
// spelling (stop_cond, a stream without types): @scale_dsa with none start and done
// tokens, @scale_dsa_esi with the i1 ones ESI hands over. Both compute the sum over
// i < n of k * a[i] (n >= 1: there is no zero-trip guard), as dotk.mlir does for one array.
#di_file = #llvm.di_file<"scale.cpp" in "/src">
#loc1 = loc("scale.cpp":3:0)
#loc2 = loc("scale.cpp":9:0)
module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi64>>,
                   llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  memref.global constant @msg : memref<3xi8> = dense<[111, 107, 0]> {alignment = 1 : i64}
  llvm.module_flags [#llvm.mlir.module_flag<max, "Dwarf Version", 5 : i32>]
  func.func @main() -> i32 {
    %true = arith.constant true
    %false = arith.constant false
    %clk = seq.const_clock low
    %n = arith.constant 4 : index
    %k = arith.constant 3 : i32
    %a = memref.alloca() : memref<8xi32>
    %cpu = call @scale_cpu(%a, %n, %k) : (memref<8xi32>, index, i32) -> i32
    %ch0, %r0 = esi.wrap.vr %a, %true : memref<8xi32>
    %ch1, %r1 = esi.wrap.vr %n, %true : index
    %ch2, %r2 = esi.wrap.vr %k, %true : i32
    %ch3, %r3 = esi.wrap.vr %true, %true : i1
    %out:2 = handshake.esi_instance @scale_dsa_esi "scale_inst0" clk %clk rst %false(%ch0, %ch1, %ch2, %ch3)
        : (!esi.channel<memref<8xi32>>, !esi.channel<index>, !esi.channel<i32>, !esi.channel<i1>)
          -> (!esi.channel<i32>, !esi.channel<i1>)
    %sum, %valid = esi.unwrap.vr %out#0, %true : i32
    %done, %valid_1 = esi.unwrap.vr %out#1, %true : i1
    %same = arith.cmpi eq, %sum, %cpu : i32
    %ok = arith.extui %same : i1 to i32
    %p = memref.get_global @msg : memref<3xi8>
    %addr = memref.extract_aligned_pointer_as_index %p : memref<3xi8> -> index
    %addr64 = arith.index_cast %addr : index to i64
    %ptr = llvm.inttoptr %addr64 : i64 to !llvm.ptr
    %r = llvm.call @puts(%ptr) : (!llvm.ptr) -> i32
    return %ok : i32
  } loc(#loc1)
  llvm.func @puts(!llvm.ptr) -> i32
  func.func private @llvm.lifetime.start.p0(memref<?xi8, strided<[1], offset: ?>>)
  func.func @scale_cpu(%a: memref<8xi32> {loom.noalias}, %n: index, %k: i32) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
      %x = memref.load %a[%i] : memref<8xi32>
      %kx = arith.muli %x, %k : i32
      %next = arith.addi %acc, %kx : i32
      scf.yield %next : i32
    }
    return %s : i32
  }
  handshake.func @scale_dsa_esi(%a: memref<8xi32> loc(#loc2), %n: index, %k: i32, %start: i1, ...)
      -> (i32, i1)
      attributes {argNames = ["a", "n", "k", "start_token"], loom.annotations = ["loom.accel=scale"],
                  resNames = ["sum", "done_token"]} {
    %go = handshake.join %start : i1
    %c0 = handshake.constant %go {value = 0 : index} : index
    %c1 = handshake.constant %go {value = 1 : index} : index
    %zero = handshake.constant %go {value = 0 : i32} : i32
    %idx, %more = dataflow.stream %c0, %c1, %n
        {loom.annotations = ["loom.loop.tripcount typical=8"], step_op = "+=", stop_cond = "<"}
    %i, %body = dataflow.gate %idx, %more : index, i1 -> index, i1
    %kk = dataflow.invariant %body, %k : i1, i32 -> i32
    %acc = dataflow.carry %more, %zero, %next : i1, i32, i32 -> i32
    %acc_in, %sum = handshake.cond_br %more, %acc : i32
    %ctrl = dataflow.invariant %body, %go : i1, none -> none
    %x, %x_addr = handshake.load [%i] %mem#0, %ctrl : index, i32 loc(#loc2)
    %mem:2 = handshake.extmemory[ld = 1, st = 0] (%a : memref<8xi32>) (%x_addr) {id = 0 : i32}
        : (index) -> (i32, none)
    %seen = dataflow.carry %body, %go, %again : i1, none, none -> none
    %pair = handshake.join %seen, %mem#1 : none, none
    %again, %done = handshake.cond_br %body, %pair : none
    %kx = arith.muli %x, %kk : i32
    %next = arith.addi %acc_in, %kx : i32
    %done_token = handshake.constant %done {value = true} : i1
    handshake.return %sum, %done_token : i32, i1
  } loc(#loc2)
  handshake.func @scale_dsa(%a: memref<8xi32>, %n: index, %k: i32, %start: none, ...)
      -> (i32, none)
      attributes {argNames = ["a", "n", "k", "start_token"], resNames = ["sum", "done_token"]} {
    %go = handshake.join %start : none
    %c0 = handshake.constant %go {value = 0 : index} : index
    %c1 = handshake.constant %go {value = 1 : index} : index
    %zero = handshake.constant %go {value = 0 : i32} : i32
    %idx, %more = dataflow.stream %c0, %c1, %n {step_op = "+=", stop_cond = "<"}
    %i, %body = dataflow.gate %idx, %more : index, i1 -> index, i1
    %kk = dataflow.invariant %body, %k : i1, i32 -> i32
    %acc = dataflow.carry %more, %zero, %next : i1, i32, i32 -> i32
    %acc_in, %sum = handshake.cond_br %more, %acc : i32
    %ctrl = dataflow.invariant %body, %go : i1, none -> none
    %x, %x_addr = handshake.load [%i] %mem#0, %ctrl : index, i32
    %mem:2 = handshake.extmemory[ld = 1, st = 0] (%a : memref<8xi32>) (%x_addr) {id = 0 : i32}
        : (index) -> (i32, none)
    %seen = dataflow.carry %body, %go, %again : i1, none, none -> none
    %pair = handshake.join %seen, %mem#1 : none, none
    %again, %done = handshake.cond_br %body, %pair : none
    %kx = arith.muli %x, %kk : i32
    %next = arith.addi %acc_in, %kx : i32
    handshake.return %sum, %done : i32, none
  }
}
