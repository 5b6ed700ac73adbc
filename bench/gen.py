#!/usr/bin/env python3
"""Generates the benchmark kernels of scripts/bench.sh as MLIR programs (MLIR 22 spelling).

  gen.py gemm M N K          i32 C += A * B (A MxK, B KxN, C MxN)
  gen.py stencil N STEPS     i32 5-point Jacobi on an NxN grid, STEPS x (A -> B, B -> A)
  gen.py spmv ROWS           f32 CSR y = A x, ROWS x ROWS, 5..15 non-zeros a row (~10 ROWS)
  gen.py collatz N           while-heavy: Collatz step counts and peaks of 1..N
  gen.py big OPS [--no-call] one function with ~OPS scf/arith/memref ops in many loops
                             (lowering and elaboration size); --no-call: main returns
                             without calling it, so `run` measures parse + lower +
                             elaborate only
  gen.py wide OPS [--trips T] ~OPS scf/arith ops in independent loops that all run at
                             once (bench/scale.py): the network grows with OPS while
                             the cycles (~T iterations of one loop) and each op's
                             firings per cycle stay the same

Every program has a `main` that builds its inputs deterministically (index arithmetic
in loops, no data files), calls the kernel function once (the function runs on the
dataflow simulator, main in the reference interpreter) and prints a small checksum
with vector.print. The output goes to stdout, or to -o FILE. The kernels are valid
MLIR 22: `scripts/oracle.sh` (mlir-opt + mlir-runner) runs them and prints the same
checksum, which is how tests/bench checks them at small sizes.
"""

import argparse
import sys


class Emitter:
    """Collects lines; hands out fresh SSA names and index/i32 constants."""

    def __init__(self):
        self.lines = []
        self.n = 0
        self.consts = {}

    def fresh(self, stem="v"):
        self.n += 1
        return f"%{stem}{self.n}"

    def line(self, text, indent=1):
        self.lines.append("  " * indent + text)

    def text(self):
        return "\n".join(self.lines) + "\n"


def index_consts(values, indent=1):
    """Index constants %cV for every V, one line each."""
    return ["  " * indent + f"%c{v} = arith.constant {v} : index" for v in sorted(set(values))]


# --------------------------------------------------------------------------- gemm

def checksum(mem, rows, cols, ty):
    """main's lines that print sum = sum * 31 + mem[i][j] over a rows x cols i32 memref
    (needs %c0, %c1, %c<rows>, %c<cols>, %i0 = 0 and %i31 = 31)."""
    return [
        f"  %sum = scf.for %i = %c0 to %c{rows} step %c1 iter_args(%s0 = %i0) -> (i32) {{",
        f"    %s1 = scf.for %j = %c0 to %c{cols} step %c1 iter_args(%s = %s0) -> (i32) {{",
        f"      %v = memref.load {mem}[%i, %j] : {ty}",
        "      %h = arith.muli %s, %i31 : i32",
        "      %t = arith.addi %h, %v : i32",
        "      scf.yield %t : i32",
        "    }",
        "    scf.yield %s1 : i32",
        "  }",
        "  vector.print %sum : i32",
    ]


def gemm(m, n, k):
    out = [
        f"// bench: gemm {m}x{n}x{k} — i32 C += A * B on dynamically shaped 2-D memrefs; the",
        "// innermost reduction is carried in an iter_arg seeded from C. main fills A, B, C with",
        "// index formulas and prints a checksum of C (s = 31 * s + c over row-major C, i32).",
        "func.func @gemm(%A: memref<?x?xi32>, %B: memref<?x?xi32>, %C: memref<?x?xi32>) {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %m = memref.dim %A, %c0 : memref<?x?xi32>",
        "  %k = memref.dim %A, %c1 : memref<?x?xi32>",
        "  %n = memref.dim %B, %c1 : memref<?x?xi32>",
        "  scf.for %i = %c0 to %m step %c1 {",
        "    scf.for %j = %c0 to %n step %c1 {",
        "      %init = memref.load %C[%i, %j] : memref<?x?xi32>",
        "      %sum = scf.for %p = %c0 to %k step %c1 iter_args(%acc = %init) -> (i32) {",
        "        %x = memref.load %A[%i, %p] : memref<?x?xi32>",
        "        %y = memref.load %B[%p, %j] : memref<?x?xi32>",
        "        %xy = arith.muli %x, %y : i32",
        "        %s = arith.addi %acc, %xy : i32",
        "        scf.yield %s : i32",
        "      }",
        "      memref.store %sum, %C[%i, %j] : memref<?x?xi32>",
        "    }",
        "  }",
        "  func.return",
        "}",
        "",
        "func.func @main() {",
    ]
    out += index_consts([0, 1, 3, 5, 6, 7, 8, 11, 13, 17, m, n, k])
    out += [
        "  %i0 = arith.constant 0 : i32",
        "  %i31 = arith.constant 31 : i32",
        f"  %A = memref.alloc() : memref<{m}x{k}xi32>",
        f"  %B = memref.alloc() : memref<{k}x{n}xi32>",
        f"  %C = memref.alloc() : memref<{m}x{n}xi32>",
        "  // A[i][p] = (7i + 3p) mod 17 - 8",
        f"  scf.for %i = %c0 to %c{m} step %c1 {{",
        f"    scf.for %p = %c0 to %c{k} step %c1 {{",
        "      %a = arith.muli %i, %c7 : index",
        "      %b = arith.muli %p, %c3 : index",
        "      %s = arith.addi %a, %b : index",
        "      %r = arith.remui %s, %c17 : index",
        "      %t = arith.subi %r, %c8 : index",
        "      %v = arith.index_cast %t : index to i32",
        f"      memref.store %v, %A[%i, %p] : memref<{m}x{k}xi32>",
        "    }",
        "  }",
        "  // B[p][j] = (5p + 11j) mod 13 - 6",
        f"  scf.for %p = %c0 to %c{k} step %c1 {{",
        f"    scf.for %j = %c0 to %c{n} step %c1 {{",
        "      %a = arith.muli %p, %c5 : index",
        "      %b = arith.muli %j, %c11 : index",
        "      %s = arith.addi %a, %b : index",
        "      %r = arith.remui %s, %c13 : index",
        "      %t = arith.subi %r, %c6 : index",
        "      %v = arith.index_cast %t : index to i32",
        f"      memref.store %v, %B[%p, %j] : memref<{k}x{n}xi32>",
        "    }",
        "  }",
        "  // C[i][j] = (i + j) mod 5",
        f"  scf.for %i = %c0 to %c{m} step %c1 {{",
        f"    scf.for %j = %c0 to %c{n} step %c1 {{",
        "      %s = arith.addi %i, %j : index",
        "      %r = arith.remui %s, %c5 : index",
        "      %v = arith.index_cast %r : index to i32",
        f"      memref.store %v, %C[%i, %j] : memref<{m}x{n}xi32>",
        "    }",
        "  }",
        f"  %Ad = memref.cast %A : memref<{m}x{k}xi32> to memref<?x?xi32>",
        f"  %Bd = memref.cast %B : memref<{k}x{n}xi32> to memref<?x?xi32>",
        f"  %Cd = memref.cast %C : memref<{m}x{n}xi32> to memref<?x?xi32>",
        "  func.call @gemm(%Ad, %Bd, %Cd) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()",
    ] + checksum("%C", m, n, f"memref<{m}x{n}xi32>") + [
        f"  memref.dealloc %A : memref<{m}x{k}xi32>",
        f"  memref.dealloc %B : memref<{k}x{n}xi32>",
        f"  memref.dealloc %C : memref<{m}x{n}xi32>",
        "  func.return",
        "}",
    ]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------ stencil

def stencil(n, steps):
    def sweep(src, dst):
        return [
            "    scf.for %i = %c1 to %n1 step %c1 {",
            "      %im = arith.subi %i, %c1 : index",
            "      %ip = arith.addi %i, %c1 : index",
            "      scf.for %j = %c1 to %m1 step %c1 {",
            "        %jm = arith.subi %j, %c1 : index",
            "        %jp = arith.addi %j, %c1 : index",
            f"        %c = memref.load {src}[%i, %j] : memref<?x?xi32>",
            f"        %no = memref.load {src}[%im, %j] : memref<?x?xi32>",
            f"        %so = memref.load {src}[%ip, %j] : memref<?x?xi32>",
            f"        %we = memref.load {src}[%i, %jm] : memref<?x?xi32>",
            f"        %ea = memref.load {src}[%i, %jp] : memref<?x?xi32>",
            "        %c4 = arith.shli %c, %two : i32",
            "        %t0 = arith.addi %no, %so : i32",
            "        %t1 = arith.addi %we, %ea : i32",
            "        %t2 = arith.addi %t0, %t1 : i32",
            "        %t3 = arith.addi %t2, %c4 : i32",
            "        %r = arith.shrsi %t3, %three : i32",
            f"        memref.store %r, {dst}[%i, %j] : memref<?x?xi32>",
            "      }",
            "    }",
        ]

    out = [
        f"// bench: stencil {n}x{n}, {steps} step(s) of two sweeps — i32 5-point Jacobi",
        "// (4c + n + s + w + e) >> 3 over the interior, A -> B then B -> A per step, the time",
        "// loop inside the kernel. main fills A = B with an index formula and prints a checksum",
        "// of A (s = 31 * s + a over row-major A, i32).",
        "func.func @stencil(%A: memref<?x?xi32>, %B: memref<?x?xi32>, %steps: index) {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %two = arith.constant 2 : i32",
        "  %three = arith.constant 3 : i32",
        "  %n = memref.dim %A, %c0 : memref<?x?xi32>",
        "  %m = memref.dim %A, %c1 : memref<?x?xi32>",
        "  %n1 = arith.subi %n, %c1 : index",
        "  %m1 = arith.subi %m, %c1 : index",
        "  scf.for %t = %c0 to %steps step %c1 {",
    ]
    out += sweep("%A", "%B")
    out += sweep("%B", "%A")
    out += ["  }", "  func.return", "}", "", "func.func @main() {"]
    out += index_consts([0, 1, 37, 101, 211, n, steps])
    ty = f"memref<{n}x{n}xi32>"
    out += [
        "  %i0 = arith.constant 0 : i32",
        "  %i31 = arith.constant 31 : i32",
        f"  %A = memref.alloc() : {ty}",
        f"  %B = memref.alloc() : {ty}",
        "  // A[i][j] = B[i][j] = (37i + 101j) mod 211",
        f"  scf.for %i = %c0 to %c{n} step %c1 {{",
        f"    scf.for %j = %c0 to %c{n} step %c1 {{",
        "      %a = arith.muli %i, %c37 : index",
        "      %b = arith.muli %j, %c101 : index",
        "      %s = arith.addi %a, %b : index",
        "      %r = arith.remui %s, %c211 : index",
        "      %v = arith.index_cast %r : index to i32",
        f"      memref.store %v, %A[%i, %j] : {ty}",
        f"      memref.store %v, %B[%i, %j] : {ty}",
        "    }",
        "  }",
        f"  %Ad = memref.cast %A : {ty} to memref<?x?xi32>",
        f"  %Bd = memref.cast %B : {ty} to memref<?x?xi32>",
        f"  func.call @stencil(%Ad, %Bd, %c{steps}) : (memref<?x?xi32>, memref<?x?xi32>, index) -> ()",
    ] + checksum("%A", n, n, ty) + [
        f"  memref.dealloc %A : {ty}",
        f"  memref.dealloc %B : {ty}",
        "  func.return",
        "}",
    ]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- spmv

def spmv(rows):
    # Row i has 5 + (7i mod 11) entries (5..15, 10 on average); the generator knows the
    # total, so every buffer has a static size.
    nnz = sum(5 + (7 * i) % 11 for i in range(rows))
    out = [
        f"// bench: spmv {rows}x{rows} CSR, {nnz} non-zeros — f32 y = A x (MachSuite spmv_crs):",
        "// inner bounds are row pointers loaded from memory, x is gathered through the column",
        "// index (a data-dependent address). main builds the matrix with index formulas (row i",
        "// has 5 + (7i mod 11) entries) and prints the f32 sum of y and an i32 checksum of",
        "// the bits of y.",
        "func.func @spmv(%rowptr: memref<?xi32>, %col: memref<?xi32>, %val: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %zero = arith.constant 0.0 : f32",
        "  scf.for %i = %c0 to %n step %c1 {",
        "    %ip1 = arith.addi %i, %c1 : index",
        "    %b32 = memref.load %rowptr[%i] : memref<?xi32>",
        "    %e32 = memref.load %rowptr[%ip1] : memref<?xi32>",
        "    %b = arith.index_cast %b32 : i32 to index",
        "    %e = arith.index_cast %e32 : i32 to index",
        "    %s = scf.for %k = %b to %e step %c1 iter_args(%acc = %zero) -> (f32) {",
        "      %c32 = memref.load %col[%k] : memref<?xi32>",
        "      %c = arith.index_cast %c32 : i32 to index",
        "      %v = memref.load %val[%k] : memref<?xf32>",
        "      %xv = memref.load %x[%c] : memref<?xf32>",
        "      %p = arith.mulf %v, %xv : f32",
        "      %t = arith.addf %acc, %p : f32",
        "      scf.yield %t : f32",
        "    }",
        "    memref.store %s, %y[%i] : memref<?xf32>",
        "  }",
        "  func.return",
        "}",
        "",
        "func.func @main() {",
    ]
    out += index_consts([0, 1, 5, 7, 9, 11, 13, 19, 23, 37, 101, rows, rows + 1, nnz])
    out += [
        "  %i0 = arith.constant 0 : i32",
        "  %i31 = arith.constant 31 : i32",
        "  %zf = arith.constant 0.0 : f32",
        "  %quarter = arith.constant 0.25 : f32",
        "  %eighth = arith.constant 0.125 : f32",
        f"  %rowptr = memref.alloc() : memref<{rows + 1}xi32>",
        f"  %col = memref.alloc() : memref<{nnz}xi32>",
        f"  %val = memref.alloc() : memref<{nnz}xf32>",
        f"  %x = memref.alloc() : memref<{rows}xf32>",
        f"  %y = memref.alloc() : memref<{rows}xf32>",
        f"  memref.store %i0, %rowptr[%c0] : memref<{rows + 1}xi32>",
        "  // row i: 5 + (7i mod 11) entries; col[k] = (37i + 101k) mod rows,",
        "  // val[k] = ((13k mod 19) - 9) * 0.25",
        f"  %total = scf.for %i = %c0 to %c{rows} step %c1 iter_args(%k0 = %c0) -> (index) {{",
        "    %a = arith.muli %i, %c7 : index",
        "    %r = arith.remui %a, %c11 : index",
        "    %cnt = arith.addi %r, %c5 : index",
        "    %kend = arith.addi %k0, %cnt : index",
        "    scf.for %k = %k0 to %kend step %c1 {",
        "      %ci = arith.muli %i, %c37 : index",
        "      %ck = arith.muli %k, %c101 : index",
        "      %cs = arith.addi %ci, %ck : index",
        f"      %cc = arith.remui %cs, %c{rows} : index",
        "      %c32 = arith.index_cast %cc : index to i32",
        f"      memref.store %c32, %col[%k] : memref<{nnz}xi32>",
        "      %vk = arith.muli %k, %c13 : index",
        "      %vr = arith.remui %vk, %c19 : index",
        "      %vi = arith.index_cast %vr : index to i32",
        "      %vf = arith.sitofp %vi : i32 to f32",
        "      %nine = arith.constant 9.0 : f32",
        "      %vs = arith.subf %vf, %nine : f32",
        "      %vv = arith.mulf %vs, %quarter : f32",
        f"      memref.store %vv, %val[%k] : memref<{nnz}xf32>",
        "    }",
        "    %ip1 = arith.addi %i, %c1 : index",
        "    %e32 = arith.index_cast %kend : index to i32",
        f"    memref.store %e32, %rowptr[%ip1] : memref<{rows + 1}xi32>",
        "    scf.yield %kend : index",
        "  }",
        "  // x[j] = ((23j mod 9) - 4) * 0.125 ... kept small so f32 sums stay exact-ish",
        f"  scf.for %j = %c0 to %c{rows} step %c1 {{",
        "    %a = arith.muli %j, %c23 : index",
        "    %r = arith.remui %a, %c9 : index",
        "    %ri = arith.index_cast %r : index to i32",
        "    %rf = arith.sitofp %ri : i32 to f32",
        "    %four = arith.constant 4.0 : f32",
        "    %s = arith.subf %rf, %four : f32",
        "    %v = arith.mulf %s, %eighth : f32",
        f"    memref.store %v, %x[%j] : memref<{rows}xf32>",
        f"    memref.store %zf, %y[%j] : memref<{rows}xf32>",
        "  }",
        f"  %rd = memref.cast %rowptr : memref<{rows + 1}xi32> to memref<?xi32>",
        f"  %cd = memref.cast %col : memref<{nnz}xi32> to memref<?xi32>",
        f"  %vd = memref.cast %val : memref<{nnz}xf32> to memref<?xf32>",
        f"  %xd = memref.cast %x : memref<{rows}xf32> to memref<?xf32>",
        f"  %yd = memref.cast %y : memref<{rows}xf32> to memref<?xf32>",
        f"  func.call @spmv(%rd, %cd, %vd, %xd, %yd, %c{rows}) : (memref<?xi32>, memref<?xi32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()",
        f"  %sum:2 = scf.for %j = %c0 to %c{rows} step %c1 iter_args(%fs = %zf, %hs = %i0) -> (f32, i32) {{",
        f"    %v = memref.load %y[%j] : memref<{rows}xf32>",
        "    %f = arith.addf %fs, %v : f32",
        "    %b = arith.bitcast %v : f32 to i32",
        "    %h = arith.muli %hs, %i31 : i32",
        "    %t = arith.addi %h, %b : i32",
        "    scf.yield %f, %t : f32, i32",
        "  }",
        "  vector.print %total : index",
        "  vector.print %sum#0 : f32",
        "  vector.print %sum#1 : i32",
        f"  memref.dealloc %rowptr : memref<{rows + 1}xi32>",
        f"  memref.dealloc %col : memref<{nnz}xi32>",
        f"  memref.dealloc %val : memref<{nnz}xf32>",
        f"  memref.dealloc %x : memref<{rows}xf32>",
        f"  memref.dealloc %y : memref<{rows}xf32>",
        "  func.return",
        "}",
    ]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------ collatz

def collatz(n):
    out = [
        f"// bench: collatz 1..{n} — while-heavy: per start value an scf.while (data-dependent",
        "// trip count, an scf.if in the after region) counts steps and tracks the i64 peak; the",
        "// outer scf.for carries the longest run and its start in two iter_args. main prints",
        "// them and checksums of the step counts (i32) and the peaks (i64).",
        "func.func @collatz(%steps: memref<?xi32>, %peaks: memref<?xi64>, %n: index) -> (i32, index) {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %one = arith.constant 1 : i64",
        "  %three = arith.constant 3 : i64",
        "  %zero32 = arith.constant 0 : i32",
        "  %one32 = arith.constant 1 : i32",
        "  %best:2 = scf.for %i = %c0 to %n step %c1 iter_args(%bs = %zero32, %barg = %c0) -> (i32, index) {",
        "    %start = arith.addi %i, %c1 : index",
        "    %s64 = arith.index_cast %start : index to i64",
        "    %r:3 = scf.while (%x = %s64, %k = %zero32, %pk = %s64) : (i64, i32, i64) -> (i32, i64, i64) {",
        "      %go = arith.cmpi ne, %x, %one : i64",
        "      scf.condition(%go) %k, %pk, %x : i32, i64, i64",
        "    } do {",
        "    ^bb0(%k: i32, %pk: i64, %x: i64):",
        "      %bit = arith.andi %x, %one : i64",
        "      %odd = arith.cmpi eq, %bit, %one : i64",
        "      %nx = scf.if %odd -> (i64) {",
        "        %t = arith.muli %x, %three : i64",
        "        %t1 = arith.addi %t, %one : i64",
        "        scf.yield %t1 : i64",
        "      } else {",
        "        %h = arith.shrui %x, %one : i64",
        "        scf.yield %h : i64",
        "      }",
        "      %k1 = arith.addi %k, %one32 : i32",
        "      %pk1 = arith.maxsi %pk, %nx : i64",
        "      scf.yield %nx, %k1, %pk1 : i64, i32, i64",
        "    }",
        "    memref.store %r#0, %steps[%i] : memref<?xi32>",
        "    memref.store %r#1, %peaks[%i] : memref<?xi64>",
        "    %better = arith.cmpi sgt, %r#0, %bs : i32",
        "    %nb = arith.select %better, %r#0, %bs : i32",
        "    %na = arith.select %better, %start, %barg : index",
        "    scf.yield %nb, %na : i32, index",
        "  }",
        "  func.return %best#0, %best#1 : i32, index",
        "}",
        "",
        "func.func @main() {",
    ]
    out += index_consts([0, 1, n])
    out += [
        "  %i0 = arith.constant 0 : i32",
        "  %l0 = arith.constant 0 : i64",
        "  %i31 = arith.constant 31 : i32",
        "  %l31 = arith.constant 31 : i64",
        f"  %steps = memref.alloc() : memref<{n}xi32>",
        f"  %peaks = memref.alloc() : memref<{n}xi64>",
        f"  %sd = memref.cast %steps : memref<{n}xi32> to memref<?xi32>",
        f"  %pd = memref.cast %peaks : memref<{n}xi64> to memref<?xi64>",
        f"  %r:2 = func.call @collatz(%sd, %pd, %c{n}) : (memref<?xi32>, memref<?xi64>, index) -> (i32, index)",
        "  vector.print %r#0 : i32",
        "  vector.print %r#1 : index",
        f"  %sum:2 = scf.for %i = %c0 to %c{n} step %c1 iter_args(%a = %i0, %b = %l0) -> (i32, i64) {{",
        f"    %s = memref.load %steps[%i] : memref<{n}xi32>",
        f"    %p = memref.load %peaks[%i] : memref<{n}xi64>",
        "    %ah = arith.muli %a, %i31 : i32",
        "    %a1 = arith.addi %ah, %s : i32",
        "    %bh = arith.muli %b, %l31 : i64",
        "    %b1 = arith.addi %bh, %p : i64",
        "    scf.yield %a1, %b1 : i32, i64",
        "  }",
        "  vector.print %sum#0 : i32",
        "  vector.print %sum#1 : i64",
        f"  memref.dealloc %steps : memref<{n}xi32>",
        f"  memref.dealloc %peaks : memref<{n}xi64>",
        "  func.return",
        "}",
    ]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- big

def binop_chain(e, vals, per, loop, binops, consts):
    """Emits `per` i32 binary ops, each on the last value and an earlier one or a
    constant; appends their results to `vals`."""
    for j in range(per):
        op = binops[(j + loop) % len(binops)]
        lhs = vals[-1]
        rhs = vals[-1 - (j * 7 + loop) % len(vals)] if j % 3 else consts[(j + loop) % len(consts)]
        v = e.fresh()
        e.line(f"{v} = {op} {lhs}, {rhs} : i32", 2)
        vals.append(v)


def low_bit_if(e, last, other):
    """Emits an scf.if on the low bit of `last` (7 ops: last + other, or last ^ 255);
    returns its result."""
    c = e.fresh("c")
    bit = e.fresh()
    e.line(f"{bit} = arith.andi {last}, %k1 : i32", 2)
    e.line(f"{c} = arith.cmpi eq, {bit}, %k1 : i32", 2)
    y = e.fresh("y")
    e.line(f"{y} = scf.if {c} -> (i32) {{", 2)
    t = e.fresh()
    e.line(f"{t} = arith.addi {last}, {other} : i32", 3)
    e.line(f"scf.yield {t} : i32", 3)
    e.line("} else {", 2)
    t = e.fresh()
    e.line(f"{t} = arith.xori {last}, %k255 : i32", 3)
    e.line(f"scf.yield {t} : i32", 3)
    e.line("}", 2)
    return y


def big(ops, call=True, trips=2):
    """About `ops` ops in one function: a chain of loops (one iter_arg each, carried from
    loop to loop), each body a straight-line mix of integer ops over the loaded element,
    the carried value and earlier results, with an scf.if every few loops."""
    per = 50  # ops per loop body, about
    e = Emitter()
    e.line("func.func @big(%a: memref<?xi32>, %n: index) -> i32 {", 0)
    e.line("%c0 = arith.constant 0 : index")
    e.line("%c1 = arith.constant 1 : index")
    e.line("%k1 = arith.constant 1 : i32")
    e.line("%k3 = arith.constant 3 : i32")
    e.line("%k7 = arith.constant 7 : i32")
    e.line("%k255 = arith.constant 255 : i32")
    count = 6
    acc = "%k1"
    loop = 0
    binops = ["arith.addi", "arith.xori", "arith.muli", "arith.subi", "arith.andi", "arith.ori"]
    consts = ["%k1", "%k3", "%k7", "%k255"]
    while count < ops:
        loop += 1
        res = e.fresh("r")
        e.line(f"{res} = scf.for %i{loop} = %c0 to %n step %c1 iter_args(%acc{loop} = {acc}) -> (i32) {{")
        x = e.fresh("x")
        e.line(f"{x} = memref.load %a[%i{loop}] : memref<?xi32>", 2)
        vals = [x, f"%acc{loop}"]
        count += 3  # for, load, yield
        binop_chain(e, vals, per, loop, binops, consts)
        count += per
        last = vals[-1]
        if loop % 4 == 0:
            last = low_bit_if(e, last, vals[2])
            count += 7
        e.line(f"scf.yield {last} : i32", 2)
        e.line("}")
        acc = res
    e.line(f"func.return {acc} : i32")
    e.line("}", 0)
    e.line("", 0)
    body = e.text()
    main = [
        "func.func @main() {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        f"  %cn = arith.constant {trips} : index",
        "  %a = memref.alloc() : memref<16xi32>",
    ]
    if call:
        main += [
            "  %c16 = arith.constant 16 : index",
            "  scf.for %i = %c0 to %c16 step %c1 {",
            "    %v = arith.index_cast %i : index to i32",
            "    memref.store %v, %a[%i] : memref<16xi32>",
            "  }",
            "  %ad = memref.cast %a : memref<16xi32> to memref<?xi32>",
            "  %r = func.call @big(%ad, %cn) : (memref<?xi32>, index) -> i32",
            "  vector.print %r : i32",
        ]
    main += ["  memref.dealloc %a : memref<16xi32>", "  func.return", "}"]
    header = (f"// bench: big — {count} ops in {loop} loops (about {per} integer ops a body, an scf.if every\n"
              "// fourth loop), for lowering and elaboration time; main "
              + ("calls it once with n = %d.\n" % trips if call else "returns without calling it.\n"))
    return header + body + "\n".join(main) + "\n"


# --------------------------------------------------------------------------- wide

def wide(ops, trips=64):
    """About `ops` ops in one function: independent loops of the same shape (a loop of
    ~30 integer ops over its induction variable and its iter_arg; every second loop
    stores its value into a memory of its own and loads it back, every fourth one has an
    scf.if), none using another's result, so on the dataflow network they all run at
    once: the cycles stay those of one loop and every op fires about as often per cycle
    at every size. Each memory is an allocation of the loop's own: one memory with a
    port per loop would make its arbitration, not the network's size, the measure. An
    xor tree after the loops combines their results into the returned checksum."""
    per = 30
    e = Emitter()
    e.line("func.func @wide(%n: index) -> i32 {", 0)
    e.line("%c0 = arith.constant 0 : index")
    e.line("%c1 = arith.constant 1 : index")
    e.line("%k1 = arith.constant 1 : i32")
    e.line("%k3 = arith.constant 3 : i32")
    e.line("%k7 = arith.constant 7 : i32")
    e.line("%c7 = arith.constant 7 : index")
    e.line("%k255 = arith.constant 255 : i32")
    count = 7
    loop = 0
    results = []
    binops = ["arith.addi", "arith.xori", "arith.muli", "arith.subi", "arith.andi", "arith.ori"]
    consts = ["%k1", "%k3", "%k7", "%k255"]
    # A loop costs ~per + 4 ops (+4 with a memory, +7 with an scf.if), +1 to combine.
    while count + per + 8 <= ops or loop == 0:
        loop += 1
        seed = e.fresh("s")
        e.line(f"{seed} = arith.constant {loop * 7919 % 65521} : i32")
        if loop % 2 == 0:
            buf = e.fresh("b")
            e.line(f"{buf} = memref.alloc() : memref<8xi32>")
            count += 1
        res = e.fresh("r")
        e.line(f"{res} = scf.for %i{loop} = %c0 to %n step %c1 iter_args(%acc{loop} = {seed}) -> (i32) {{")
        x = e.fresh("x")
        e.line(f"{x} = arith.index_cast %i{loop} : index to i32", 2)
        vals = [x, f"%acc{loop}"]
        count += 4 + (loop > 1)  # seed, for, index_cast, yield; the xor that combines it
        binop_chain(e, vals, per, loop, binops, consts)
        count += per
        last = vals[-1]
        if loop % 2 == 0:
            # Through a memory of its own: stored, then loaded back from the same slot.
            j = e.fresh("j")
            e.line(f"{j} = arith.andi %i{loop}, %c7 : index", 2)
            e.line(f"memref.store {last}, {buf}[{j}] : memref<8xi32>", 2)
            y = e.fresh("m")
            e.line(f"{y} = memref.load {buf}[{j}] : memref<8xi32>", 2)
            last = y
            count += 3
        if loop % 4 == 0:
            last = low_bit_if(e, last, vals[2])
            count += 7
        e.line(f"scf.yield {last} : i32", 2)
        e.line("}")
        results.append(res)
    # A balanced xor tree: its depth, not the loop count, adds to the cycles.
    while len(results) > 1:
        level = []
        for k in range(0, len(results) - 1, 2):
            v = e.fresh("h")
            e.line(f"{v} = arith.xori {results[k]}, {results[k + 1]} : i32")
            level.append(v)
        results = level + results[len(results) - len(results) % 2:]
    acc = results[0]
    e.line(f"func.return {acc} : i32")
    count += 1
    e.line("}", 0)
    e.line("", 0)
    main = [
        "func.func @main() {",
        f"  %cn = arith.constant {trips} : index",
        "  %r = func.call @wide(%cn) : (index) -> i32",
        "  vector.print %r : i32",
        "  func.return",
        "}",
    ]
    header = (f"// bench: wide — {count} ops in {loop} independent loops of {trips} iterations (about\n"
              f"// {per} integer ops a body, a store and a load of its own memory every second loop,\n"
              "// an scf.if every fourth), all running at once; main calls it once and prints\n"
              "// the xor of the loops' results.\n")
    return header + e.text() + "\n".join(main) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kernel", choices=["gemm", "stencil", "spmv", "collatz", "big", "wide"])
    p.add_argument("sizes", nargs="+", type=int)
    p.add_argument("--no-call", action="store_true", help="big: main does not call the kernel")
    p.add_argument("--trips", type=int, default=64, help="wide: iterations of every loop (64)")
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    a = p.parse_args()
    s = a.sizes
    need = {"gemm": 3, "stencil": 2, "spmv": 1, "collatz": 1, "big": 1, "wide": 1}[a.kernel]
    if len(s) != need or any(v < 1 for v in s):
        p.error(f"{a.kernel} takes {need} positive size(s)")
    if a.kernel == "gemm":
        text = gemm(*s)
    elif a.kernel == "stencil":
        if s[0] < 3:
            p.error("stencil needs N >= 3")
        text = stencil(*s)
    elif a.kernel == "spmv":
        text = spmv(*s)
    elif a.kernel == "collatz":
        text = collatz(*s)
    elif a.kernel == "wide":
        if a.trips < 1:
            p.error("--trips must be positive")
        text = wide(s[0], trips=a.trips)
    else:
        text = big(s[0], call=not a.no_call)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
