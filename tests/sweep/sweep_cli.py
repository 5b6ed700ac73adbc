#!/usr/bin/env python3
"""sweep_cli.py LOOM_SIM KERNELS_DIR INPUTS_DIR: `loom-sim sweep` end to end.

Each sweep task's figures are compared with the same run made by `loom-sim run` (its
report and --stats), the independent expectation; an interrupted sweep (its processes
killed, as when a node dies) keeps only whole result files and, run again, runs only the
missing tasks and ends with the same table as an uninterrupted one; chunks (a Slurm
array's shares) give that table too; bad input is refused with exit 2, located, and a
folder holding another sweep is left byte for byte as it was.
"""
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_common import check, failures, merged_table  # noqa: E402

SIM, KERNELS, INPUTS = sys.argv[1:4]
def sweep(*args, **kw):
    return subprocess.run([SIM, "sweep", *args], capture_output=True, text=True, **kw)


def table(out):
    return merged_table(sweep, out, os.path.join(out, "t.json"))


def tree_hash(folder):
    h = hashlib.sha256()
    for root, dirs, files in sorted(os.walk(folder)):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            h.update(p.encode())
            with open(p, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


work = tempfile.mkdtemp(prefix="loom-sweep-cli-")
manifest = os.path.join(work, "m.toml")
kernels = [os.path.join(KERNELS, "gemm.mlir"), os.path.join(KERNELS, "dot.mlir"),
           os.path.join(INPUTS, "accel_oob.mlir"), os.path.join(INPUTS, "dot.dfg.mlir")]
with open(manifest, "w") as f:
    f.write("kernels = [%s]\n" % ", ".join(json.dumps(k) for k in kernels))
    f.write('engines = ["event", "clocked"]\n[grid]\nchannelCapacity = [1, 2]\n'
            "memoryLatency = [1, 4]\n")
TASKS = 4 * 4 * 2

# plan: one line per task and the shape.
r = sweep("plan", manifest)
check(r.returncode == 0, f"plan exits 0 ({r.returncode}: {r.stderr})")
lines = r.stdout.splitlines()
check(lines[-2] == f"4 kernel(s) x 4 point(s) x 2 engine(s) = {TASKS} tasks",
      f"plan's total: {lines[-2]!r}")
check(lines[-1].startswith(f"1 batch of {TASKS} consecutive tasks, each batch a process "),
      f"plan's batches: {lines[-1]!r}")
check(len(lines) == TASKS + 3, f"plan prints a header, {TASKS} tasks, the total and the batches")
r = sweep("plan", manifest, "--batch", "10")
check(r.stdout.splitlines()[-1].startswith("4 batches of 8 consecutive tasks,"),
      f"plan's batches of at most 10: {r.stdout.splitlines()[-1]!r}")
check(re.match(r"\s+0  \S*gemm\.mlir\s+event\s+channelCapacity=1 memoryLatency=1$", lines[1]),
      f"plan's first task: {lines[1]!r}")

# run: every task, -j 2; the failing kernel FAILs and the network file is refused.
out1 = os.path.join(work, "out1")
r = sweep("run", manifest, "--out", out1, "-j", "2")
check(r.returncode == 2, f"run's exit code is the worst of its tasks: 2 ({r.returncode})")
summary = r.stdout.splitlines()[-1]
check(summary.startswith(f"ran {TASKS} of {TASKS} tasks in ") and summary.endswith(
    f"{TASKS} tasks: 16 passed, 8 failed, 8 bad input, 0 crashed, 0 missing"),
      f"run's summary: {summary!r}")
check(r.stdout.count("\nFAIL ") + r.stdout.startswith("FAIL ") == 8,
      "a line per failing task")
rows = table(out1)
check(len(rows) == TASKS, "the table has a row per task")

# Each task against `loom-sim run` of the same kernel, engine and timing point.
for row in rows:
    point = int(row["id"]) // 2 % 4
    stats = os.path.join(work, "stats.json")
    if os.path.exists(stats):
        os.remove(stats)
    rr = subprocess.run([SIM, "run", row["kernel"], "--engine", row["engine"], "--timing",
                         os.path.join(out1, "points", f"p{point}.json"), "--report", "-",
                         "--stats", stats], capture_output=True, text=True)
    check(int(row["exit_code"]) == rr.returncode,
          f"task {row['id']}: exit code {row['exit_code']}, run gives {rr.returncode}")
    if rr.returncode == 2:
        check(row["verdict"] == "ERROR" and row["cycles"] == "0", f"task {row['id']} ERROR")
        check("error:" in row["first_error"], f"task {row['id']}'s first error")
        continue
    rep = json.loads(rr.stdout)
    want = {"calls": len(rep["calls"]), "cycles": sum(c["cycles"] for c in rep["calls"]),
            "transfers": sum(c["transfers"] for c in rep["calls"]),
            "findings": len(rep["findings"])}
    st = json.load(open(stats))
    want["input_stalls"] = sum(o["input_stall_cycles"] for n in st["networks"] for o in n["ops"])
    want["output_stalls"] = sum(o["output_stall_cycles"] for n in st["networks"] for o in n["ops"])
    got = {k: int(row[k]) for k in want}
    check(got == want, f"task {row['id']} ({row['kernel']}, {row['engine']}, point {point}): "
                       f"sweep {got}, run {want}")
# The grid matters: capacity 1 and 2 differ somewhere for gemm.
gemm = {(r_["channelCapacity"], r_["memoryLatency"], r_["engine"]): r_["cycles"]
        for r_ in rows if r_["kernel"].endswith("gemm.mlir")}
check(len(set(gemm.values())) > 1, f"gemm's cycles vary over the grid: {gemm}")

# Run again: nothing to do.
r = sweep("run", manifest, "--out", out1)
check(r.stdout.splitlines()[-1].startswith(f"ran 0 of {TASKS} tasks"), "a finished sweep reruns nothing")

# Interrupted: kill the whole sweep (parent and children) once a few results are in.
out2 = os.path.join(work, "out2")
p = subprocess.Popen([SIM, "sweep", "run", manifest, "--out", out2, "-j", "1"],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
results2 = os.path.join(out2, "results")
deadline = time.time() + 60
while time.time() < deadline:
    if os.path.isdir(results2) and len([f for f in os.listdir(results2) if f.endswith(".json")
                                        and not f.startswith(".")]) >= 5:
        break
    time.sleep(0.01)
os.killpg(p.pid, signal.SIGKILL)
p.wait()
done = [f for f in os.listdir(results2) if not f.startswith(".")]
check(5 <= len(done) < TASKS, f"the sweep was stopped part way ({len(done)} results)")
for f in done:
    json.load(open(os.path.join(results2, f)))  # every result file is whole
r = sweep("run", manifest, "--out", out2, "-j", "2")
check(r.stdout.splitlines()[-1].startswith(f"ran {TASKS - len(done)} of {TASKS} tasks"),
      f"the resumed sweep runs only the {TASKS - len(done)} missing tasks: {r.stdout.splitlines()[-1]!r}")
check(table(out2) == rows, "the resumed sweep's table equals the uninterrupted one's")

# A crashed task runs again; --rerun-failing also runs the failed and refused ones.
crashed = os.path.join(results2, "000003.json")
res = json.load(open(crashed))
res.update(verdict="CRASH", signal=9)
json.dump(res, open(crashed, "w"))
r = sweep("run", manifest, "--out", out2)
check(r.stdout.splitlines()[-1].startswith(f"ran 1 of {TASKS} tasks"), "a crashed task runs again")
r = sweep("run", manifest, "--out", out2, "--rerun-failing")
check(r.stdout.splitlines()[-1].startswith(f"ran 16 of {TASKS} tasks"),
      f"--rerun-failing runs the 16 failed and refused tasks: {r.stdout.splitlines()[-1]!r}")
check(table(out2) == rows, "and the table is the same")

# Chunks, as Slurm's array elements run them: the same table.
out3 = os.path.join(work, "out3")
for i in range(3):
    sweep("run", manifest, "--out", out3, "--chunk", f"{i}/3")
check(table(out3) == rows, "three chunks give the same table")

# status and report.
r = sweep("status", out1)
check(r.returncode == 0 and r.stdout == f"{out1}: {TASKS} tasks: 16 passed, 8 failed, 8 bad input, "
      "0 crashed, 0 missing\n", f"status: {r.stdout!r}")
r = sweep("report", out1)
check(r.returncode == 0 and os.path.exists(os.path.join(out1, "report", "sweep.csv")),
      "report writes DIR/report/sweep.csv")
j = json.load(open(os.path.join(out1, "report", "sweep.json")))
check([{k: str(v) if v is not None else "" for k, v in row.items() if k != "seconds"}
       for row in j["rows"]] == rows, "the JSON table holds the CSV's rows")

# Bad input: exit 2, located, nothing computed lost or overwritten.
def bad(text, expect, *extra, out=None):
    with open(manifest, "w") as f:
        f.write(text)
    before = tree_hash(out1)
    r = sweep("run", manifest, "--out", out or os.path.join(work, "never"), *extra)
    check(r.returncode == 2, f"{expect!r}: exit 2 ({r.returncode})")
    check(expect in r.stderr, f"{expect!r} in {r.stderr!r}")
    check(tree_hash(out1) == before, f"{expect!r}: out1 untouched")


k = json.dumps(kernels[0])
bad(f"kernels = [{k}]\n[grid]\nmemoryLatncy = [1]\n",
    f"{manifest}:3:1: error: unknown timing field 'memoryLatncy' (did you mean memoryLatency?)")
bad(f"kernels = [{k}]\n[grid]\n", f"{manifest}:2:1: error: the grid is empty")
bad(f'kernels = [{k}, "nowhere/*.mlir"]\n[grid]\nmemoryLatency = [1]\n',
    f"{manifest}:1:{14 + len(k)}: error: 'nowhere/*.mlir' names no kernel")
bad(f"kernels = [{k}]\n[grid]\nmemoryLatency = [1, 2]\n", "holds another sweep's results", out=out1)
bad(f"kernels = [{k}]\n[grid]\nmemoryLatency = [1]\n", "is not empty and holds no sweep",
    out=KERNELS)
bad(f"kernels = [{k}]\n[grid]\nmemoryLatency = [1]\n", "--chunk '3/3'", "--chunk", "3/3")
r = sweep("status", KERNELS)
check(r.returncode == 2 and "is not a sweep's folder" in r.stderr, f"status of a non-sweep: {r.stderr!r}")

# Generated programs: loom-gen's program of each seed, kept in the folder, run like a kernel.
gen = os.path.join(os.path.dirname(SIM), "loom-gen")
seeds_toml = os.path.join(work, "seeds.toml")
with open(seeds_toml, "w") as f:
    f.write("[generator]\nseeds = [3, 4]\n[grid]\nchannelCapacity = [1, 2]\n")
out4 = os.path.join(work, "out4")
r = sweep("run", seeds_toml, "--out", out4)
check(r.returncode == 0 and r.stdout.splitlines()[-1].endswith(
    "4 tasks: 4 passed, 0 failed, 0 bad input, 0 crashed, 0 missing"), f"seeds: {r.stdout!r} {r.stderr!r}")
for row in table(out4):
    program = os.path.join(out4, "programs", f"seed-{row['seed']}.mlir")
    want = subprocess.run([gen, "--seed", row["seed"], "--size", "small"], capture_output=True,
                          text=True).stdout
    check(open(program).read() == want, f"{program} is loom-gen's program of seed {row['seed']}")
    rr = subprocess.run([SIM, "run", program, "--timing",
                         os.path.join(out4, "points", f"p{int(row['id']) % 2}.json"), "--report", "-"],
                        capture_output=True, text=True)
    rep = json.loads(rr.stdout)
    check(int(row["cycles"]) == sum(c["cycles"] for c in rep["calls"]) and row["kernel"] == "",
          f"seed {row['seed']}: the sweep's cycles are run's")

# On a terminal, the progress line: a bar, the count, the running tasks.
import pty
master, slave = pty.openpty()
p = subprocess.Popen([SIM, "sweep", "run", seeds_toml, "--out", os.path.join(work, "out5")],
                     stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
seen = b""
while True:
    try:
        chunk = os.read(master, 4096)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
p.wait()
check(b"[....................] 0/4 done, running seed:3" in seen and b"3/4 done, running seed:4" in seen,
      f"the progress line on a terminal: {seen[:300]!r}")

subprocess.run(["rm", "-rf", work])
if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("sweep: every check passed")
