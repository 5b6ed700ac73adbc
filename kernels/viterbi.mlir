// kernel: viterbi — MachSuite-style Viterbi decoding in f32 (-log probabilities, min-sum): 4 states, 3 tokens, 10 observations loaded from memory and used as a data-dependent column index into the emission matrix; per (t, state) a min over previous states carried in an iter_arg (cmpf olt + select); final argmin carried as an (f32, index) iter_arg pair; backtracking runs t downward via iv arithmetic (t = T-2-tt) reading the path entry written on the previous iteration; llike is a memref<?x4xf32> (mixed dynamic/static shape); returns the best path cost; called on T = 10 and on a T = 1 prefix (zero-trip recursion and backtrack loops).
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @viterbi(%obs: memref<?xi32>, %init: memref<4xf32>, %trans: memref<4x4xf32>, %emit: memref<4x3xf32>, %llike: memref<?x4xf32>, %path: memref<?xi32>, %T: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %o032 = memref.load %obs[%c0] : memref<?xi32>
  %o0 = arith.index_cast %o032 : i32 to index
  scf.for %s = %c0 to %c4 step %c1 {
    %a = memref.load %init[%s] : memref<4xf32>
    %e = memref.load %emit[%s, %o0] : memref<4x3xf32>
    %v = arith.addf %a, %e : f32
    memref.store %v, %llike[%c0, %s] : memref<?x4xf32>
  }
  scf.for %t = %c1 to %T step %c1 {
    %tm1 = arith.subi %t, %c1 : index
    %o32 = memref.load %obs[%t] : memref<?xi32>
    %o = arith.index_cast %o32 : i32 to index
    scf.for %c = %c0 to %c4 step %c1 {
      %e = memref.load %emit[%c, %o] : memref<4x3xf32>
      %l0 = memref.load %llike[%tm1, %c0] : memref<?x4xf32>
      %tr0 = memref.load %trans[%c0, %c] : memref<4x4xf32>
      %s0 = arith.addf %l0, %tr0 : f32
      %m0 = arith.addf %s0, %e : f32
      %m = scf.for %p = %c1 to %c4 step %c1 iter_args(%best = %m0) -> (f32) {
        %l = memref.load %llike[%tm1, %p] : memref<?x4xf32>
        %tr = memref.load %trans[%p, %c] : memref<4x4xf32>
        %s1 = arith.addf %l, %tr : f32
        %cand = arith.addf %s1, %e : f32
        %lt = arith.cmpf olt, %cand, %best : f32
        %nb = arith.select %lt, %cand, %best : f32
        scf.yield %nb : f32
      }
      memref.store %m, %llike[%t, %c] : memref<?x4xf32>
    }
  }
  %Tm1 = arith.subi %T, %c1 : index
  %f0 = memref.load %llike[%Tm1, %c0] : memref<?x4xf32>
  %fin:2 = scf.for %s = %c1 to %c4 step %c1 iter_args(%bp = %f0, %bs = %c0) -> (f32, index) {
    %l = memref.load %llike[%Tm1, %s] : memref<?x4xf32>
    %lt = arith.cmpf olt, %l, %bp : f32
    %np = arith.select %lt, %l, %bp : f32
    %ns = arith.select %lt, %s, %bs : index
    scf.yield %np, %ns : f32, index
  }
  %bs32 = arith.index_cast %fin#1 : index to i32
  memref.store %bs32, %path[%Tm1] : memref<?xi32>
  scf.for %tt = %c0 to %Tm1 step %c1 {
    %Tm2 = arith.subi %T, %c2 : index
    %t = arith.subi %Tm2, %tt : index
    %tp1 = arith.addi %t, %c1 : index
    %nx32 = memref.load %path[%tp1] : memref<?xi32>
    %nx = arith.index_cast %nx32 : i32 to index
    %l0 = memref.load %llike[%t, %c0] : memref<?x4xf32>
    %tr0 = memref.load %trans[%c0, %nx] : memref<4x4xf32>
    %p0 = arith.addf %l0, %tr0 : f32
    %r:2 = scf.for %s = %c1 to %c4 step %c1 iter_args(%bp = %p0, %bs = %c0) -> (f32, index) {
      %l = memref.load %llike[%t, %s] : memref<?x4xf32>
      %tr = memref.load %trans[%s, %nx] : memref<4x4xf32>
      %p = arith.addf %l, %tr : f32
      %lt = arith.cmpf olt, %p, %bp : f32
      %np = arith.select %lt, %p, %bp : f32
      %ns = arith.select %lt, %s, %bs : index
      scf.yield %np, %ns : f32, index
    }
    %s32 = arith.index_cast %r#1 : index to i32
    memref.store %s32, %path[%t] : memref<?xi32>
  }
  func.return %fin#0 : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %obs = memref.alloc() : memref<10xi32>
  %init = memref.alloc() : memref<4xf32>
  %trans = memref.alloc() : memref<4x4xf32>
  %emit = memref.alloc() : memref<4x3xf32>
  %llike = memref.alloc() : memref<10x4xf32>
  %path = memref.alloc() : memref<10xi32>
  %q = arith.constant 0.25 : f32
  %h = arith.constant 0.5 : f32
  %neg = arith.constant -1 : i32
  %zf = arith.constant 0.0 : f32
  // obs[t] = (t*t + t/2 + 1) mod 3 ; init[s] = 0.5 + 0.375*s
  // trans[p][c] = 0.25*((3p + 5c + 1) mod 7) + 0.5 ; emit[s][k] = 0.25*((2s + 3k + 2) mod 5) + 0.25
  scf.for %t = %c0 to %c10 step %c1 {
    %sq = arith.muli %t, %t : index
    %hf = arith.divui %t, %c2 : index
    %a = arith.addi %sq, %hf : index
    %a1 = arith.addi %a, %c1 : index
    %o = arith.remui %a1, %c3 : index
    %o32 = arith.index_cast %o : index to i32
    memref.store %o32, %obs[%t] : memref<10xi32>
    memref.store %neg, %path[%t] : memref<10xi32>
    scf.for %s = %c0 to %c4 step %c1 {
      memref.store %zf, %llike[%t, %s] : memref<10x4xf32>
    }
  }
  %k38 = arith.constant 0.375 : f32
  scf.for %s = %c0 to %c4 step %c1 {
    %si = arith.index_cast %s : index to i32
    %sf = arith.sitofp %si : i32 to f32
    %t0 = arith.mulf %sf, %k38 : f32
    %iv = arith.addf %t0, %h : f32
    memref.store %iv, %init[%s] : memref<4xf32>
    scf.for %c = %c0 to %c4 step %c1 {
      %p3 = arith.muli %s, %c3 : index
      %c5c = arith.muli %c, %c5 : index
      %u = arith.addi %p3, %c5c : index
      %u1 = arith.addi %u, %c1 : index
      %r = arith.remui %u1, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %x = arith.mulf %rf, %q : f32
      %v = arith.addf %x, %h : f32
      memref.store %v, %trans[%s, %c] : memref<4x4xf32>
    }
    scf.for %k = %c0 to %c3 step %c1 {
      %s2 = arith.addi %s, %s : index
      %k3 = arith.muli %k, %c3 : index
      %u = arith.addi %s2, %k3 : index
      %u2 = arith.addi %u, %c2 : index
      %r = arith.remui %u2, %c5 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %x = arith.mulf %rf, %q : f32
      %v = arith.addf %x, %q : f32
      memref.store %v, %emit[%s, %k] : memref<4x3xf32>
    }
  }
  %obsu = memref.cast %obs : memref<10xi32> to memref<*xi32>
  func.call @printMemrefI32(%obsu) : (memref<*xi32>) -> ()
  %od = memref.cast %obs : memref<10xi32> to memref<?xi32>
  %ld = memref.cast %llike : memref<10x4xf32> to memref<?x4xf32>
  %pd = memref.cast %path : memref<10xi32> to memref<?xi32>
  %cost = func.call @viterbi(%od, %init, %trans, %emit, %ld, %pd, %c10) : (memref<?xi32>, memref<4xf32>, memref<4x4xf32>, memref<4x3xf32>, memref<?x4xf32>, memref<?xi32>, index) -> f32
  vector.print %cost : f32
  %lu = memref.cast %llike : memref<10x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%lu) : (memref<*xf32>) -> ()
  %pu = memref.cast %path : memref<10xi32> to memref<*xi32>
  func.call @printMemrefI32(%pu) : (memref<*xi32>) -> ()
  %cost1 = func.call @viterbi(%od, %init, %trans, %emit, %ld, %pd, %c1) : (memref<?xi32>, memref<4xf32>, memref<4x4xf32>, memref<4x3xf32>, memref<?x4xf32>, memref<?xi32>, index) -> f32
  vector.print %cost1 : f32
  func.call @printMemrefI32(%pu) : (memref<*xi32>) -> ()
  memref.dealloc %obs : memref<10xi32>
  memref.dealloc %init : memref<4xf32>
  memref.dealloc %trans : memref<4x4xf32>
  memref.dealloc %emit : memref<4x3xf32>
  memref.dealloc %llike : memref<10x4xf32>
  memref.dealloc %path : memref<10xi32>
  func.return
}
