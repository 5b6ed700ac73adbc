#!/usr/bin/env python3
"""sweep_mutate.py LOOM_SIM KERNELS_DIR INPUTS_DIR: a mutation sweep (mode = "mutate") end
to end.

Two kernels at two grid points on both engines, each task a mutation campaign: every
result carries its campaign's class counts, which sum to its mutants, none wrong_uncaught
and no false finding, and passes; each campaign (counts and every mutant's class) equals
the one `loom-sim mutate KERNEL --engine E --timing POINT --report X` gives, the same
tool's other entry point, run here independently; `sweep report`'s table carries the
classes instead of a run's figures and sums them; mutate_operators restricts the
campaign as mutate's --operator does; a program that cannot be a mutation base is ERROR
with mutate's own error; a bad mode, verilator with mutate and an unknown operator are
refused with exit 2, located.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_common import check, failures, merged_table  # noqa: E402

SIM, KERNELS, INPUTS = (os.path.abspath(a) for a in sys.argv[1:4])
CLASSES = ["caught_static", "caught_runtime", "wrong_uncaught", "harmless", "timeout"]
FIGURES = ["mutants"] + CLASSES + ["mutant_errors", "false_findings"]


def sweep(*args):
    return subprocess.run([SIM, "sweep", *args], capture_output=True, text=True)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def mutate_report(kernel, engine, point_file, *extra):
    """`loom-sim mutate`'s campaign of the same kernel, engine and point: (exit, report)."""
    report = os.path.join(work, "mutate.json")
    if os.path.exists(report):
        os.remove(report)
    r = subprocess.run([SIM, "mutate", kernel, "--engine", engine, "--timing", point_file,
                        "--report", report, *extra], capture_output=True, text=True)
    return r, json.load(open(report)) if os.path.exists(report) else None


def comparable(campaign):
    """A campaign's JSON without what differs between two runs of it: its time."""
    return {k: v for k, v in campaign.items() if k != "seconds"}


work = tempfile.mkdtemp(prefix="loom-sweep-mutate-")
kernels = [os.path.join(KERNELS, "dot.mlir"), os.path.join(KERNELS, "histogram.mlir")]
manifest = write(os.path.join(work, "m.toml"),
                 "kernels = [%s]\n" % ", ".join(json.dumps(k) for k in kernels) +
                 'mode = "mutate"\nengines = ["event", "clocked"]\n'
                 "[grid]\nextmemoryLatency = [1, 10]\n")
TASKS = 2 * 2 * 2

r = sweep("plan", manifest)
check(r.returncode == 0 and r.stdout.splitlines()[-2] ==
      f"2 kernel(s) x 2 point(s) x 2 engine(s) = {TASKS} tasks, each a mutation campaign" and
      r.stdout.splitlines()[-1].startswith(f"1 batch of {TASKS} consecutive tasks"),
      f"plan: {r.returncode} {r.stdout[-200:]!r} {r.stderr!r}")

out = os.path.join(work, "out")
r = sweep("run", manifest, "--out", out, "-j", "2")
lines = r.stdout.splitlines()
check(r.returncode == 0 and len(lines) == 2 and lines[0].endswith(
    f"{TASKS} tasks: {TASKS} passed, 0 failed, 0 bad input, 0 crashed, 0 missing"),
      f"run: {r.returncode} {r.stdout!r} {r.stderr!r}")
if r.returncode != 0:
    sys.exit(1)

# Each task's result and campaign against `loom-sim mutate` of the same kernel and point.
results = {}
for task in range(TASKS):
    res = json.load(open(os.path.join(out, "results", f"{task:06d}.json")))
    results[task] = res
    kernel, point, engine = kernels[task // 4], task // 2 % 2, ["event", "clocked"][task % 2]
    name = f"task {task} ({os.path.basename(kernel)}, {engine}, p{point})"
    check(res["verdict"] == "PASS" and res["exit_code"] == 0 and res["first_error"] == "",
          f"{name} passes: {res}")
    check(res["mutants"] > 0 and sum(res[c] for c in CLASSES) + res["mutant_errors"] ==
          res["mutants"], f"{name}: the classes sum to its {res['mutants']} mutants: {res}")
    check(res["wrong_uncaught"] == 0 and res["false_findings"] == 0,
          f"{name}: no miss and no false finding: {res}")
    campaign = json.load(open(os.path.join(out, "results", f"{task:06d}.mutation.json")))
    rr, want = mutate_report(kernel, engine, os.path.join(out, "points", f"p{point}.json"))
    check(rr.returncode == 0 and want is not None,
          f"{name}: mutate exits 0 ({rr.returncode}: {rr.stderr[-300:]})")
    if want is None:
        continue
    got = {c: res[c] for c in CLASSES}
    check(got == {c: want["counts"][c] for c in CLASSES} and
          res["mutants"] == len(want["mutants"]) and
          res["false_findings"] == want["false_findings"],
          f"{name}: the sweep's counts {got} are mutate's {want['counts']}")
    check(comparable(campaign) == comparable(want),
          f"{name}: the campaign beside the result is mutate's, mutant for mutant")

# The table: the classes instead of cycles, equal to the result files; the totals.
rows = merged_table(sweep, out, os.path.join(work, "t.json"))
check(len(rows) == TASKS and "cycles" not in rows[0] and
      all(int(row[f]) == results[int(row["id"])][f] for row in rows for f in FIGURES),
      f"the table's rows carry the result files' figures: {rows[:1]}")
table = json.load(open(os.path.join(work, "t.json")))
totals = {f: sum(res[f] for res in results.values()) for f in FIGURES}
check(table["counts"]["mutants"] == totals, f"the JSON table's totals: {table['counts']}")
line = (f"{totals['mutants']} mutants: " +
        ", ".join(f"{totals[c]} {c}" for c in CLASSES + ["mutant_errors"]) +
        f"; {totals['false_findings']} false_findings")
check(lines[-1] == line, f"run's summary gives the totals per class: {lines[-1]!r}, not {line!r}")
r = sweep("report", out)
check(r.returncode == 0 and r.stdout.splitlines()[:2] == [
    f"{TASKS} tasks: {TASKS} passed, 0 failed, 0 bad input, 0 crashed, 0 missing", line],
      f"report's summary: {r.stdout!r} {r.stderr!r}")
check(not os.path.exists(os.path.join(out, "report", "plots")),
      "a mutation sweep draws no plots of cycles it did not measure")
r = sweep("run", manifest, "--out", out)
check(r.stdout.startswith(f"ran 0 of {TASKS} tasks"), f"a finished sweep reruns nothing: {r.stdout!r}")

# mutate_operators: the campaign of those operators only, as mutate's --operator gives it.
ops = ["order-swap", "carry-condition"]
one = write(os.path.join(work, "ops.toml"),
            f"kernels = [{json.dumps(kernels[0])}]\nmode = \"mutate\"\n"
            f"mutate_operators = {json.dumps(ops)}\n[grid]\nextmemoryLatency = [10]\n")
out_ops = os.path.join(work, "out-ops")
r = sweep("run", one, "--out", out_ops)
check(r.returncode == 0, f"the operators' sweep passes: {r.stdout!r} {r.stderr!r}")
campaign = json.load(open(os.path.join(out_ops, "results", "000000.mutation.json")))
check(campaign["mutants"] and {m["operator"] for m in campaign["mutants"]} <= set(ops),
      f"only {ops} ran: {sorted({m['operator'] for m in campaign['mutants']})}")
rr, want = mutate_report(kernels[0], "event", os.path.join(out_ops, "points", "p0.json"),
                         "--operator", ops[0], "--operator", ops[1])
check(want is not None and comparable(campaign) == comparable(want),
      "mutate_operators gives mutate --operator's campaign")

# A program that is no mutation base (its own run fails a check): ERROR, mutate's error.
oob = os.path.join(INPUTS, "accel_oob.mlir")
bad_base = write(os.path.join(work, "oob.toml"),
                 f"kernels = [{json.dumps(oob)}]\nmode = \"mutate\"\n[grid]\nextmemoryLatency = [10]\n")
r = sweep("run", bad_base, "--out", os.path.join(work, "out-oob"))
res = json.load(open(os.path.join(work, "out-oob", "results", "000000.json")))
rr = subprocess.run([SIM, "mutate", oob], capture_output=True, text=True)
want_error = next(ln for ln in rr.stderr.splitlines() if "error:" in ln)
check(r.returncode == 2 and res["verdict"] == "ERROR" and res["exit_code"] == rr.returncode == 2
      and res["first_error"] == want_error and res["mutants"] == 0,
      f"a bad base is ERROR with mutate's error {want_error!r}: {res}")

# Bad manifests: exit 2, located.
k = json.dumps(kernels[0])
grid = "[grid]\nextmemoryLatency = [10]\n"
for text, expect in [
        (f'kernels = [{k}]\nmode = "mutat"\n{grid}',
         ":2:8: error: unknown mode 'mutat' (did you mean mutate?)"),
        (f'kernels = [{k}]\nmode = "mutate"\nengines = ["event", "verilator"]\n{grid}',
         ":3:21: error: engine 'verilator' with mode = \"mutate\": a campaign runs the event "
         "or clocked engine"),
        (f'kernels = [{k}]\nmode = "mutate"\nmutate_operators = ["order-swop"]\n{grid}',
         ":3:21: error: unknown mutation operator 'order-swop' (did you mean order-swap?)")]:
    m = write(os.path.join(work, "bad.toml"), text)
    r = sweep("run", m, "--out", os.path.join(work, "never"))
    check(r.returncode == 2 and m + expect in r.stderr, f"{expect!r}: {r.returncode} {r.stderr!r}")
    check(not os.path.exists(os.path.join(work, "never")), f"{expect!r}: nothing written")

subprocess.run(["rm", "-rf", work])
if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("sweep.mutate: every check passed")
