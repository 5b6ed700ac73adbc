#!/usr/bin/env python3
"""Every injection on every shipped kernel names its own mistake first and alone, proven
by a rerun where the rule has a repair.

usage: injection_mistakes.py LOOM_SIM KERNELS_DIR WORK_DIR OPEN_LIST [JOBS]

For each kernel of KERNELS_DIR and each `--inject` name, runs
`loom-sim run K --inject X --report R` (the network in loom-sim's form, its own lowering);
where the run has findings, its report's first mistake must be the rule the injection
breaks (hand-derived from what each injection changes in the lowering, below), it must
be the only mistake, and its attribution must be proven where the rule has a repair.
OPEN_LIST names the runs known not to hold yet: each must
still fail, so that a fix shows as an unexpected pass and its line is removed.
An injection is refused (exit 2, saying what it needs) or changes the network: one that
leaves a kernel's findings empty must change its lowered text, and is counted, not
failed (it changed nothing that kernel's checks can see). Prints the
counts; exit 0 if all is well.
"""
import concurrent.futures
import json
import os
import subprocess
import sys

# What each injection breaks (lowering/lowerer.cpp, dfg/rules.h): body-ctrl-raw takes a
# loop body's control invariant off after_cond; mem-ctrl-raw the memory-control carry and
# its done split; invariant-raw a value invariant; iter-carry-gated puts an iter_arg
# carry and its split on after_cond; no-zero-trip-guard drops the guard; no-branch-gate
# feeds a branch's outside values to its mux unsplit; no-mem-order gives every access of
# a group the entry token.
#
# no-zero-trip-guard writes the spec's literal lowering, which on an scf.while breaks a
# second rule: its lower_while seeds the after region's control invariant with the before
# region's control, N + 1 tokens per activation where it takes one (L203, at that
# invariant's input 'a'; a while's missing guard shows once that is repaired). A kernel
# whose loops are all scf.for has L106 alone; one with an scf.while has L203 at the
# while's after-region control, with L106 beside it where an scf.for runs zero times.
EXPECTED_ALSO = {"no-zero-trip-guard": ("L203", "while", ".after/inv.ctrl")}
EXPECTED = {
    "body-ctrl-raw": "L101",
    "mem-ctrl-raw": "L103",
    "invariant-raw": "L102",
    "iter-carry-gated": "L105",
    "no-zero-trip-guard": "L106",
    "no-branch-gate": "L202",
    "no-mem-order": "L303",
}
REPAIRABLE = {"L101", "L102", "L103", "L105", "L202", "L203"}


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stderr


def lowered(sim, kernel, work, inject=None):
    """The kernel's network as `lower` prints it, with the injection if one is given."""
    out = os.path.join(work, "%s.%s.dfg.mlir" % (os.path.basename(kernel)[:-5], inject or "base"))
    run([sim, "lower", kernel, "-o", out] + (["--inject", inject] if inject else []))
    try:
        return open(out).read()
    except OSError:
        return None


def one(sim, kernel, inject, work):
    name = "%s.%s" % (os.path.basename(kernel)[:-5], inject)
    report = os.path.join(work, name + ".json")
    rc, err = run([sim, "run", kernel, "--inject", inject, "--report", report])
    if rc == 2:
        # Refused: it must say what it needs and the kernel lacks.
        if ("--inject %s changes nothing in" % inject) not in err or "it needs" not in err:
            return name, "fail", "refused without its reason: %s" % err[-300:]
        return name, "refused", err.strip().splitlines()[-1]
    try:
        r = json.load(open(report))
    except (OSError, ValueError):
        return name, "fail", "no report (exit %d): %s" % (rc, err[-300:])
    if not r["findings"]:
        # Every injection changes the network or is refused: this one changed it in a
        # way no check of this kernel's run sees (a shipped kernel has no finding of its
        # own, so a run with findings changed it).
        base, injected = lowered(sim, kernel, work), lowered(sim, kernel, work, inject)
        if base is None or injected is None or base == injected:
            return name, "fail", "the network is unchanged, and the injection was not refused"
        return name, "no effect", ""
    codes = [m["code"] for m in r["mistakes"]]
    want = EXPECTED[inject]
    also = EXPECTED_ALSO.get(inject)
    if also and also[0] in codes:
        # The literal while's seed: every instance at a while's after-region control.
        for i in r["mistakes"][codes.index(also[0])]["instances"]:
            if also[1] not in i["op"] or not i["op"].endswith(also[2]):
                return name, "fail", "%s at %s, not a while's after-region control" % (
                    also[0], i["op"])
        if sorted(codes) not in ([also[0]], sorted([also[0], want])):
            return name, "fail", "mistakes %s, expected %s, with or without %s" % (
                codes, also[0], want)
    elif codes != [want]:
        return name, "fail", "mistakes %s, expected [%s] alone" % (codes, want)
    for m in r["mistakes"]:
        if m["code"] in REPAIRABLE and m["attribution"] != "proven":
            return name, "fail", "%s is %s: %s" % (m["code"], m["attribution"], m.get("proof", ""))
    return name, "ok", ""


def main():
    sim, kernels, work, open_list = sys.argv[1:5]
    jobs = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    known = {l.strip() for l in open(open_list) if l.strip() and not l.startswith("#")}
    os.makedirs(work, exist_ok=True)
    files = sorted(os.path.join(kernels, f) for f in os.listdir(kernels) if f.endswith(".mlir"))
    tasks = [(k, i) for k in files for i in EXPECTED]
    counts, failures = {}, []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for name, verdict, why in pool.map(lambda t: one(sim, t[0], t[1], work), tasks):
            if name in known:
                verdict = "known open" if verdict == "fail" else "unexpected pass"
                if verdict == "unexpected pass":
                    failures.append("%s: now holds; remove it from %s" % (name, open_list))
            elif verdict == "fail":
                failures.append("%s: %s" % (name, why))
            counts[verdict] = counts.get(verdict, 0) + 1
    for f in failures:
        print("FAIL", f)
    print("%d runs: %s" % (len(tasks), ", ".join("%d %s" % (n, v) for v, n in sorted(counts.items()))))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
