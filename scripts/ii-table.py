#!/usr/bin/env python3
"""ii-table.py SIM KERNEL... [--tune] [--check DOC]: each loop's II bound, the II it
achieves and what bounds it, as docs/performance-analysis.md shows them.

Runs `SIM run KERNEL --report` for each kernel and prints one markdown row per loop (its
first call's): the kernel, the loop's line, ii_bound, ii_achieved, the bottleneck and the
gap's cause. With --tune, each kernel is also sized by `SIM tune KERNEL -o CAPS` and run
again with `--timing CAPS`: the rows gain the II achieved then, and a second table gives
each kernel's cycles before, at the ceiling and after, and the slots tune added.
--check DOC compares the table with the one DOC holds between the lines
`<!-- ii-table -->` and `<!-- /ii-table -->` (exit 1 and a diff when they differ).
"""
import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile


def loops_of(sim, kernel, timing=None):
    with tempfile.TemporaryDirectory() as d:
        report = os.path.join(d, "r.json")
        extra = ["--timing", timing] if timing else []
        run = subprocess.run([sim, "run", kernel, "--report", report] + extra, capture_output=True,
                             text=True)
        if run.returncode != 0 or not os.path.exists(report):
            sys.exit("ii-table: %s: exit %d: %s" % (kernel, run.returncode, run.stderr.strip()[-300:]))
        with open(report) as f:
            calls = json.load(f)["calls"]
    seen, rows = set(), []
    for call in calls:
        for loop in call["loops"]:
            key = (loop["source"], loop["copy"])
            if key in seen:
                continue
            seen.add(key)
            rows.append((call["function"], loop))
    return rows


def cell(loop):
    neck = loop["bottleneck"]
    achieved = loop["ii_achieved"]
    gap = neck["gap"]["cause"] if neck["gap"] else ""
    where = loop["source"].rsplit("/", 1)[-1]
    steady = loop["ii_steady"]
    return [where, str(loop["ii_bound"]), "-" if achieved is None else "%.2f" % achieved,
            "-" if steady is None else "%.2f" % steady, neck["kind"], gap]


def tuned(sim, kernel, caps):
    """`SIM tune KERNEL -o CAPS`: (before, ceiling, after, added slots)."""
    run = subprocess.run([sim, "tune", kernel, "-o", caps], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("ii-table: tune %s: exit %d: %s" % (kernel, run.returncode, run.stderr.strip()[-300:]))
    figures = {}
    for line in run.stdout.splitlines():
        words = line.split()
        if len(words) >= 3 and words[0] in ("before", "ceiling", "after") and words[2] == "cycles":
            figures[words[0]] = words[1]
            if words[0] == "after":
                figures["slots"] = words[3].lstrip("+")
    return figures


def table(sim, kernels, tune=False):
    head = "| kernel | function | loop | ii_bound | ii_achieved | ii_steady | bottleneck | gap |"
    rule = "|---|---|---|---:|---:|---:|---|---|"
    if tune:
        head += " tuned ii_achieved | tuned ii_steady |"
        rule += "---:|---:|"
    lines, cycles = [head, rule], []
    with tempfile.TemporaryDirectory() as d:
        for k in kernels:
            name = os.path.basename(k)[:-len(".mlir")]
            after = {}
            if tune:
                caps = os.path.join(d, name + ".json")
                f = tuned(sim, k, caps)
                cycles.append("| %s | %s | %s | %s | %s |" % (name, f["before"], f["ceiling"],
                                                              f["after"], f["slots"]))
                after = {(l["source"], l["copy"]): l for _, l in loops_of(sim, k, caps)}
            for function, loop in loops_of(sim, k):
                row = [name, function] + cell(loop)
                if tune:
                    t = after.get((loop["source"], loop["copy"]))
                    row += ["-", "-"] if t is None else cell(t)[2:4]
                lines.append("| " + " | ".join(row) + " |")
    if tune:
        lines += ["", "| kernel | cycles | ceiling | tuned | slots added |", "|---|---:|---:|---:|---:|"]
        lines += cycles
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sim")
    ap.add_argument("kernels", nargs="+")
    ap.add_argument("--check", metavar="DOC")
    ap.add_argument("--tune", action="store_true")
    a = ap.parse_args()
    lines = table(a.sim, a.kernels, a.tune)
    if not a.check:
        print("\n".join(lines))
        return 0
    text = open(a.check).read().splitlines()
    try:
        start, end = text.index("<!-- ii-table -->"), text.index("<!-- /ii-table -->")
    except ValueError:
        sys.exit("ii-table: %s has no <!-- ii-table --> ... <!-- /ii-table --> block" % a.check)
    shown = [l for l in text[start + 1:end] if l.strip()]
    if shown == lines:
        print("ii-table: %s's table matches (%d loop(s))" % (a.check, len(lines) - 2))
        return 0
    sys.stdout.writelines(difflib.unified_diff([l + "\n" for l in shown], [l + "\n" for l in lines],
                                               a.check, "loom-sim"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
