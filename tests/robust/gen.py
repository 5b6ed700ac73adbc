#!/usr/bin/env python3
"""gen.py KIND N FILE: writes a deep, long or wide MLIR program and prints, on stdout,
the value its `main` prints, computed here independently of loom-sim.

Kinds (N is the size):
  if, for, while, exec   N nested scf.if / scf.for / scf.while / scf.execute_region in main,
                         each adding 1 to what the one inside it yields: prints N
  accel-for              N nested scf.for with iter_args in @deep (accelerated): prints N
  chain, accel-chain     N dependent arith ops in one block (main / accelerated @chain)
  wide, accel-wide       N independent arith ops, summed by a balanced tree of addi
  funcs                  N functions, each called once from main, results summed
  operands               a call with N operands to a function that sums them
  recursion              @down(n) = n == 0 ? 0 : down(n - 1) + 1, called with N
  nested-recursion       the same called with 10,000,000, its call inside N nested scf.if
  for-recursion          the same called with N, its call inside two nested scf.for
  alloc                  memref.alloc of memref<Nxi8>, one store, one load
  accel-alloca           the same with a memref.alloca<Nxi32> in an accelerated function
  oob                    a load at index N of a memref<16xi8>
"""
import sys

M64 = (1 << 64) - 1


def main_with(body, result="%r", ty="i64"):
    return ("func.func @main() {\n" + body +
            "  vector.print %s : %s\n  func.return\n}\n" % (result, ty))


CONSTS = "  %t = arith.constant true\n  %c1 = arith.constant 1 : i64\n  %c0 = arith.constant 0 : i64\n"


def closing(n):
    """The ends of the outer n - 1 regions of a nest of n, innermost first: region k
    yields 1 + %r<k+1>, what the region inside it yields."""
    return "".join("%%s%d = arith.addi %%r%d, %%c1 : i64\nscf.yield %%s%d : i64\n}\n" % (k, k + 1, k)
                   for k in reversed(range(n - 1)))


def if_nest(n, inner, then_end):
    """N nested scf.if on %t, %r0 the outermost, `inner` in the innermost then region,
    every else region yielding %c0; then_end(k) ends the then region that holds %r<k>."""
    s = "".join("%%r%d = scf.if %%t -> (i64) {\n" % k for k in range(n)) + inner
    for k in reversed(range(n)):
        s += "} else {\nscf.yield %c0 : i64\n}\n"
        if k > 0:
            s += then_end(k)
    return s


def nested_if(n):
    s = CONSTS + if_nest(n, "scf.yield %c1 : i64\n",
                         lambda k: "%%s%d = arith.addi %%r%d, %%c1 : i64\nscf.yield %%s%d : i64\n" % (k, k, k))
    return main_with(s, "%r0"), n


def nested_for(n):
    s = CONSTS + "  %i0 = arith.constant 0 : index\n  %i1 = arith.constant 1 : index\n"
    for k in range(n):
        init = "%c0" if k == 0 else "%%a%d" % (k - 1)
        s += "%%r%d = scf.for %%iv%d = %%i0 to %%i1 step %%i1 iter_args(%%a%d = %s) -> (i64) {\n" % (k, k, k, init)
    s += "%%s = arith.addi %%a%d, %%c1 : i64\nscf.yield %%s : i64\n}\n" % (n - 1)
    return main_with(s + closing(n), "%r0"), n


def nested_while(n):
    s = CONSTS
    for k in range(n):
        s += ("%%r%d = scf.while (%%x%d = %%c0) : (i64) -> i64 {\n"
              "%%p%d = arith.cmpi slt, %%x%d, %%c1 : i64\nscf.condition(%%p%d) %%x%d : i64\n"
              "} do {\n^bb0(%%y%d: i64):\n") % (k, k, k, k, k, k, k)
    s += "%s = arith.addi %c0, %c1 : i64\nscf.yield %s : i64\n}\n"
    return main_with(s + closing(n), "%r0"), n


def nested_exec(n):
    s = CONSTS
    for k in range(n):
        s += "%%r%d = scf.execute_region -> i64 {\n" % k
    s += "scf.yield %c1 : i64\n}\n"
    return main_with(s + closing(n), "%r0"), n


def accel_for(n):
    body, value = nested_for(n)
    # The same loops in an accelerated function of the trip count.
    f = body.replace("func.func @main() {", "func.func @deep(%n: index) -> i64 {")
    f = f.replace("%i0 to %i1 step", "%i0 to %n step")
    f = f.replace("  vector.print %r0 : i64\n  func.return\n", "  func.return %r0 : i64\n")
    return f + main_with("  %one = arith.constant 1 : index\n"
                         "  %r = func.call @deep(%one) : (index) -> i64\n"), value


# One step of a chain: the op, its constant, and what it does to the value.
CHAIN_OPS = [("addi", lambda v, c: (v + c) & M64),
             ("xori", lambda v, c: v ^ c),
             ("muli", lambda v, c: (v * c) & M64)]


def chain_ops(n, start):
    consts = [1000003, 0x5DEECE66D, 2862933555777941757]
    s = "".join("  %%k%d = arith.constant %d : i64\n" % (i, c) for i, c in enumerate(consts))
    v = start
    prev = "%x"
    for i in range(n):
        name, f = CHAIN_OPS[i % 3]
        s += "  %%v%d = arith.%s %s, %%k%d : i64\n" % (i, name, prev, i % 3)
        v = f(v, consts[i % 3])
        prev = "%%v%d" % i
    return s, prev, v


def signed(v):
    return v - (1 << 64) if v >> 63 else v


def ops_on_x(name, x, ops, last, accel):
    """`ops` on %x = x, their result `last` printed: in main, or in @name (accelerated)
    that main calls."""
    const = "  %%x = arith.constant %d : i64\n" % x
    if accel:
        f = "func.func @%s(%%x: i64) -> i64 {\n" % name + ops + "  func.return %s : i64\n}\n" % last
        return f + main_with(const + "  %%r = func.call @%s(%%x) : (i64) -> i64\n" % name)
    return main_with(const + ops, last)


def chain(n, accel):
    start = 7
    ops, last, v = chain_ops(n, start)
    return ops_on_x("chain", start, ops, last, accel), signed(v)


def tree_sum(names, s):
    level = 0
    while len(names) > 1:
        nxt = []
        for i in range(0, len(names) - 1, 2):
            t = "%%t%d_%d" % (level, i // 2)
            s.append("  %s = arith.addi %s, %s : i64\n" % (t, names[i], names[i + 1]))
            nxt.append(t)
        if len(names) % 2:
            nxt.append(names[-1])
        names = nxt
        level += 1
    return names[0]


def wide(n, accel):
    x = 5
    s = ["  %%k%d = arith.constant %d : i64\n" % (i, i + 1) for i in range(n)]
    s += ["  %%w%d = arith.muli %%x, %%k%d : i64\n" % (i, i) for i in range(n)]
    last = tree_sum(["%%w%d" % i for i in range(n)], s)
    value = signed(sum(x * (i + 1) for i in range(n)) & M64)
    return ops_on_x("wide", x, "".join(s), last, accel), value


def funcs(n):
    s = "".join("func.func @f%d(%%x: i64) -> i64 {\n  %%k = arith.constant %d : i64\n"
                "  %%r = arith.addi %%x, %%k : i64\n  func.return %%r : i64\n}\n" % (i, i) for i in range(n))
    body = "  %a0 = arith.constant 0 : i64\n"
    for i in range(n):
        body += "  %%a%d = func.call @f%d(%%a%d) : (i64) -> i64\n" % (i + 1, i, i)
    return s + main_with(body, "%%a%d" % n), n * (n - 1) // 2


def operands(n):
    args = ", ".join("%%x%d: i64" % i for i in range(n))
    s = "func.func @sum(%s) -> i64 {\n" % args
    acc = "%x0"
    for i in range(1, n):
        s += "  %%s%d = arith.addi %s, %%x%d : i64\n" % (i, acc, i)
        acc = "%%s%d" % i
    s += "  func.return %s : i64\n}\n" % acc
    body = "".join("  %%c%d = arith.constant %d : i64\n" % (i, 3 * i + 1) for i in range(n))
    body += "  %%r = func.call @sum(%s) : (%s) -> i64\n" % (
        ", ".join("%%c%d" % i for i in range(n)), ", ".join(["i64"] * n))
    return s + main_with(body), sum(3 * i + 1 for i in range(n))


def down(consts, call, result):
    """@down(%n) = %n == 0 ? 0 : `result` + 1, `call` computing `result` from
    %m = %n - 1 (and `consts` defined after %c0 and %c1)."""
    return ("func.func @down(%n: i64) -> i64 {\n  %c0 = arith.constant 0 : i64\n"
            "  %c1 = arith.constant 1 : i64\n" + consts + "  %z = arith.cmpi eq, %n, %c0 : i64\n"
            "  %r = scf.if %z -> (i64) {\n    scf.yield %c0 : i64\n  } else {\n"
            "    %m = arith.subi %n, %c1 : i64\n" + call +
            "    %s = arith.addi " + result + ", %c1 : i64\n    scf.yield %s : i64\n  }\n"
            "  func.return %r : i64\n}\n")


def main_calling_down(n):
    return main_with("  %%n = arith.constant %d : i64\n"
                     "  %%r = func.call @down(%%n) : (i64) -> i64\n" % n)


def recursion(n):
    return down("", "    %d = func.call @down(%m) : (i64) -> i64\n", "%d") + main_calling_down(n), n


def nested_recursion(n):
    """@down recursing 10,000,000 deep, each call inside N nested scf.if."""
    call = if_nest(n, "%d = func.call @down(%m) : (i64) -> i64\nscf.yield %d : i64\n",
                   lambda k: "scf.yield %%r%d : i64\n" % k)
    return down("  %t = arith.constant true\n", call, "%r0") + main_calling_down(10000000), None


def alloc(n):
    body = ("  %%m = memref.alloc() : memref<%dxi8>\n  %%i = arith.constant 3 : index\n"
            "  %%v = arith.constant 42 : i8\n  memref.store %%v, %%m[%%i] : memref<%dxi8>\n"
            "  %%r = memref.load %%m[%%i] : memref<%dxi8>\n  memref.dealloc %%m : memref<%dxi8>\n") % (n, n, n, n)
    return main_with(body, "%r", "i8"), 42


def for_recursion(n):
    """@down recursing N deep, each call inside two nested one-trip scf.for with
    iter_args: four blocks per call (the body, the else region, two loop bodies), the
    interpreter's costliest, so that N = 9,998 meets both of its limits at once."""
    call = ("    %a = scf.for %j = %i0 to %i1 step %i1 iter_args(%x = %m) -> (i64) {\n"
            "      %b = scf.for %k = %i0 to %i1 step %i1 iter_args(%y = %x) -> (i64) {\n"
            "        %d = func.call @down(%y) : (i64) -> i64\n"
            "        scf.yield %d : i64\n      }\n      scf.yield %b : i64\n    }\n")
    return down("  %i0 = arith.constant 0 : index\n  %i1 = arith.constant 1 : index\n", call,
                "%a") + main_calling_down(n), n


def accel_alloca(n):
    """@f (accelerated) stores into and loads from a local memref<Nxi32>."""
    f = ("func.func @f(%%n: index) -> i32 {\n  %%c0 = arith.constant 0 : index\n"
         "  %%a = memref.alloca() : memref<%dxi32>\n  %%v = arith.constant 5 : i32\n"
         "  memref.store %%v, %%a[%%c0] : memref<%dxi32>\n"
         "  %%r = memref.load %%a[%%c0] : memref<%dxi32>\n  func.return %%r : i32\n}\n") % (n, n, n)
    return f + main_with("  %c = arith.constant 1 : index\n"
                         "  %r = func.call @f(%c) : (index) -> i32\n", "%r", "i32"), 5


def oob(n):
    body = ("  %%m = memref.alloca() : memref<16xi8>\n  %%i = arith.constant %d : index\n"
            "  %%r = memref.load %%m[%%i] : memref<16xi8>\n") % n
    return main_with(body, "%r", "i8"), None


KINDS = {
    "if": nested_if, "for": nested_for, "while": nested_while, "exec": nested_exec,
    "accel-for": accel_for,
    "chain": lambda n: chain(n, False), "accel-chain": lambda n: chain(n, True),
    "wide": lambda n: wide(n, False), "accel-wide": lambda n: wide(n, True),
    "funcs": funcs, "operands": operands, "recursion": recursion,
    "nested-recursion": nested_recursion, "for-recursion": for_recursion, "accel-alloca": accel_alloca, "alloc": alloc, "oob": oob,
}

if __name__ == "__main__":
    kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    text, value = KINDS[kind](n)
    with open(path, "w") as f:
        f.write(text)
    print(value)
