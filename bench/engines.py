#!/usr/bin/env python3
"""engines.py: loom-sim's event engine against other engines, on the same networks and
the same cycles (docs/performance.md "Against other engines: fair baselines").

Engines (each a `--engines` name):
  event      `loom-sim run K`: the event engine; simulation CPU time = report time.simulate_ms
  clocked    `loom-sim run K --engine clocked`: every op every cycle; the same field
  systemc    `loom-sim run K --systemc`: SystemC's scheduler; the same field
  verilator  `loom-sim run K --engine verilator`: the RTL twin as loom-sim runs it (probes
             read every cycle, three evaluations a cycle; C++ at -O2); report
             time.rtl_model_ms, the driver's evaluation loop
  lean-t1    the same twin built as a Verilator user builds for speed: no probes (one
             `active` bit finds the quiet cycle), Verilator -O3, C++ at -O3, one eval()
             per clock edge, --threads 1, driven by bench/lean_twin.cpp from the calls
             `--rtl-capture` recorded; simulation CPU time = its cycle loop
  lean-t2    the same at --threads 2 (CPU time counts both threads; wall time beside it)

Every engine must count the event engine's cycles and latency, call by call: a
difference stops the benchmark (exit 1). The lean twins also check each call's results
and memories against the capture. Rounds are interleaved (every engine once per round,
--repeat rounds) and the least CPU time of each engine is kept: the VM has slow spells.
Measurement only: no ratio is ever a failure.

Networks (--only NAME,...): gemm48 (bench/gen.py gemm 48 48 48), stencil128 (gen.py
stencil 128 2), floyd_warshall and collatz (kernels/). --kernel FILE adds a program.
--smoke: one tiny kernel (gen.py gemm 4 4 4), one round, every twin built at -O0: the
cycle checks alone (ctest bench.engines_smoke). Float compute units call loom-sim's
arithmetic through DPI-C (rtl/sv/loom_fcompute.sv), which a standalone build lacks: such
a network gets no lean twin (said in the table).
"""

import argparse
import hashlib
import json
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ENGINES = ["event", "clocked", "systemc", "verilator", "lean-t1", "lean-t2"]
LABELS = {
    "event": "event",
    "clocked": "clocked",
    "systemc": "systemc",
    "verilator": "verilator (loom-sim)",
    "lean-t1": "verilator -O3 lean t1",
    "lean-t2": "verilator -O3 lean t2",
}
NETWORKS = {
    "gemm48": ("gen", ["gemm", "48", "48", "48"], "gemm 48x48x48"),
    "stencil128": ("gen", ["stencil", "128", "2"], "stencil 128x128 x2"),
    "floyd_warshall": ("file", "kernels/floyd_warshall.mlir", "floyd_warshall"),
    "collatz": ("file", "kernels/collatz.mlir", "collatz"),
}
SMOKE = {"gemm4": ("gen", ["gemm", "4", "4", "4"], "gemm 4x4x4")}
VERILATOR_FLAGS = [
    "--cc", "--exe", "--build", "-j", "2", "-O3", "--x-assign", "fast", "--x-initial",
    "fast", "--noassert", "-Wno-fatal", "-Wno-lint", "-Wno-style",
]
FAST = "OPT_FAST=-O3 OPT_SLOW=-O3 OPT_GLOBAL=-O3"
QUICK = "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"


class Failure(Exception):
    pass


class TimedOut(Exception):
    pass


def child(cmd, limit=None, **kw):
    """Runs cmd; returns (CompletedProcess, process CPU seconds, wall seconds). Past
    `limit` wall seconds the process is killed (TimedOut)."""
    u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=limit, **kw)
    except subprocess.TimeoutExpired:
        raise TimedOut()
    wall = time.perf_counter() - t0
    u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (u1.ru_utime - u0.ru_utime) + (u1.ru_stime - u0.ru_stime)
    return p, cpu, wall


def check_ok(p, cmd):
    if p.returncode != 0:
        tail = "\n".join((p.stderr or "").strip().splitlines()[-15:])
        raise Failure(f"{' '.join(cmd)} failed (exit {p.returncode}):\n{tail}")


def calls_of(report):
    """{(function, invocation): (cycles, latency)} and the transfers of a report."""
    calls = {(c["function"], c["invocation"]): (c["cycles"], c["latency"]) for c in report["calls"]}
    return calls, sum(c["transfers"] for c in report["calls"])


def same_calls(name, engine, want, got):
    if want != got:
        lines = []
        for key in sorted(set(want) | set(got), key=str):
            if want.get(key) != got.get(key):
                lines.append(f"  @{key[0]} call {key[1]}: event (cycles, latency) "
                             f"{want.get(key)}, {engine} {got.get(key)}")
        raise Failure(f"{name}: {engine} counts other cycles than the event engine:\n" +
                      "\n".join(lines))


class Network:
    def __init__(self, key, spec, work):
        self.key = key
        kind, what, self.title = spec
        self.dir = os.path.join(work, key)
        os.makedirs(self.dir, exist_ok=True)
        if kind == "gen":
            self.file = os.path.join(self.dir, key + ".mlir")
            subprocess.run([sys.executable, os.path.join(HERE, "gen.py")] + what +
                           ["-o", self.file], check=True)
        else:
            self.file = what if os.path.isabs(what) else os.path.join(ROOT, what)
        self.calls = {}
        self.transfers = 0
        self.twins = []      # (folder, [call files]) per twin --rtl-capture wrote
        self.lean = {}       # engine -> [binary per twin], or a reason it has none
        self.best = {}       # engine -> least measurement
        self.skip = {}       # engine -> why it has no measurement (too slow)


class Bench:
    def __init__(self, args):
        self.a = args
        self.sim = args.sim
        self.work = args.work
        self.cache = os.path.join(self.work, "rtl-cache")
        self.lean_cache = os.path.join(self.work, "lean-cache")
        self.log = args.verbose

    def say(self, *msg):
        print(*msg, file=sys.stderr, flush=True)

    def loom(self, net, engine, extra=(), limited=True):
        cmd = [self.sim, "run", net.file, "--report", os.path.join(net.dir, "r.json")]
        if engine == "clocked":
            cmd += ["--engine", "clocked"]
        elif engine == "systemc":
            cmd += ["--systemc"]
        elif engine == "verilator":
            cmd += ["--engine", "verilator", "--rtl-cache", self.cache]
            if self.a.fast_build:
                cmd += ["--rtl-fast-build"]
        cmd += list(extra)
        if self.log:
            self.say("  $", " ".join(cmd))
        env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
        p, cpu, wall = child(cmd, limit=self.a.limit if limited else None, env=env)
        check_ok(p, cmd)
        with open(os.path.join(net.dir, "r.json")) as f:
            report = json.load(f)
        calls, transfers = calls_of(report)
        field = "rtl_model_ms" if engine == "verilator" else "simulate_ms"
        return {"sim_cpu": report["time"][field] / 1000.0, "cpu": cpu, "wall": wall,
                "calls": calls, "transfers": transfers, "sim_wall": None}

    def prepare(self, net):
        """The event engine's figures (the reference), the capture of the twins' calls
        (one untimed verilator run: it builds the probed twin too), and the lean builds."""
        self.say(f"{net.key}: reference run, twin build and capture")
        r = self.loom(net, "event", limited=False)
        net.calls, net.transfers = r["calls"], r["transfers"]
        capture = os.path.join(net.dir, "capture")
        shutil.rmtree(capture, ignore_errors=True)
        if not any(e in self.a.engines for e in ("verilator", "lean-t1", "lean-t2")):
            return
        r = self.loom(net, "verilator", ["--rtl-capture", capture], limited=False)
        same_calls(net.title, "verilator", net.calls, r["calls"])
        for d in sorted(os.listdir(capture)):
            folder = os.path.join(capture, d)
            files = [f for f in os.listdir(folder) if re.fullmatch(r"call-\d+\.txt", f)]
            files.sort(key=lambda f: int(f[5:-4]))
            if files:
                net.twins.append((folder, [os.path.join(folder, f) for f in files]))
        for engine in ("lean-t1", "lean-t2"):
            if engine in self.a.engines:
                net.lean[engine] = self.build_lean(net, engine)

    def build_lean(self, net, engine):
        threads = 2 if engine == "lean-t2" else 1
        bins = []
        for folder, _ in net.twins:
            top = [f[:-len("_bind.h")] for f in os.listdir(folder) if f.endswith("_bind.h")][0]
            with open(os.path.join(folder, top + ".sv")) as f:
                if "loom_fcompute" in f.read():
                    return "float units call loom-sim through DPI-C: no standalone build"
            svs = sorted(f for f in os.listdir(folder) if f.endswith(".sv") and f != top + ".sv")
            flags = VERILATOR_FLAGS + ["--threads", str(threads), "-MAKEFLAGS",
                                       QUICK if self.a.fast_build else FAST]
            h = hashlib.sha256()
            for name in [top + ".sv", top + "_bind.h"] + svs:
                with open(os.path.join(folder, name), "rb") as f:
                    h.update(name.encode() + b"\0" + f.read() + b"\0")
            with open(os.path.join(HERE, "lean_twin.cpp"), "rb") as f:
                h.update(f.read())
            h.update(" ".join(flags).encode())
            h.update(subprocess.run(["verilator", "--version"], capture_output=True,
                                    text=True).stdout.encode())
            out = os.path.join(self.lean_cache, f"{top}-{h.hexdigest()[:16]}")
            binary = os.path.join(out, "lean_twin")
            if not os.path.exists(binary):
                self.say(f"{net.key}: building the lean twin {os.path.basename(folder)} "
                         f"(--threads {threads})")
                tmp = out + f".tmp{os.getpid()}"
                shutil.rmtree(tmp, ignore_errors=True)
                os.makedirs(tmp)
                for name in [top + ".sv", top + "_bind.h"] + svs:
                    shutil.copy(os.path.join(folder, name), tmp)
                shutil.copy(os.path.join(HERE, "lean_twin.cpp"), tmp)
                cmd = (["verilator"] + flags +
                       ["-CFLAGS", "-include " + os.path.join(os.path.abspath(tmp), top + "_bind.h"),
                        "--top-module", top, "-Mdir", "obj", top + ".sv"] + svs +
                       ["lean_twin.cpp", "-o", "lean_twin"])
                p, _, _ = child(["nice"] + cmd, cwd=tmp)
                check_ok(p, cmd)
                shutil.move(os.path.join(tmp, "obj", "lean_twin"), os.path.join(tmp, "lean_twin"))
                shutil.rmtree(os.path.join(tmp, "obj"))
                if os.path.exists(out):
                    shutil.rmtree(tmp)
                else:
                    os.rename(tmp, out)
            bins.append(binary)
        return bins

    def lean(self, net, engine):
        bins = net.lean[engine]
        calls, sim_cpu, sim_wall, cpu, wall = {}, 0.0, 0.0, 0.0, 0.0
        for binary, (_, files) in zip(bins, net.twins):
            cmd = [binary] + files
            if self.log:
                self.say("  $", " ".join(cmd))
            p, c, w = child(cmd, limit=self.a.limit)
            check_ok(p, cmd)
            cpu += c
            wall += w
            for line in p.stdout.splitlines():
                j = json.loads(line)
                calls[(j["function"], j["invocation"])] = (j["cycles"], j["latency"])
                sim_cpu += j["cpu_s"]
                sim_wall += j["wall_s"]
        return {"sim_cpu": sim_cpu, "sim_wall": sim_wall, "cpu": cpu, "wall": wall,
                "calls": calls, "transfers": net.transfers}

    def round(self, net):
        for engine in self.a.engines:
            if engine.startswith("lean") and isinstance(net.lean.get(engine), str):
                continue
            if engine in net.skip:
                continue
            try:
                m = self.lean(net, engine) if engine.startswith("lean") else self.loom(net, engine)
            except TimedOut:
                # Not a failure: said in the table, and not tried again.
                net.skip[engine] = f"not done within --limit {self.a.limit:g} s"
                self.say(f"{net.key}: {engine}: {net.skip[engine]}")
                continue
            same_calls(net.title, engine, net.calls, m["calls"])
            if m["transfers"] != net.transfers:
                raise Failure(f"{net.title}: {engine} moved {m['transfers']} tokens, the event "
                              f"engine {net.transfers}")
            # The least simulation time and, apart, the least process time.
            best = net.best.get(engine)
            if best is None:
                net.best[engine] = m
                continue
            cpu = min(best["cpu"], m["cpu"])
            if m["sim_cpu"] < best["sim_cpu"]:
                net.best[engine] = best = m
            best["cpu"] = cpu

    def rows(self, net):
        cycles = sum(c for c, _ in net.calls.values())
        event = net.best.get("event")
        rows = []
        for engine in self.a.engines:
            m = net.best.get(engine)
            if m is None:
                note = net.skip.get(engine) or net.lean.get(engine)
                rows.append({"engine": engine, "note": note if isinstance(note, str) else "not run"})
                continue
            s = max(m["sim_cpu"], 1e-9)
            rows.append({
                "engine": engine,
                "sim_cpu_s": m["sim_cpu"],
                "sim_wall_s": m["sim_wall"],
                "process_cpu_s": m["cpu"],
                "cycles_per_s": cycles / s,
                "transfers_per_s": net.transfers / s,
                "x_event": m["sim_cpu"] / max(event["sim_cpu"], 1e-9) if event else None,
            })
        return cycles, rows

    def table(self, net):
        cycles, rows = self.rows(net)
        out = [f"{net.title}: {cycles:,} cycles, {net.transfers:,} transfers, "
               f"{len(net.calls)} call(s)"]
        head = (f"{'engine':<22} {'sim CPU s':>10} {'sim wall s':>10} {'process CPU s':>13} "
                f"{'Mcycles/s':>10} {'Mtransfers/s':>12} {'x event':>8}")
        out += [head, "-" * len(head)]
        for r in rows:
            if "note" in r:
                out.append(f"{LABELS[r['engine']]:<22} {'-':>10} {'-':>10} {'-':>13} {'-':>10} "
                           f"{'-':>12} {'-':>8}  ({r['note']})")
                continue
            wall = f"{r['sim_wall_s']:.4f}" if r["sim_wall_s"] is not None else "-"
            x = f"{r['x_event']:.2f}x" if r["x_event"] is not None else "-"
            out.append(f"{LABELS[r['engine']]:<22} {r['sim_cpu_s']:>10.4f} {wall:>10} "
                       f"{r['process_cpu_s']:>13.3f} {r['cycles_per_s'] / 1e6:>10.2f} "
                       f"{r['transfers_per_s'] / 1e6:>12.2f} {x:>8}")
        return "\n".join(out)


def commit():
    p = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                       text=True)
    return p.stdout.strip() or "unknown"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def parse(argv):
    p = argparse.ArgumentParser(
        prog="engines.py", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    default_sim = os.path.join(ROOT, "build-release", "loom-sim")
    if not os.path.exists(default_sim):
        default_sim = os.path.join(ROOT, "build", "loom-sim")
    p.add_argument("--sim", default=default_sim,
                   help="the loom-sim binary (default: build-release/loom-sim, else build/loom-sim)")
    p.add_argument("--repeat", type=int, default=5, metavar="N",
                   help="interleaved rounds; the least CPU time of each engine is kept (default 5)")
    p.add_argument("--only", metavar="NAMES",
                   help="comma-separated networks: " + ", ".join(NETWORKS))
    p.add_argument("--kernel", action="append", default=[], metavar="FILE",
                   help="also this MLIR program (repeatable)")
    p.add_argument("--engines", default=",".join(ENGINES), metavar="NAMES",
                   help="comma-separated engines (default: all: " + ", ".join(ENGINES) + ")")
    p.add_argument("--json", metavar="FILE", help="write the measurements as JSON")
    p.add_argument("--limit", type=float, default=90, metavar="SECONDS",
                   help="wall seconds an engine's run may take; a slower engine is stopped, "
                        "said in its row and not run again (default 90)")
    p.add_argument("--work", metavar="DIR",
                   help="kernels, captures and twin builds (default: build-bench/engines; "
                        "--smoke: a temporary folder)")
    p.add_argument("--fast-build", action="store_true",
                   help="every twin's C++ at -O0 (quick builds, slow models: cycle checks only)")
    p.add_argument("--smoke", action="store_true",
                   help="gemm 4x4x4 alone, one round, --fast-build: the cycle checks of every engine")
    p.add_argument("-v", "--verbose", action="store_true", help="print every command run")
    a = p.parse_args(argv)
    if a.repeat < 1:
        p.error("--repeat must be at least 1")
    if a.limit <= 0:
        p.error("--limit must be more than 0 seconds")
    a.engines = [e for e in a.engines.split(",") if e]
    bad = [e for e in a.engines if e not in ENGINES]
    if bad or not a.engines:
        p.error(f"unknown engine {', '.join(bad) or '(none)'}; engines: {', '.join(ENGINES)}")
    if "event" not in a.engines:
        a.engines.insert(0, "event")  # the reference every other engine is checked against
    nets = dict(SMOKE) if a.smoke else dict(NETWORKS)
    if a.only:
        names = [n for n in a.only.split(",") if n]
        bad = [n for n in names if n not in nets]
        if bad or not names:
            p.error(f"unknown network {', '.join(bad) or '(none)'}; networks: {', '.join(nets)}")
        nets = {n: nets[n] for n in names}
    for k in a.kernel:
        if not os.path.isfile(k):
            p.error(f"--kernel {k}: no such file")
        nets[os.path.splitext(os.path.basename(k))[0]] = ("file", os.path.abspath(k),
                                                          os.path.basename(k))
    a.networks = nets
    if a.smoke:
        a.repeat, a.fast_build = 1, True
    if not os.access(a.sim, os.X_OK):
        p.error(f"--sim {a.sim}: not an executable (build it: bash scripts/build.sh --release)")
    twins = ("verilator", "lean-t1", "lean-t2")
    if shutil.which("verilator") is None and any(e in twins for e in a.engines):
        p.error("the twins need verilator on PATH (bash scripts/install-deps.sh)")
    return a


def main(argv):
    a = parse(argv)
    tmp = None
    if a.work is None:
        if a.smoke:
            tmp = tempfile.mkdtemp(prefix="loom-engines-")
            a.work = tmp
        else:
            a.work = os.path.join(ROOT, "build-bench", "engines")
    a.work = os.path.abspath(a.work)
    os.makedirs(a.work, exist_ok=True)
    b = Bench(a)
    nets = [Network(k, spec, a.work) for k, spec in a.networks.items()]
    try:
        for n in nets:
            b.prepare(n)
        for r in range(a.repeat):
            b.say(f"round {r + 1} of {a.repeat}")
            for n in nets:
                b.round(n)
    except Failure as e:
        print(f"engines.py: {e}", file=sys.stderr)
        return 1
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"{stamp}, commit {commit()}, {os.cpu_count()} cores, {cpu_model()}, "
          f"{a.repeat} interleaved round(s), least CPU time kept")
    print("sim CPU s: the engine's simulation alone (loom-sim: report time.simulate_ms; "
          "verilator: time.rtl_model_ms; lean: its cycle loop); x event: sim CPU / the event "
          "engine's\n")
    for n in nets:
        print(b.table(n) + "\n")
    if a.json:
        doc = {"date": stamp, "commit": commit(), "cores": os.cpu_count(), "cpu": cpu_model(),
               "rounds": a.repeat, "sim": a.sim, "fast_build": a.fast_build, "networks": []}
        for n in nets:
            cycles, rows = b.rows(n)
            doc["networks"].append({"name": n.key, "title": n.title, "cycles": cycles,
                                    "transfers": n.transfers, "calls": len(n.calls),
                                    "engines": rows})
        with open(a.json, "w") as f:
            json.dump(doc, f, indent=1)
    print("every engine counted the event engine's cycles and latency, call by call")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
