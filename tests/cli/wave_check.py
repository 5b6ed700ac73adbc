#!/usr/bin/env python3
"""wave_check.py VCD OTHER_VCD [GTKW]: the two VCD texts hold the same signals (by their
hierarchical path) with the same changes; with GTKW, every signal that save file shows
is one the trace declares, under the name GTKWave gives it (a vector's range appended:
"a.b.data[31:0]"). Values compare canonically: vectors without leading zeros, reals as
numbers, a repeated value is no change. Exit 1 with what differs."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from vcd_waves import waveforms  # noqa: E402


def main():
    a, _ = waveforms(open(sys.argv[1]).read())
    b, shown = waveforms(open(sys.argv[2]).read())
    bad = [p for p in a if p not in b] + [p for p in a if p in b and a[p] != b[p]]
    if len(a) != len(b):
        bad.append(f"{len(a)} signals vs {len(b)}")
    if bad:
        print("waveforms differ:", *bad[:10], sep="\n  ")
        return 1
    if len(sys.argv) > 3:
        missing = []
        for line in open(sys.argv[3]):
            line = line.rstrip("\n")
            if not line or line[0] in "[*@-":
                continue
            name = line.split("} ", 1)[1] if line.startswith("+{") else line
            if name not in shown:
                missing.append(name)
        if missing:
            print("the view shows signals the trace does not have:", *missing[:10], sep="\n  ")
            return 1
    print(f"{len(a)} signals, the same waveforms")
    return 0


sys.exit(main())
