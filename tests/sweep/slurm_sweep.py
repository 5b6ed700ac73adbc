#!/usr/bin/env python3
"""slurm_sweep.py LOOM_SIM SLURM_LOCAL KERNELS_DIR INPUTS_DIR: a sweep through a real Slurm.

Starts scripts/slurm-local.sh's one-node cluster (a state folder and ports of its own),
submits a 24-task sweep as a job array of 6 elements run one at a time, cancels element
4 while it is pending (Slurm then keeps no record of it at all), and checks that `sweep
status` and `sweep collect` name chunk 4 as incomplete, that a second plain `submit` is
refused, that `submit --resume` submits element 4 alone, and that the merged table then
equals the one `sweep run` makes of the same manifest on this machine (the wall-clock
column aside). Also: `submit` without sbatch on PATH is refused and writes nothing; a
mutation sweep (mode = "mutate") goes through the same path, a campaign per task, and its
table equals the local backend's too.
Exit 77 (a skip) where Slurm cannot start at all; LOOM_SLURM_REQUIRE=1 makes that fail.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_common import check, failures, merged_table  # noqa: E402

SIM, SLURM_LOCAL, KERNELS, INPUTS = sys.argv[1:5]
NAME = "sweep.slurm"


def skip(why):
    print(f"{NAME}: skipped: {why}")
    if os.environ.get("LOOM_SLURM_REQUIRE") == "1":
        print(f"{NAME}: LOOM_SLURM_REQUIRE=1: a skip fails", file=sys.stderr)
        sys.exit(1)
    sys.exit(77)


if os.geteuid() != 0:
    skip("not root, and slurmd must run as root")
for tool in ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel"):
    if not shutil.which(tool):
        skip(f"{tool} is missing: Slurm is not installed (bash scripts/install-deps.sh)")

work = tempfile.mkdtemp(prefix="loom-sweep-slurm-")
os.chmod(work, 0o755)  # munged wants its socket's folders searchable by all
state = os.path.join(work, "cluster")
env = dict(os.environ)


def listening(port):
    hexport = ":%04X" % port
    for f in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            for line in open(f).read().splitlines()[1:]:
                parts = line.split()
                if parts[3] == "0A" and parts[1].endswith(hexport):
                    return True
        except OSError:
            pass
    return False


port = next((p for p in range(7017, 7100, 10) if not listening(p) and not listening(p + 1)), None)
if port is None:
    skip("no two free ports from 7017 to 7100")
r = subprocess.run(["bash", SLURM_LOCAL, "start", "--state", state, "--port", str(port)],
                   capture_output=True, text=True)
if r.returncode != 0:
    skip(f"the cluster could not start here (exit {r.returncode}): {r.stderr.strip()}")
env["SLURM_CONF"] = os.path.join(state, "slurm.conf")


def sweep(*args, path=None):
    e = dict(env)
    if path is not None:
        e["PATH"] = path
    return subprocess.run([SIM, "sweep", *args], capture_output=True, text=True, env=e)


def table(out):
    return merged_table(sweep, out, os.path.join(work, "t.json"))


try:
    manifest = os.path.join(work, "m.toml")
    kernels = [os.path.join(KERNELS, "gemm.mlir"), os.path.join(KERNELS, "dot.mlir"),
               os.path.join(INPUTS, "accel_oob.mlir")]
    with open(manifest, "w") as f:
        f.write("kernels = [%s]\n" % ", ".join(json.dumps(k) for k in kernels))
        f.write('engines = ["event", "clocked"]\n[grid]\nchannelCapacity = [1, 2]\n'
                "memoryLatency = [1, 4]\n")
    out = os.path.join(work, "slurm-out")

    # Without sbatch: refused, nothing written.
    r = sweep("submit", manifest, "--out", out, path="/nonexistent")
    check(r.returncode == 2 and "sbatch not found: `sweep submit` needs a Slurm submit host" in
          r.stderr, f"submit without sbatch: {r.returncode} {r.stderr!r}")
    check(not os.path.exists(out), "submit without sbatch writes nothing")

    r = sweep("submit", manifest, "--out", out, "--tasks-per-element", "4", "--max-parallel", "1")
    check(r.returncode == 0 and r.stdout.startswith("submitted job ") and
          "6 array elements (0-5 of 6 chunks, up to 4 tasks each)" in r.stdout,
          f"submit: {r.returncode} {r.stdout!r} {r.stderr!r}")
    job = json.load(open(os.path.join(out, "slurm", "array.json")))["submissions"][0]["job"]
    script = open(os.path.join(out, "slurm", "job.sh")).read()
    check('--chunk "$SLURM_ARRAY_TASK_ID/6" -j "${SLURM_CPUS_PER_TASK:-1}" --batch 200\n' in script,
          f"each element runs its chunk in batches: {script!r}")
    c = subprocess.run(["scancel", f"{job}_4"], capture_output=True, text=True, env=env)
    check(c.returncode == 0, f"scancel {job}_4: {c.stderr}")

    r = sweep("collect", out, "--poll", "1")
    check(r.returncode == 1, f"collect with a chunk missing exits 1 ({r.returncode}: {r.stderr})")
    check(f"slurm: 6 chunks, job(s) {job} (0-5): 5 done, 0 running, 0 pending, 1 incomplete "
          "(chunk 4: 1 not in Slurm's queue" in r.stdout, f"collect names chunk 4: {r.stdout!r}")
    check("24 tasks: 16 passed, 4 failed, 0 bad input, 0 crashed, 4 missing" in r.stdout,
          f"collect's counts: {r.stdout!r}")
    r = sweep("status", out)
    check(r.returncode == 1 and "1 incomplete (chunk 4:" in r.stdout, f"status: {r.stdout!r}")

    r = sweep("submit", manifest, "--out", out)
    check(r.returncode == 2 and f"was submitted already (job {job})" in r.stderr,
          f"a second submit is refused: {r.stderr!r}")
    r = sweep("submit", manifest, "--out", out, "--resume")
    check(r.returncode == 0 and "1 array element (4 of 6 chunks" in r.stdout,
          f"--resume submits element 4 alone: {r.stdout!r} {r.stderr!r}")
    r = sweep("collect", out, "--poll", "1")
    check(r.returncode == 0 and "6 done, 0 running, 0 pending, 0 incomplete" in r.stdout,
          f"collect after the resume: {r.returncode} {r.stdout!r} {r.stderr!r}")
    r = sweep("submit", manifest, "--out", out, "--resume")
    check(r.returncode == 0 and r.stdout.startswith("nothing to submit: 24 tasks"),
          f"a finished sweep has nothing to resubmit: {r.stdout!r}")

    # Each element ran its chunk of 4 tasks as one batch, one process.
    logs = os.path.join(out, "slurm", "logs")
    ran = [line for f in sorted(os.listdir(logs)) for line in open(os.path.join(logs, f))
           if line.startswith("ran ")]
    check(len(ran) == 6 and all(line.startswith("ran 4 of 4 tasks (chunk ") and
                                " ms, 1 batch; " in line for line in ran),
          f"each element ran its chunk as one batch: {ran}")

    local = os.path.join(work, "local-out")
    r = sweep("run", manifest, "--out", local, "-j", "2")
    slurm_rows, local_rows = table(out), table(local)
    check(len(local_rows) == 24 and slurm_rows == local_rows,
          "Slurm's merged table equals the local backend's")
    unbatched = os.path.join(work, "unbatched-out")
    sweep("run", manifest, "--out", unbatched, "--no-batch")
    check(table(unbatched) == slurm_rows, "Slurm's merged table equals a process per task's")

    # A mutation sweep: two campaigns, one array element each.
    mutate = os.path.join(work, "mutate.toml")
    with open(mutate, "w") as f:
        f.write(f"kernels = [{json.dumps(kernels[1])}]\nmode = \"mutate\"\n"
                "[grid]\nextmemoryLatency = [1, 10]\n")
    mout, mlocal = os.path.join(work, "mutate-out"), os.path.join(work, "mutate-local")
    r = sweep("submit", mutate, "--out", mout, "--tasks-per-element", "1")
    check(r.returncode == 0 and "2 array elements (0-1 of 2 chunks" in r.stdout,
          f"submit of a mutation sweep: {r.returncode} {r.stdout!r} {r.stderr!r}")
    r = sweep("collect", mout, "--poll", "1", "--no-plots")
    check(r.returncode == 0 and "2 tasks: 2 passed" in r.stdout and " mutants: " in r.stdout,
          f"collect of a mutation sweep: {r.returncode} {r.stdout!r} {r.stderr!r}")
    sweep("run", mutate, "--out", mlocal)
    slurm_rows, local_rows = table(mout), table(mlocal)
    check(len(local_rows) == 2 and slurm_rows == local_rows and
          all(int(row["mutants"]) > 0 and row["wrong_uncaught"] == "0" for row in slurm_rows),
          f"Slurm's mutation table equals the local backend's: {slurm_rows} {local_rows}")
finally:
    subprocess.run(["bash", SLURM_LOCAL, "stop", "--state", state], capture_output=True)

if failures:
    print(f"{len(failures)} check(s) failed; the cluster's logs are in {state}/log")
    sys.exit(1)
shutil.rmtree(work, ignore_errors=True)
print(f"{NAME}: every check passed")
