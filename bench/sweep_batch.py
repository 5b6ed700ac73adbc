#!/usr/bin/env python3
"""sweep_batch.py [--manifest M] [--engines E,...] [--repeat N]: batches against a process
per task (docs/sweeps.md "Batches").

Runs the same manifest (default examples/sweep/sweep.toml; --engines keeps only those
engines) with `sweep run -j 1 --no-batch` and with `sweep run -j 1` (batches), each into a
fresh folder, and prints per mode the tasks, the CPU seconds of the sweep and every
process it started (user + system), the tasks per CPU second, the wall time, and the
ratio of the two rates. With --repeat N each mode runs N times and its least CPU time
counts (the machine's other work only ever adds). Measurement only: it checks nothing.
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str)):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise ValueError(f"cannot write {v!r}")


def manifest_copy(path, engines, folder):
    """The manifest with only `engines`, its paths made absolute, written into `folder`."""
    with open(path, "rb") as f:
        m = tomllib.load(f)
    base = os.path.dirname(os.path.abspath(path))
    m["kernels"] = [os.path.join(base, k) for k in m.get("kernels", [])]
    if "timing" in m:
        m["timing"] = os.path.join(base, m["timing"])
    if engines:
        m["engines"] = engines
    lines = [f"{k} = {toml_value(v)}" for k, v in m.items() if not isinstance(v, dict)]
    for table, values in ((k, v) for k, v in m.items() if isinstance(v, dict)):
        lines.append(f"[{table}]")
        lines += [f"{k} = {toml_value(v)}" for k, v in values.items()]
    out = os.path.join(folder, "manifest.toml")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    return out


def run(sim, manifest, out, args):
    """CPU seconds (the sweep and its processes), wall seconds and the tasks that ran."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    r = subprocess.run([sim, "sweep", "run", manifest, "--out", out, "-j", "1", *args],
                       capture_output=True, text=True)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = r.stdout.splitlines()[-1] if r.stdout else ""
    if not last.startswith("ran "):
        sys.exit(f"sweep run {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()}")
    return cpu, wall, int(last.split()[1])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--manifest", default=os.path.join(ROOT, "examples/sweep/sweep.toml"))
    p.add_argument("--engines", help="only these engines, comma-separated (e.g. event)")
    p.add_argument("--repeat", type=int, default=1, help="runs per mode; the least CPU counts")
    p.add_argument("--sim", default=os.environ.get("LOOM_SIM", os.path.join(ROOT, "build/loom-sim")))
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="loom-sweep-batch.")
    try:
        manifest = manifest_copy(a.manifest, a.engines.split(",") if a.engines else None, work)
        rows = {}
        for mode, args in (("no batch", ["--no-batch"]), ("batches", [])):
            best = None
            for i in range(a.repeat):
                got = run(a.sim, manifest, os.path.join(work, f"{mode.replace(' ', '-')}-{i}"), args)
                best = got if best is None or got[0] < best[0] else best
            rows[mode] = best
        print(f"{'mode':<10} {'tasks':>6} {'cpu_s':>8} {'tasks_per_cpu_s':>16} {'wall_s':>8}")
        for mode, (cpu, wall, tasks) in rows.items():
            print(f"{mode:<10} {tasks:>6} {cpu:>8.2f} {tasks / cpu:>16.1f} {wall:>8.2f}")
        ratio = (rows["batches"][2] / rows["batches"][0]) / (rows["no batch"][2] / rows["no batch"][0])
        print(f"batches run {ratio:.1f}x the tasks per CPU second of a process per task")
        cpus = os.cpu_count()
        model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                      if line.startswith("model name")), "?")
        print(f"machine: {cpus} cores, {model}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
