#!/usr/bin/env python3
"""full_cycles.py SIM ROOT: the graph's "full N cycle(s)" per channel (`run --dot`,
present/run_graph.h) against the run's VCD, read by tests/vcd_waves.py: a channel is full
in the cycles its `ready` is 0, so every count the graph gives is the number of cycles
some channel's ready signal was 0 over the run, and the counts agree as multisets.
Also: the ops and channels of the loop's critical recurrence are drawn purple, and the
recurrence the report names is all of them (tests/analysis/inputs/skew.mlir: carry,
split, addi, and the channels between them back into the carry)."""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from vcd_waves import read_vcd  # noqa: E402


def main(sim, root):
    prog = os.path.join(root, "tests", "analysis", "inputs", "skew.mlir")
    with tempfile.TemporaryDirectory() as d:
        vcd, dot, rep = (os.path.join(d, n) for n in ("v.vcd", "g.dot", "r.json"))
        run = subprocess.run([sim, "run", prog, "--vcd", vcd, "--dot", dot, "--report", rep],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("FAIL: the run: " + run.stderr[-400:])
        text = open(vcd).read()
        graph = open(dot).read()
        report = json.load(open(rep))
    vars_, changes = read_vcd(text)
    end = max(t for ch in changes.values() for t, _ in ch)
    zero = []
    for code, names in vars_.items():
        if not names[0][0].endswith(".ready"):
            continue
        cycles, low_since = 0, None
        for t, v in changes.get(code, []):
            if v == "0" and low_since is None:
                low_since = t
            elif v == "1" and low_since is not None:
                cycles += t - low_since
                low_since = None
        if low_since is not None:
            cycles += end - low_since
        zero.append(cycles)  # one code per channel, however many scopes show it
    shown = [int(n) for n in re.findall(r"\\nfull (\d+) cycle\(s\)", graph)]
    if not shown:
        sys.exit("FAIL: the graph gives no channel's full cycles")
    want = sorted(x for x in zero if x)
    got = sorted(x for x in shown if x)
    if got != want:
        sys.exit("FAIL: full cycles: graph %s, VCD %s" % (got, want))
    purple = re.findall(r'(\w+) \[label="([^"]*)"[^\n]*#7b1fa2', graph)
    ops = sorted(label.split("\\n")[1] for _, label in purple)
    loop = report["calls"][0]["loops"][0]["bottleneck"]
    named = sorted(s["op"].split("/")[-1] for s in loop["cycle"])
    if ops != named or ops != ["addi.s", "for0.carry.acc", "for0.split.acc"]:
        sys.exit("FAIL: purple ops %s, the report's recurrence %s" % (ops, named))
    edges = re.findall(r"(\w+) -> (\w+) \[[^\n]*#7b1fa2", graph)
    if len(edges) != 3:
        sys.exit("FAIL: %d purple channels, not the 3 of carry -> split -> addi -> carry" % len(edges))
    print("full_cycles: %d channel(s) full in some cycle, as the VCD's ready says; "
          "the recurrence drawn" % len(got))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
