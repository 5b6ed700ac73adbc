#!/usr/bin/env python3
"""Mutation campaigns over many programs, and their figures (docs/reliability.md).

    scripts/mutation-figures.py [--kernels DIR] [--loom CORPUS] [--seeds A-B] [--out DIR]
                                [-j N] [--sim PATH] [--gen PATH]

--kernels DIR   every DIR/*.mlir, its networks as loom-sim lowers them;
--loom CORPUS   every CORPUS/legacy_gen_*.mlir whose `run --try-fix` verifies: its repaired
                network (`--fixed-dfg`) is the base;
--seeds A-B     loom-gen's small programs of seeds A to B.

Each program is one `loom-sim mutate ... --report`, -j mutants at once (default 2); the
reports stay in OUT (default out/mutation). Prints, per set and in all: the mutants per
operator and class, the catches per rule and check, the share the static rules catch of
what is caught, the survivors that are defects (wrong_uncaught, false findings, errors),
and the wall-clock time. A benchmark, not a test: the exit code is 1 when any program's
campaign is not clean (a miss, a false finding, a refused base), else 0.
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
import time

CLASSES = ["caught_static", "caught_runtime", "wrong_uncaught", "harmless", "timeout"]


def mutate(sim, program, report, jobs, extra=()):
    cmd = [sim, "mutate", program, "-j", str(jobs), "--report", report, *extra]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return r.returncode, r.stdout + r.stderr


def repaired(sim, program, out):
    """The repaired network of a LOOM program, when `run --try-fix` verifies it."""
    fixed = os.path.join(out, os.path.basename(program).replace(".mlir", ".fixed.mlir"))
    r = subprocess.run([sim, "run", program, "--try-fix", "--no-prove", "--fixed-dfg", fixed],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if "the fix is verified" not in r.stderr or not os.path.exists(fixed):
        return None
    names = re.findall(r"handshake\.func @([A-Za-z0-9_$.]+)", open(fixed).read())
    return ["--dfg", f"{names[0]}={fixed}"] if len(names) == 1 else None


def programs(args):
    """(set, name, program, extra arguments) for every program asked for."""
    out = []
    if args.kernels:
        for k in sorted(glob.glob(os.path.join(args.kernels, "*.mlir"))):
            out.append(("kernels", os.path.basename(k)[:-5], k, []))
    if args.loom:
        work = os.path.join(args.out, "loom")
        os.makedirs(work, exist_ok=True)
        for k in sorted(glob.glob(os.path.join(args.loom, "legacy_gen_*.mlir"))):
            extra = repaired(args.sim, k, work)
            if extra is not None:
                out.append(("loom", os.path.basename(k)[:-5], k, extra))
    if args.seeds:
        a, b = (int(x) for x in args.seeds.split("-"))
        work = os.path.join(args.out, "seeds")
        os.makedirs(work, exist_ok=True)
        for s in range(a, b + 1):
            path = os.path.join(work, f"seed-{s}.mlir")
            with open(path, "w") as f:
                subprocess.run([args.gen, "--seed", str(s), "--size", "small"], stdout=f, check=True)
            out.append(("seeds", f"seed-{s}", path, []))
    return out


def table(reports):
    """Markdown: operators x classes, then catches per rule and check."""
    ops = collections.defaultdict(collections.Counter)
    by = collections.Counter()
    total = collections.Counter()
    unexposed = 0
    for j in reports:
        for m in j["mutants"]:
            ops[m["operator"]][m["class"]] += 1
            total[m["class"]] += 1
            if m["class"] == "caught_static":
                for r in m.get("rules", []):
                    by[r] += 1
                unexposed += 0 if m["differs"] else 1
            if m["class"] == "caught_runtime":
                for c in m.get("checks", []):
                    by[c] += 1
            total["false"] += 1 if m.get("false_finding") else 0
            total["unreached"] += 1 if m["class"] == "harmless" and not m["reached"] else 0
    lines = ["| operator | mutants | " + " | ".join(CLASSES) + " |",
             "|---|---:|" + "---:|" * len(CLASSES)]
    for op in sorted(ops):
        c = ops[op]
        lines.append(f"| {op} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in CLASSES) + " |")
    lines.append(f"| all | {sum(total[k] for k in CLASSES) + total['error']} | " +
                 " | ".join(str(total[k]) for k in CLASSES) + " |")
    # Operators x checks: how many of each operator's mutants each rule or check caught
    # (a mutant caught by two counts under both).
    per = collections.defaultdict(collections.Counter)
    for j in reports:
        for m in j["mutants"]:
            found = m.get("rules", []) if m["class"] == "caught_static" else \
                m.get("checks", []) if m["class"] == "caught_runtime" else []
            for f in found:
                per[f][m["operator"]] += 1
    names = sorted(ops)
    lines.append("")
    lines.append("| rule or check | " + " | ".join(names) + " |")
    lines.append("|---|" + "---:|" * len(names))
    for f in sorted(per, key=lambda f: (not f.startswith("L"), f)):
        lines.append(f"| {f} | " + " | ".join(str(per[f][o]) if per[f][o] else "" for o in names) + " |")
    caught = total["caught_static"] + total["caught_runtime"]
    share = 100.0 * total["caught_static"] / caught if caught else 0.0
    lines.append("")
    lines.append("caught by: " + ", ".join(f"{k} {n}" for k, n in sorted(by.items(),
                                                                          key=lambda x: -x[1])))
    lines.append(f"static rules: {total['caught_static']} of {caught} caught ({share:.1f}%); "
                 f"caught statically with no input showing a difference: {unexposed}; "
                 f"false findings: {total['false']}; errors: {total['error']}; harmless: "
                 f"{total['harmless']}, of which no input reaches the op changed: {total['unreached']}")
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--kernels")
    p.add_argument("--loom")
    p.add_argument("--seeds")
    p.add_argument("--out", default="out/mutation")
    p.add_argument("-j", type=int, default=2)
    p.add_argument("--sim", default="build/loom-sim")
    p.add_argument("--gen", default="build/loom-gen")
    args = p.parse_args()
    if not (args.kernels or args.loom or args.seeds):
        p.error("give --kernels, --loom or --seeds")
    os.makedirs(args.out, exist_ok=True)
    start = time.time()
    todo = programs(args)
    if not todo:
        p.error("no program: no *.mlir in --kernels, no verified repair in --loom, no seed")
    sets = collections.defaultdict(list)
    bad = []
    times = collections.Counter()
    for n, (group, name, program, extra) in enumerate(todo):
        if sys.stderr.isatty():
            print(f"\r[{n + 1}/{len(todo)}] {group} {name}\033[K", end="", file=sys.stderr)
        report = os.path.join(args.out, f"{group}-{name}.json")
        t0 = time.time()
        rc, text = mutate(args.sim, program, report, args.j, extra)
        times[group] += time.time() - t0
        if rc == 2 or not os.path.exists(report):
            bad.append(f"{group} {name}: refused: " + text.strip().splitlines()[-1])
            continue
        j = json.load(open(report))
        sets[group].append(j)
        for m in j["mutants"]:
            if m["class"] in ("wrong_uncaught", "error") or m.get("false_finding"):
                bad.append(f"{group} {name}: {m['class']}{' (false finding)' if m.get('false_finding') else ''}"
                           f" {m['function']} {m['operator']}:{m['site']}: {m['change']}"
                           f"\n    {m.get('difference') or m.get('finding') or m.get('why', '')}")
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr)
    for group, reports in sets.items():
        print(f"## {group}: {len(reports)} program(s), {times[group]:.0f} s\n")
        print(table(reports) + "\n")
    if len(sets) > 1:
        print(f"## all: {sum(len(r) for r in sets.values())} program(s)\n")
        print(table([j for r in sets.values() for j in r]) + "\n")
    for b in bad:
        print("defect: " + b)
    print(f"{len(todo)} program(s), {len(bad)} defect(s), {time.time() - start:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
