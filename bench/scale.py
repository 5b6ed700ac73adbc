#!/usr/bin/env python3
"""Cost per cycle and memory against network size: programs of ~100 to ~100,000 DFG ops.

For each size, bench/gen.py's `wide` kind makes one accelerated function of independent
loops of the same shape that all run at once, so the network grows with the size while
the cycles (those of one loop) and each op's firings per cycle stay the same: the
simulation's CPU time per op-cycle should be flat, and every other stage linear in the
ops. Per size it runs, under /usr/bin/time -v (peak resident set size):

  loom-sim lower K -o /dev/null       the whole `lower` (parse, lowering, the static
                                      verifier, the DFG text); its log gives the DFG's
                                      ops and channels
  loom-sim run K --report R.json      release build, event engine, every check on; the
                                      report gives lower/elaborate/golden/simulate/checks
                                      CPU ms, cycles and transfers
  loom-sim run K --no-accel           the interpreter alone: the run must print the same
                                      checksum, and its report must say it passed

and prints, per size: DFG ops and channels, the in-process stages (ms), the whole `run`
and `lower` (CPU s), cycles, transfers, the simulation's CPU ns per cycle, per transfer
and per op-cycle, and the peak RSS of `run` and `lower`. Each figure is the least over
--repeat rounds (CPU time, not wall time: the machine is shared). Measurement only:
nothing here asserts a time; it fails only when a run fails or prints a wrong checksum.

  python3 bench/scale.py                               # build-release/loom-sim, all sizes
  python3 bench/scale.py --repeat 3 --json scale.json --plot docs/performance-scale.png
  python3 bench/scale.py --smoke --sim build/loom-sim  # two smallest sizes, one round
"""

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_SIZES = [100, 300, 1000, 3000, 10000, 30000, 100000]
# DFG ops per scf/arith op of a `wide` program (forks, invariants, carries, streams and
# gates come on top of the arith ops); measured on the 10k-op program, so that a size
# names the network's op count, not the MLIR's.
DFG_PER_MLIR_OP = 2.21


class Failure(Exception):
    pass


TIME = "/usr/bin/time"


def timed(cmd, verbose):
    """Runs cmd under /usr/bin/time -v (when there is one); returns (process, CPU s of the
    child, peak RSS KiB or None)."""
    if verbose:
        print("  $", " ".join(cmd), file=sys.stderr, flush=True)
    have_time = os.access(TIME, os.X_OK)
    u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(([TIME, "-v"] if have_time else []) + cmd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (u1.ru_utime - u0.ru_utime) + (u1.ru_stime - u0.ru_stime)
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    return p, cpu, int(m.group(1)) if m else None


def fail_with(what, p):
    tail = "\n".join(p.stderr.strip().splitlines()[-25:])
    raise Failure(f"{what} failed (exit {p.returncode}):\n{tail}")


def measure(sim, kernel, workdir, verbose):
    """One round on one kernel: a dict of figures."""
    r = {}
    # The whole `lower`; its log names the DFG's size.
    p, cpu, rss = timed([sim, "-v", "lower", kernel, "-o", os.devnull], verbose)
    if p.returncode != 0:
        fail_with(f"loom-sim lower {kernel}", p)
    m = re.search(r"static verifier passed \((\d+) ops, (\d+) channels\)", p.stderr)
    if not m:
        raise Failure(f"loom-sim lower {kernel}: no 'static verifier passed (N ops, M channels)' line")
    r["dfg_ops"], r["channels"] = int(m.group(1)), int(m.group(2))
    r["lower_cpu_s"], r["lower_rss_kb"] = cpu, rss

    rep = os.path.join(workdir, "report.json")
    if os.path.exists(rep):
        os.remove(rep)
    p, cpu, rss = timed([sim, "run", kernel, "--engine", "event", "--report", rep], verbose)
    if p.returncode != 0:
        fail_with(f"loom-sim run {kernel}", p)
    with open(rep) as f:
        j = json.load(f)
    if not j.get("passed"):
        raise Failure(f"loom-sim run {kernel}: the report says the run did not pass: {j.get('summary')}")
    calls = j.get("calls", [])
    if len(calls) != 1:
        raise Failure(f"loom-sim run {kernel}: {len(calls)} accelerated calls, expected 1")
    r["cycles"] = calls[0]["cycles"]
    r["transfers"] = calls[0]["transfers"]
    r["firings"] = j.get("firings")
    t = j.get("time") or {}
    for k in ("lower", "elaborate", "golden", "simulate", "checks", "host", "total"):
        r[k + "_ms"] = t.get(k + "_ms")
    r["run_cpu_s"], r["run_rss_kb"] = cpu, rss
    r["stdout"] = p.stdout
    return r


def least(rounds):
    """Per figure, the least over the rounds; the counts must agree between rounds."""
    out = dict(rounds[0])
    for r in rounds[1:]:
        for k, v in r.items():
            if k in ("dfg_ops", "channels", "cycles", "transfers", "firings", "stdout"):
                if v != out[k]:
                    raise Failure(f"rounds disagree on {k}: {out[k]} and {v}")
            elif v is not None and (out[k] is None or v < out[k]):
                out[k] = v
    return out


def derive(r):
    sim_ns = (r["simulate_ms"] or 0) * 1e6
    r["ns_per_cycle"] = sim_ns / r["cycles"] if r["cycles"] else None
    r["ns_per_transfer"] = sim_ns / r["transfers"] if r["transfers"] else None
    r["ns_per_op_cycle"] = sim_ns / (r["cycles"] * r["dfg_ops"]) if r["cycles"] and r["dfg_ops"] else None
    return r


def fmt(x, digits=1):
    if x is None:
        return "-"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{digits}f}"


def mib(kb):
    return "-" if kb is None else fmt(kb / 1024.0)


def table(rows):
    header = ["size", "DFG ops", "channels", "lower ms", "elab ms", "golden ms", "sim ms", "checks ms",
              "run s", "lower s", "cycles", "transfers", "ns/cycle", "ns/transfer", "ns/op-cycle",
              "run MiB", "lower MiB"]
    cells = []
    for r in rows:
        cells.append([fmt(r["size"]), fmt(r["dfg_ops"]), fmt(r["channels"]), fmt(r["lower_ms"]),
                      fmt(r["elaborate_ms"]), fmt(r["golden_ms"]), fmt(r["simulate_ms"]), fmt(r["checks_ms"]),
                      fmt(r["run_cpu_s"], 2), fmt(r["lower_cpu_s"], 2), fmt(r["cycles"]), fmt(r["transfers"]),
                      fmt(r["ns_per_cycle"], 0), fmt(r["ns_per_transfer"], 2), fmt(r["ns_per_op_cycle"], 3),
                      mib(r["run_rss_kb"]), mib(r["lower_rss_kb"])])
    width = [max(len(c) for c in col) for col in zip(header, *cells)]
    lines = ["  ".join(h.rjust(w) for h, w in zip(header, width)), "  ".join("-" * w for w in width)]
    lines += ["  ".join(c.rjust(w) for c, w in zip(row, width)) for row in cells]
    return "\n".join(lines)


def plot(rows, png, workdir):
    gp = shutil.which("gnuplot")
    if not gp:
        raise Failure("--plot needs gnuplot (Debian package gnuplot-nox)")
    data = os.path.join(workdir, "scale.dat")
    with open(data, "w") as f:
        for r in rows:
            rss = "NaN" if r["run_rss_kb"] is None else r["run_rss_kb"] / 1024.0
            f.write(f"{r['dfg_ops']} {r['ns_per_op_cycle']} {rss}\n")
    script = f"""
set terminal pngcairo size 900,560 font ",11"
set output "{png}"
set title "loom-sim: simulation cost and peak memory against network size (event engine, checks on)"
set logscale xy
set xrange [50:200000]
set logscale y2
set xlabel "DFG ops"
set ylabel "simulation CPU ns per op-cycle"
set y2label "peak RSS of run (MiB)"
set ytics nomirror
set y2tics
set grid
set key top left
set format x "%.0s%c"
plot "{data}" using 1:2 axes x1y1 with linespoints lw 2 pt 7 title "ns per op-cycle", \\
     "{data}" using 1:3 axes x1y2 with linespoints lw 2 pt 5 title "peak RSS (MiB)"
"""
    p = subprocess.run([gp], input=script, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise Failure(f"gnuplot failed: {p.stderr.strip()}")


def parse_sizes(text):
    try:
        sizes = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"sizes must be comma-separated integers, got '{text}'")
    if not sizes or any(s < 50 for s in sizes):
        raise argparse.ArgumentTypeError(f"sizes must be at least 50 DFG ops, got '{text}'")
    return sizes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sim", default=os.path.join(ROOT, "build-release", "loom-sim"),
                    help="the loom-sim to measure (default: build-release/loom-sim)")
    ap.add_argument("--sizes", type=parse_sizes, default=DEFAULT_SIZES,
                    help="DFG op counts, comma-separated (default: 100,300,1000,3000,10000,30000,100000)")
    ap.add_argument("--trips", type=int, default=64, help="iterations of every loop (default: 64)")
    ap.add_argument("--repeat", type=int, default=3, help="rounds; the least of each figure is kept (default: 3)")
    ap.add_argument("--smoke", action="store_true",
                    help="the two smallest sizes, one round (no RSS without /usr/bin/time): checks that "
                         "every program runs correctly")
    ap.add_argument("--json", metavar="FILE", help="also write the measurements as JSON")
    ap.add_argument("--plot", metavar="FILE.png", help="plot ns per op-cycle and peak RSS against ops (gnuplot)")
    ap.add_argument("--out", metavar="DIR", help="keep the generated programs and reports here (default: a temporary directory)")
    ap.add_argument("-v", "--verbose", action="store_true", help="show each command")
    a = ap.parse_args()
    if a.repeat < 1:
        ap.error("--repeat must be at least 1")
    if a.trips < 1:
        ap.error("--trips must be at least 1")
    if not (os.path.isfile(a.sim) and os.access(a.sim, os.X_OK)):
        ap.error(f"no loom-sim at {a.sim} (build it: bash scripts/build.sh --release, or give --sim)")
    if not os.access(TIME, os.X_OK) and not a.smoke:
        ap.error(f"needs {TIME} for the peak RSS (Debian package `time`; scripts/bench.sh installs it)")
    if a.plot and not a.plot.endswith(".png"):
        ap.error("--plot writes a PNG: give a FILE.png")
    sizes = sorted(a.sizes)
    if a.smoke:
        sizes, a.repeat = sizes[:2], 1

    workdir = a.out or tempfile.mkdtemp(prefix="loom-scale-")
    os.makedirs(workdir, exist_ok=True)
    rows = []
    try:
        for size in sizes:
            kernel = os.path.join(workdir, f"wide{size}.mlir")
            mlir_ops = max(1, round(size / DFG_PER_MLIR_OP))
            subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), "wide", str(mlir_ops),
                            "--trips", str(a.trips), "-o", kernel], check=True)
            print(f"scale: {size} ops ...", file=sys.stderr, flush=True)
            # The reference: the interpreter alone prints the checksum the run must print.
            p = subprocess.run([a.sim, "run", kernel, "--no-accel"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
            if p.returncode != 0:
                fail_with(f"loom-sim run {kernel} --no-accel", p)
            expected = p.stdout
            rounds = [measure(a.sim, kernel, workdir, a.verbose) for _ in range(a.repeat)]
            r = least(rounds)
            if r["stdout"] != expected:
                raise Failure(f"{kernel}: the simulated run prints {r['stdout']!r}, the interpreter {expected!r}")
            r.pop("stdout")
            r["size"] = size
            r["checksum"] = expected.strip()
            rows.append(derive(r))
    except Failure as e:
        print(f"scale: {e}", file=sys.stderr)
        return 1
    finally:
        if not a.out:
            shutil.rmtree(workdir, ignore_errors=True)

    print(table(rows))
    print(f"(least of {a.repeat} round(s); {a.trips} iterations a loop; ms and s are CPU time; "
          "ns are the simulation's CPU time)")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"sim": a.sim, "trips": a.trips, "repeat": a.repeat, "sizes": rows}, f, indent=1)
    if a.plot:
        tmp = tempfile.mkdtemp(prefix="loom-scale-plot-")
        try:
            plot(rows, os.path.abspath(a.plot), tmp)
        except Failure as e:
            print(f"scale: {e}", file=sys.stderr)
            return 1
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        print(f"scale: plot written to {a.plot}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
