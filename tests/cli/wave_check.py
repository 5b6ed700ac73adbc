#!/usr/bin/env python3
"""wave_check.py VCD OTHER_VCD [GTKW]: the two VCD texts hold the same signals (by their
hierarchical path) with the same changes; with GTKW, every signal that save file shows
is one the trace declares, under the name GTKWave gives it (a vector's range appended:
"a.b.data[31:0]"). Values compare canonically: vectors without leading zeros, reals as
numbers, a repeated value is no change. Exit 1 with what differs."""
import sys


def read_vcd(text):
    scopes, vars_, changes, time = [], {}, {}, 0
    words = text.split()
    i = 0
    while i < len(words):
        w = words[i]
        if w == "$scope":
            scopes.append(words[i + 2])
            i = words.index("$end", i) + 1
        elif w == "$upscope":
            scopes.pop()
            i = words.index("$end", i) + 1
        elif w == "$var":
            end = words.index("$end", i)
            body = words[i + 1:end]
            width, code, name = int(body[1]), body[2], body[3]
            shown = name + (body[4] if len(body) > 4 and body[4].startswith("[") else "")
            vars_.setdefault(code, []).append((".".join(scopes + [name]), ".".join(scopes + [shown])))
            i = end + 1
        elif w in ("$dumpvars", "$end"):
            i += 1
        elif w.startswith("$"):
            i = words.index("$end", i) + 1
        elif w.startswith("#"):
            time = int(w[1:])
            i += 1
        elif w[0] in "bBrR":
            changes.setdefault(words[i + 1], []).append((time, canon(w)))
            i += 2
        else:
            changes.setdefault(w[1:], []).append((time, w[0]))
            i += 1
    waves, shown = {}, set()
    for code, names in vars_.items():
        wave = []
        for t, v in changes.get(code, []):
            if wave and wave[-1][0] == t:
                wave.pop()
            if wave and wave[-1][1] == v:
                continue
            wave.append((t, v))
        for path, display in names:
            waves[path] = wave
            shown.add(display)
    return waves, shown


def canon(v):
    if v[0] in "rR":
        return "r" + repr(float(v[1:]))
    bits = v[1:]
    if set(bits) == {"x"}:
        return "bx"
    return "b" + (bits.lstrip("0") or "0")


def main():
    a, _ = read_vcd(open(sys.argv[1]).read())
    b, shown = read_vcd(open(sys.argv[2]).read())
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
