#!/usr/bin/env python3
"""check.py LOOM_SIM CASE: one deep, long or wide program through loom-sim, generated
now by gen.py, and its exact outcome: the output gen.py computed independently, or the
exact located error and exit code. Never a signal. Prints what it saw, with the peak
resident memory of the run (/usr/bin/time), so the figures in docs/reliability.md can be
read off the test log.

Cases are listed in CASES below; tests/robust/CMakeLists.txt registers each as
robust.CASE.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def generate(kind, n, path):
    out = subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), kind, str(n), path],
                         check=True, capture_output=True, text=True).stdout.strip()
    return out


def line_of(path, prefix):
    """1-based line of the first line of `path` that starts with `prefix`, and the column
    just after it (where the op's name starts)."""
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if line.startswith(prefix):
                return i, len(prefix) + 1
    raise SystemExit("no line starts with %r in %s" % (prefix, path))


def run(sim, args, timeout=1200):
    """Runs loom-sim under /usr/bin/time; returns (exit code, stdout, stderr, peak resident
    memory in MiB)."""
    with tempfile.NamedTemporaryFile("r") as t:
        p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", t.name, sim] + args,
                           capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        words = t.read().split()
    # /usr/bin/time reports a child killed by a signal on its first line.
    if p.returncode < 0 or (words and not words[-1].isdigit()) or "signal" in " ".join(words):
        raise SystemExit("FAIL: killed by a signal (%s): loom-sim %s\n%s" %
                         (" ".join(words), " ".join(args), p.stderr[-2000:]))
    return p.returncode, p.stdout, p.stderr, int(words[-1]) / 1024.0 if words else 0.0


def expect_output(sim, args, value, what):
    rc, out, err, rss = run(sim, args)
    if rc != 0 or out.strip() != str(value):
        raise SystemExit("FAIL %s: expected exit 0 and output %s, got exit %d and %r\n%s" %
                         (what, value, rc, out[-200:], err[-2000:]))
    summary = [l for l in err.splitlines() if l.startswith("loom-sim: ")]
    print("ok %s: %s (peak RSS %.0f MiB)%s" %
          (what, value, rss, ("; " + summary[-1]) if summary else ""))
    return err


def expect_error(sim, args, code, message, what):
    rc, out, err, rss = run(sim, args)
    if rc != code or message not in err:
        raise SystemExit("FAIL %s: expected exit %d and\n  %s\ngot exit %d:\n%s" %
                         (what, code, message, rc, err[-3000:]))
    print("ok %s: exit %d, %s (peak RSS %.0f MiB)" % (what, code, message, rss))


def cycles(err):
    m = re.search(r"accelerated call\(s\), ([\d,]+) cycles", err)
    return m.group(1) if m else None


# ---- the cases ------------------------------------------------------------------------------
def nested(kind, name, prefix_of):
    """4096 nested `name` ops in main: the right output; 4097: the located error."""
    def case(sim, d):
        ok = os.path.join(d, kind + "4096.mlir")
        expect_output(sim, ["run", ok, "--no-accel"], generate(kind, 4096, ok),
                      "4096 nested %s in main" % name)
        bad = os.path.join(d, kind + "4097.mlir")
        generate(kind, 4097, bad)
        line, col = line_of(bad, prefix_of(4096))
        expect_error(sim, ["run", bad, "--no-accel"], 2,
                     "%s:%d:%d: error: '%s' nested 4097 regions deep; more than 4096 is not "
                     "supported" % (bad, line, col, name), "4097 nested %s" % name)
    return case


def accel_nesting(sim, d):
    ok = os.path.join(d, "accel128.mlir")
    value = generate("accel-for", 128, ok)
    event = expect_output(sim, ["run", ok], value, "128 nested accelerated scf.for, event engine")
    clocked = expect_output(sim, ["run", ok, "--engine", "clocked"], value,
                            "128 nested accelerated scf.for, clocked engine")
    if cycles(event) is None or cycles(event) != cycles(clocked):
        raise SystemExit("FAIL: the engines disagree on the cycles: %s vs %s" %
                         (cycles(event), cycles(clocked)))
    print("ok both engines: %s cycles" % cycles(event))
    bad = os.path.join(d, "accel129.mlir")
    generate("accel-for", 129, bad)
    line, col = line_of(bad, "%r128 = ")
    expect_error(sim, ["run", bad], 2,
                 "%s:%d:%d: error: 'scf.for' nested 129 regions deep in an accelerated function; "
                 "more than 128 is not supported (keep the function on the host)" % (bad, line, col),
                 "129 nested accelerated scf.for")


def simple(kind, n, args, what):
    def case(sim, d):
        f = os.path.join(d, "%s.mlir" % kind)
        expect_output(sim, ["run", f] + args, generate(kind, n, f), what)
    return case


def chain(sim, d):
    simple("chain", 200000, ["--no-accel"], "200,000 dependent arith ops in main")(sim, d)
    simple("accel-chain", 200000, [], "200,000 dependent arith ops, accelerated")(sim, d)


def wide(sim, d):
    simple("wide", 100000, ["--no-accel"], "100,000 independent arith ops in main")(sim, d)
    simple("accel-wide", 100000, [], "100,000 independent arith ops, accelerated")(sim, d)


def functions(sim, d):
    simple("funcs", 20000, ["--no-accel"], "20,000 functions, on the host")(sim, d)
    simple("funcs", 20000, [], "20,000 functions, accelerated")(sim, d)


def operands(sim, d):
    simple("operands", 1000, ["--no-accel"], "a call with 1,000 operands, on the host")(sim, d)
    simple("operands", 1000, [], "a call with 1,000 operands, accelerated")(sim, d)


def memory(sim, d):
    f = os.path.join(d, "alloc.mlir")
    generate("alloc", 4294967296, f)
    expect_error(sim, ["run", f], 1,
                 "%s:2:8: error: out of memory: allocating 4294967296 elements, with 0 allocated, "
                 "would exceed the 67108864 elements a run may hold" % f,
                 "memref<4294967296xi8> alloc")
    f = os.path.join(d, "alloc_ok.mlir")
    expect_output(sim, ["run", f], generate("alloc", 1 << 20, f), "memref<1048576xi8> alloc")
    # A local memory of an accelerated function: refused by the lowering; in a DFG text
    # (one written by `lower`, its memory grown by hand) by the elaboration.
    f = os.path.join(d, "accel_alloca.mlir")
    generate("accel-alloca", 4294967296, f)
    expect_error(sim, ["run", f], 2,
                 "%s:3:8: error: a memory of more than 67108864 elements inside an accelerated "
                 "function is not supported" % f, "memref<4294967296xi32> alloca, accelerated")
    small, dfg = os.path.join(d, "accel_alloca8.mlir"), os.path.join(d, "big.dfg.mlir")
    expect_output(sim, ["run", small], generate("accel-alloca", 8, small),
                  "memref<8xi32> alloca, accelerated")
    text = subprocess.run([sim, "lower", small], capture_output=True, text=True, check=True).stdout
    with open(dfg, "w") as out:
        out.write(text.replace("memref<8xi32>", "memref<4294967296xi32>"))
    expect_error(sim, ["sim", dfg, "--arg", "0=1"], 2,
                 "%s: error: f/mem0 (handshake.memory) at %s:3:8: memory type "
                 "memref<4294967296xi32> has more than 67108864 elements" % (dfg, small),
                 "a DFG whose memory holds 4294967296 elements")
    f = os.path.join(d, "oob.mlir")
    generate("oob", 1 << 62, f)
    expect_error(sim, ["run", f], 1,
                 "%s:4:8: error: out-of-bounds access: index 4611686018427387904 in dimension 0 "
                 "of size 16 of '%%m'" % f, "a load far out of bounds")


def recursion(sim, d):
    f = os.path.join(d, "rec.mlir")
    generate("recursion", 10000000, f)
    expect_error(sim, ["run", f, "--no-accel"], 1,
                 "%s:9:10: error: call depth exceeds 10000 (unbounded recursion?)" % f,
                 "a function recursing 10,000,000 deep")
    # main and 9,999 calls of @down: the limit exactly.
    f = os.path.join(d, "rec_ok.mlir")
    expect_output(sim, ["run", f, "--no-accel"], generate("recursion", 9998, f),
                  "a function recursing 9,998 deep")
    # Each call of @down runs its body, the else region and 4,000 nested scf.if: 4,002
    # blocks, after main's one. Block 40,001 is the if %r3979 of the 10th call
    # (1 + 9 * 4002 + 2 + 3979 + 1 = 40,001): stopped there, far from the call limit.
    f = os.path.join(d, "rec_nested.mlir")
    generate("nested-recursion", 4000, f)
    line, col = line_of(f, "%r3979 = ")
    expect_error(sim, ["run", f, "--no-accel"], 1,
                 "%s:%d:%d: error: more than 40000 regions and function bodies running nested "
                 "(unbounded recursion?)" % (f, line, col), "recursion inside 4,000 nested scf.if")


CASES = {
    "deep_if": nested("if", "scf.if", lambda k: "%%r%d = " % k),
    "deep_for": nested("for", "scf.for", lambda k: "%%r%d = " % k),
    "deep_while": nested("while", "scf.while", lambda k: "%%r%d = " % k),
    "deep_execute_region": nested("exec", "scf.execute_region", lambda k: "%%r%d = " % k),
    "deep_accel": accel_nesting,
    "long_chain": chain,
    "wide_ops": wide,
    "wide_functions": functions,
    "wide_call": operands,
    "huge_memref": memory,
    "deep_recursion": recursion,
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in CASES:
        sys.exit("usage: check.py LOOM_SIM CASE (%s)" % ", ".join(CASES))
    with tempfile.TemporaryDirectory() as d:
        CASES[sys.argv[2]](sys.argv[1], d)
