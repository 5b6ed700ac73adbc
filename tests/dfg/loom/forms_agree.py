#!/usr/bin/env python3
"""One network, two forms, one explanation.

usage: forms_agree.py LOOM_SIM KERNELS_DIR WORK_DIR OPEN_LIST [JOBS]

For every kernel of KERNELS_DIR, as lowered and with each `--inject` name, writes the
lowering in loom-sim's DFG text (`--format loom.dfg`, which prints the rates and roles the
lowering derived) and in LOOM's form (`--format loom`, which prints none: they are inferred
from the network and bound to the program's loops and branches), runs the program on each
(`run --dfg F=FILE` for every accelerated function, proving reruns included) and requires
the two JSON reports to say the same: the same mistakes (rule, instances, the findings each
explains, proven or not), the same unexplained findings, root causes and findings, text
for text. The only difference allowed is where an op stands in the file that was read
(`(FILE:line:col)` after its source position, and the finding's `mlir`).

OPEN_LIST names the runs known to differ (one line each, KERNEL.INJECTION, with the reason
in comments): each must still differ, so that a fix shows as an unexpected pass and its
line is removed. An injection a kernel has no site for is refused (exit 2) and counted.
Prints the counts; exit 0 if all is well.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys

INJECTIONS = ["none", "body-ctrl-raw", "mem-ctrl-raw", "invariant-raw", "iter-carry-gated",
              "no-zero-trip-guard", "no-branch-gate", "no-mem-order"]
COMPARED = ("passed", "mistakes", "unexplained", "causes", "findings")


def normalized(x, read):
    """`x` with the positions in file `read` left out."""
    if isinstance(x, str):
        return re.sub(r" \(" + re.escape(read) + r":\d+:\d+\)", "", x)
    if isinstance(x, list):
        return [normalized(y, read) for y in x]
    if isinstance(x, dict):
        return {k: normalized(v, read) for k, v in x.items() if k != "mlir"}
    return x


def first_difference(a, b, path=""):
    if type(a) is not type(b):
        return path, a, b
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), path + "." + k)
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, "%s[%d]" % (path, i))
        if len(a) != len(b):
            return path + ".length", len(a), len(b)
    return path, a, b


def one(sim, kernel, inject, work):
    name = "%s.%s" % (os.path.basename(kernel)[:-5], inject)
    views = {}
    for fmt in ("loom.dfg", "loom"):
        dfg = os.path.join(work, "%s.%s.mlir" % (name, fmt))
        argv = [sim, "lower", kernel, "--format", fmt, "-o", dfg]
        if inject != "none":
            argv += ["--inject", inject]
        p = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        if p.returncode == 2:
            return name, "refused", ""
        if not os.path.exists(dfg):
            return name, "fail", "lower --format %s wrote nothing: %s" % (fmt, p.stderr[-300:])
        funcs = re.findall(r"handshake\.func @([A-Za-z0-9_$.]+)", open(dfg).read()) \
            if fmt == "loom" else None
        views[fmt] = dfg
    report = {}
    for fmt, dfg in views.items():
        out = dfg[:-5] + ".json"
        argv = [sim, "run", kernel, "--report", out]
        for f in funcs:
            argv += ["--dfg", "%s=%s" % (f, dfg)]
        p = subprocess.run(argv, capture_output=True, text=True, timeout=900)
        try:
            r = json.load(open(out))
        except (OSError, ValueError):
            return name, "fail", "%s: no report (exit %d): %s" % (fmt, p.returncode, p.stderr[-300:])
        report[fmt] = {k: normalized(r.get(k), dfg) for k in COMPARED}
        report[fmt]["exit"] = p.returncode
    a, b = report["loom.dfg"], report["loom"]
    if a == b:
        return name, "same", "%d finding(s)" % len(a["findings"] or [])
    path, x, y = first_difference(a, b)
    return name, "fail", "first difference at %s:\n      loom.dfg: %s\n      loom:     %s" % (
        path, str(x)[:400], str(y)[:400])


def main():
    sim, kernels, work, open_list = sys.argv[1:5]
    jobs = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    known = {l.strip() for l in open(open_list) if l.strip() and not l.startswith("#")}
    os.makedirs(work, exist_ok=True)
    files = sorted(os.path.join(kernels, f) for f in os.listdir(kernels) if f.endswith(".mlir"))
    tasks = [(k, i) for k in files for i in INJECTIONS]
    counts, failures, withFindings = {}, [], 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for name, verdict, why in pool.map(lambda t: one(sim, t[0], t[1], work), tasks):
            if name in known:
                verdict = "known open" if verdict == "fail" else "unexpected agreement"
            if verdict in ("fail", "unexpected agreement"):
                failures.append("%s: %s %s" % (name, verdict, why))
            if verdict == "same" and not why.startswith("0 "):
                withFindings += 1
            counts[verdict] = counts.get(verdict, 0) + 1
    for f in failures:
        print(f)
    print("forms agree: %d network(s) the same in both forms (%d with findings), %d known open, "
          "%d refused (no site), %d failing" % (counts.get("same", 0), withFindings,
                                                counts.get("known open", 0),
                                                counts.get("refused", 0), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
