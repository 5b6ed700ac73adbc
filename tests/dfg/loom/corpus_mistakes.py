#!/usr/bin/env python3
"""The mistakes of LOOM's dotprod and vecsum, proven by reruns.

usage: corpus_mistakes.py LOOM_SIM CORPUS WORK_DIR

dotprod (legacy_gen_dotprod.mlir): two loops, each guarded by `N == 0` (%5), whose
memory control is `dataflow.carry %willContinue, ...` with the done split
`cond_br %willContinue, ...`: N + 1 ctrl tokens for N accesses, the rule of
spec-dataflow-memory "scf.for in Memory Control" (L103), 8 inputs (4 carries, 4 splits);
and the guard gives each stream its step alone, while start, bound, the sum's carry's
initial value and the result's mux input are made every call: values that enter the
guarded region without its cond_br (L202), 6 inputs. The path-based grouping puts the
deadlock under the carry %11's `a` (its wait-for chain passes it last); the reruns show
that repairing the memory control alone removes the deadlock and the 8 static findings,
and the L202 repairs alone remove their own 6 findings and not the deadlock.
vecsum: the same two mistakes (2 + 4 inputs), the deadlock again the memory control's.
"""
import json
import os
import subprocess
import sys


def mistakes(sim, corpus, name, work):
    report = os.path.join(work, name + ".json")
    p = subprocess.run([sim, "run", os.path.join(corpus, "legacy_gen_%s.mlir" % name), "--report",
                        report, "-j", "2"], capture_output=True, text=True, timeout=300)
    r = json.load(open(report))
    return r, p.stderr


def main():
    sim, corpus, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    bad = []
    for name, mem_instances, split_instances in [("dotprod", 8, 6), ("vecsum", 2, 4)]:
        r, err = mistakes(sim, corpus, name, work)
        codes = [(m["code"], len(m["instances"]), m["attribution"]) for m in r["mistakes"]]
        want = [("L103", mem_instances, "proven"), ("L202", split_instances, "proven")]
        if codes != want:
            bad.append("%s: mistakes %s, expected %s" % (name, codes, want))
            continue
        deadlock = [i for i, f in enumerate(r["findings"]) if f["check"] == "deadlock"]
        mem, split = r["mistakes"]
        if len(deadlock) != 1 or deadlock[0] not in mem["explains"]:
            bad.append("%s: the deadlock %s is not explained by L103 %s" % (name, deadlock,
                                                                          mem["explains"]))
        if deadlock and deadlock[0] in split["explains"]:
            bad.append("%s: L202's repairs alone remove the deadlock" % name)
        if r["unexplained"] or len(mem["explains"]) + len(split["explains"]) != len(r["findings"]):
            bad.append("%s: findings left over: unexplained %s" % (name, r["unexplained"]))
        if "2 lowering mistakes explain" not in err:
            bad.append("%s: stderr does not lead with the mistakes" % name)
        print("%s: %s, deadlock finding %s explained by L103" % (name, codes, deadlock))
    for b in bad:
        print("FAIL", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
