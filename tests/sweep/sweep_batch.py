#!/usr/bin/env python3
"""sweep_batch.py LOOM_SIM KERNELS_DIR INPUTS_DIR: batches against a process per task.

The independent expectation is the same manifest run with --no-batch (a process per task,
as `loom-sim run` runs one kernel): several shipped kernels, a kernel that fails, a
network file that is refused, and a cycle cap that some points hit, on both engines.
Batched (one batch, and several side by side), every task's result file equals the
unbatched one's but for the wall-clock time (`seconds`, and the milliseconds of a
failing run's summary line when that is its first error), and each failing task keeps
its own verdict while the rest of its batch runs. A batch resumes in its middle (only the
missing tasks run), and a batch whose process is killed loses none of the results it
wrote: its unfinished tasks run again, the first alone, and the sweep ends as the
unbatched one does.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_common import check, failures  # noqa: E402

SIM, KERNELS, INPUTS = (os.path.abspath(a) for a in sys.argv[1:4])


def sweep(*args):
    return subprocess.run([SIM, "sweep", *args], capture_output=True, text=True)


def results(out):
    """Every result file of `out`, by name, without its wall-clock figures."""
    folder = os.path.join(out, "results")
    got = {}
    for f in sorted(os.listdir(folder)):
        if f.startswith(".") or not f.endswith(".json"):
            continue
        r = json.load(open(os.path.join(folder, f)))
        del r["seconds"]
        r["first_error"] = re.sub(r", [\d,]+ ms$", ", N ms", r["first_error"])
        got[f] = r
    return got


def verdicts(stdout):
    """The lines of the tasks that did not pass, without the wall-clock ones."""
    return [re.sub(r", [\d,]+ ms$", ", N ms", line) for line in stdout.splitlines()
            if not line.startswith("ran ")]


def children(pid):
    """The processes `pid` started, from any of its threads."""
    kids = []
    for t in os.listdir(f"/proc/{pid}/task"):
        try:
            kids += open(f"/proc/{pid}/task/{t}/children").read().split()
        except OSError:
            pass
    return kids


def summary(r):
    lines = r.stdout.splitlines()
    return lines[-1] if lines else ""


work = tempfile.mkdtemp(prefix="loom-sweep-batch-")
manifest = os.path.join(work, "m.toml")
kernels = [os.path.join(KERNELS, k + ".mlir") for k in ("gemm", "dot", "histogram", "bicg")]
kernels[2:2] = [os.path.join(INPUTS, "accel_oob.mlir"), os.path.join(INPUTS, "dot.dfg.mlir")]
with open(manifest, "w") as f:
    f.write("kernels = [%s]\n" % ", ".join(json.dumps(k) for k in kernels))
    # gemm takes 889 cycles at the default timing and more with one slot per channel.
    f.write('engines = ["event", "clocked"]\nmax_cycles = 1000\n[grid]\n'
            "channelCapacity = [1, 2]\nextmemoryLatency = [1, 10]\n")
TASKS = 6 * 4 * 2

ref = os.path.join(work, "ref")
r0 = sweep("run", manifest, "--out", ref, "--no-batch", "-j", "2")
check(r0.returncode == 2, f"the unbatched sweep's exit code is its worst task's, 2 ({r0.returncode})")
check(", " not in summary(r0).split(";")[0], f"--no-batch makes no batches: {summary(r0)!r}")
want = results(ref)
check(len(want) == TASKS, f"the unbatched sweep has a result per task ({len(want)})")
capped = [n for n, r in want.items() if "cycle" in r["first_error"] and r["verdict"] == "FAIL"]
check(capped, "some task hits the cycle cap")
check(any(r["verdict"] == "FAIL" and "accel_oob" in r["first_error"] for r in want.values())
      or any(r["verdict"] == "FAIL" for n, r in want.items() if n not in capped),
      "the failing kernel fails")
check(sum(r["verdict"] == "ERROR" for r in want.values()) == 8, "the network file is refused")
check(sum(r["verdict"] == "PASS" for r in want.values()) > TASKS // 2, "most tasks pass")

# One batch (-j 1), then four side by side (-j 2 and --batch 12).
for name, args, batches in (("one", ["-j", "1"], "1 batch"),
                            ("four", ["-j", "2", "--batch", "12"], "4 batches")):
    out = os.path.join(work, name)
    r = sweep("run", manifest, "--out", out, *args)
    check(r.returncode == r0.returncode, f"{name}: the same exit code ({r.returncode})")
    check(f" ms, {batches}; " in summary(r), f"{name}: run in {batches}: {summary(r)!r}")
    check(summary(r).split("; ")[-1] == summary(r0).split("; ")[-1],
          f"{name}: the same counts: {summary(r)!r} {summary(r0)!r}")
    check(verdicts(r.stdout) == verdicts(r0.stdout), f"{name}: the same failing tasks' lines")
    got = results(out)
    for n in sorted(want):
        check(got.get(n) == want[n], f"{name}: {n} as unbatched: {got.get(n)} {want[n]}")

# A failing task inside a batch keeps its verdict, and the tasks after it run.
first_cap = int(capped[0].split(".")[0])
check(0 < first_cap < TASKS - 1 and want["%06d.json" % (first_cap + 1)]["verdict"] in ("PASS", "FAIL"),
      f"a cap hit ({first_cap}) sits inside the batch")

# Resume in the middle of a batch: only the missing tasks run.
one = os.path.join(work, "one")
gone = [5, 6, 7, 8, 20, first_cap, 41]
for i in gone:
    os.remove(os.path.join(one, "results", "%06d.json" % i))
r = sweep("run", manifest, "--out", one, "-j", "1")
check(summary(r).startswith(f"ran {len(gone)} of {TASKS} tasks in ") and ", 1 batch; " in summary(r),
      f"the resumed sweep runs the {len(gone)} missing tasks in one batch: {summary(r)!r}")
check(results(one) == want, "and every result is the unbatched one's")

# A batch whose process is killed: its results stay, the rest runs again.
big = os.path.join(work, "big.toml")
with open(big, "w") as f:
    f.write('kernels = [%s]\n[grid]\n'
            "channelCapacity = [1, 2, 4]\nextmemoryLatency = [1, 10, 40]\n"
            % json.dumps(os.path.join(KERNELS, "*.mlir")))
bigref = os.path.join(work, "bigref")
sweep("run", big, "--out", bigref, "--no-batch", "-j", "2")
bigwant = results(bigref)
killed = os.path.join(work, "killed")
p = subprocess.Popen([SIM, "sweep", "run", big, "--out", killed, "-j", "1", "--batch", "100000"],
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
folder = os.path.join(killed, "results")
deadline, victim = time.time() + 120, None
while time.time() < deadline and victim is None and p.poll() is None:
    n = len(os.listdir(folder)) if os.path.isdir(folder) else 0
    if n >= 20:
        kids = children(p.pid)
        if kids:
            os.kill(int(kids[0]), signal.SIGKILL)
            victim = n
    time.sleep(0.005)
stdout, _ = p.communicate()
check(victim is not None, "the batch's process was killed while it ran")
last = stdout.splitlines()[-1] if stdout else ""
check(p.returncode == 0 and ", 1 task run alone after a crash; " in last and
      last.endswith(f"{len(bigwant)} tasks: {len(bigwant)} passed, 0 failed, 0 bad input, "
                    "0 crashed, 0 missing"),
      f"the killed batch's unfinished tasks ran again, the first alone: {p.returncode} {last!r}")
check(results(killed) == bigwant, "and every result is the unbatched one's")

if failures:
    print(f"{len(failures)} check(s) failed; the sweeps are in {work}")
    sys.exit(1)
shutil.rmtree(work, ignore_errors=True)
print("sweep.batch: every check passed")
