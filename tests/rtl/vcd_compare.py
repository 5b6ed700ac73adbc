#!/usr/bin/env python3
"""vcd_compare.py: loom-sim's waveform (`run --vcd`) against the twin's (`run --engine
verilator --rtl-trace`), channel by channel and cycle by cycle (docs/rtl.md "Waveform").

Usage:
  vcd_compare.py check LOOM.vcd TWIN.vcd
      Every channel of the twin's top (a loom_fifo instance) against the channel of
      loom-sim's VCD it implements, in every cycle of the run: valid, ready, transfer
      (the consumer's pop: loom-sim's `transfer`, the FIFO's `pop`) and, in a cycle with
      a transfer, the token (loom-sim's `data`, the FIFO's `head`). A difference prints
      channel, cycle and both values; exit 1 if there is one, or if a channel of one
      file has no counterpart in the other.
  vcd_compare.py side-by-side LOOM.vcd TWIN.vcd CHANNEL... [--cycles N] [--from C]
      For N cycles (default 20) from cycle C (default 0), one line per cycle in which one
      of the named channels transfers a token: the tokens from each file in two columns.

A reader of its own (no VCD library): both files are read from their text. Times are
converted to the cycle axis by each file's $timescale: loom-sim's VCD has cycle c at c ns
(timescale 1ns), the twin's at c * 1000 ps (timescale 1ps, the falling clock at
c * 1000 + 500). A value at cycle c is the last change at or before that time.

Channels are matched by name: the twin's FIFO instance `a__b__op__port` (the DFG's
hierarchy below the function, '.' as '_', '__' between levels, then the producer's
output port) is loom-sim's scope <function>/a/b/op/port, under which loom-sim's VCD
lists the channel's signals at its producer (and again at its consumer: the same
variables, matched by identifier).
"""

import argparse
import bisect
import re
import struct
import sys

UNITS = {"s": 10**15, "ms": 10**12, "us": 10**9, "ns": 10**6, "ps": 10**3, "fs": 1}


class Vcd:
    """A VCD file: its variables by scope path, and each identifier's changes."""

    def __init__(self, path):
        self.vars = {}  # (scope tuple, name) -> (id, type, width)
        self.changes = {}  # id -> ([times in fs], [values])
        self.timescale_fs = None
        self.last_time = 0
        self.first_time = None
        scope = []
        with open(path) as f:
            text = f.read()
        header, sep, body = text.partition("$enddefinitions")
        if not sep:
            raise SystemExit(f"{path}: no $enddefinitions")
        toks = header.split()
        i = 0
        while i < len(toks):
            t = toks[i]
            if t == "$timescale":
                j = toks.index("$end", i)
                spec = "".join(toks[i + 1:j])
                num = "".join(ch for ch in spec if ch.isdigit())
                unit = spec[len(num):]
                self.timescale_fs = int(num or 1) * UNITS[unit]
                i = j
            elif t == "$scope":
                scope.append(toks[i + 2])
                i = toks.index("$end", i)
            elif t == "$upscope":
                scope.pop()
                i = toks.index("$end", i)
            elif t == "$var":
                j = toks.index("$end", i)
                vtype, width, ident, name = toks[i + 1], int(toks[i + 2]), toks[i + 3], toks[i + 4]
                self.vars[(tuple(scope), name)] = (ident, vtype, width)
                self.changes.setdefault(ident, ([], []))
                i = j
            elif t in ("$comment", "$version", "$date"):
                i = toks.index("$end", i)
            i += 1
        if self.timescale_fs is None:
            raise SystemExit(f"{path}: no $timescale")
        time = 0
        lines = body.split("\n")[1:]  # the rest of the $enddefinitions line
        for line in lines:
            line = line.strip()
            if not line or line.startswith("$"):
                continue
            c = line[0]
            if c == "#":
                time = int(line[1:]) * self.timescale_fs
                self.last_time = time
                if self.first_time is None:
                    self.first_time = time
                continue
            if c in "bBrR":
                value, ident = line[1:].split()
                if c in "rR":
                    value = float(value)
            else:
                value, ident = c, line[1:]
            if ident in self.changes:
                times, values = self.changes[ident]
                if times and times[-1] == time:
                    values[-1] = value
                else:
                    times.append(time)
                    values.append(value)

    def at(self, ident, time_fs):
        """The value of `ident` at a time (its last change at or before it), or None."""
        times, values = self.changes[ident]
        k = bisect.bisect_right(times, time_fs)
        return values[k - 1] if k else None


def as_int(v):
    """A VCD value as an integer, or None if it has x or z bits (or is no value)."""
    if v is None or isinstance(v, float):
        return v
    if any(ch in "xXzZ" for ch in v):
        return None
    return int(v, 2)


def loom_channels(vcd):
    """loom-sim's channels: scope path below the function -> {signal: (id, type, width)},
    the function's name first in each path."""
    scopes = {}
    for (scope, name), var in vcd.vars.items():
        if name in ("valid", "ready", "data", "transfer"):
            scopes.setdefault(scope, {})[name] = var
    return scopes


def twin_fifos(vcd):
    """The twin's FIFOs: (top module, instance) -> {signal: var}."""
    fifos = {}
    for (scope, name), var in vcd.vars.items():
        # TOP / loom_<function> / <instance>: a FIFO has push, pop, valid, ready.
        if len(scope) == 3 and name in ("push", "push_data", "pop", "valid", "ready", "head"):
            fifos.setdefault((scope[1], scope[2]), {})[name] = var
    return {k: v for k, v in fifos.items() if {"push", "pop", "valid", "ready"} <= v.keys()}


# SystemVerilog keywords the generator suffixes with "_op" (rtl/generate.cpp).
KEYWORDS = {"fork", "join", "return", "for", "while", "if", "case", "begin", "end", "final",
            "buf", "and", "or", "not", "xor", "xnor", "nand", "nor", "wait", "break",
            "continue", "default", "do", "else", "force", "release", "repeat", "unique",
            "int", "logic", "reg", "wire", "bit", "byte", "string", "table", "type", "var"}


def normal(parts, twin):
    """A channel's name with each side's own disambiguation taken off, for the names
    that differ: the twin's "_op" after a keyword and "ret_<port>" for a result to the
    host; loom-sim's "_2", "_3" after a name taken in its scope and "_out" after an
    output port named like an input."""
    parts = list(parts)
    if twin and len(parts) == 1 and parts[0].startswith("ret_"):
        parts = ["return", parts[0][len("ret_"):]]
    out = []
    for i, c in enumerate(parts):
        if twin and c.endswith("_op") and c[:-3] in KEYWORDS:
            c = c[:-3]
        if not twin:
            c = re.sub(r"_[0-9]+$", "", c)
            if i == len(parts) - 1 and c.endswith("_out"):
                c = c[:-4]
        out.append(c)
    return tuple(out)


def pair(loom, twin):
    """[(name, loom signals, twin signals)] for every twin FIFO; the unmatched on either
    side as messages. First by equal names, then, among the rest, by names without each
    side's disambiguating suffixes (normal), where that is unique on both sides."""
    scopes = loom_channels(loom)
    by_name = {}
    for scope, sigs in scopes.items():
        if len(scope) >= 2 and "valid" in sigs:
            by_name[(scope[0], tuple(scope[1:]))] = sigs
    fifos = {}
    for (top, inst), sigs in twin_fifos(twin).items():
        func = top[len("loom_"):] if top.startswith("loom_") else top
        fifos[(func, tuple(inst.split("__")))] = sigs
    pairs, problems, used = [], [], set()
    rest = []
    for key, sigs in sorted(fifos.items()):
        ls = by_name.get(key)
        if ls is None or ls["valid"][0] in used:
            rest.append(key)
            continue
        used.add(ls["valid"][0])
        pairs.append((key[0] + "/" + "__".join(key[1]), ls, sigs))
    # A loose name may be a channel's at its producer and another's at its consumer:
    # match the names with one candidate, take their channels out, repeat.
    loose = {}
    for (func, path), sigs in by_name.items():
        if sigs["valid"][0] not in used:
            loose.setdefault((func, normal(path, False)), set()).add(sigs["valid"][0])
    wanted = {}
    for key in rest:
        wanted.setdefault((key[0], normal(key[1], True)), []).append(key)
    progress = True
    while rest and progress:
        progress = False
        for key in list(rest):
            nk = (key[0], normal(key[1], True))
            ids = loose.get(nk, set()) - used
            if len(ids) == 1 and len(wanted[nk]) == 1:
                ident = next(iter(ids))
                ls = next(s for (f, p), s in by_name.items() if f == key[0] and s["valid"][0] == ident)
                used.add(ident)
                pairs.append((key[0] + "/" + "__".join(key[1]), ls, fifos[key]))
                rest.remove(key)
                progress = True
    for key in rest:
        ids = loose.get((key[0], normal(key[1], True)), set()) - used
        problems.append(f"twin channel {key[0]}/{'__'.join(key[1])}: "
                        + ("no" if not ids else "more than one") + " channel of that name in the loom-sim VCD")
    # Every channel of the traced functions must have a FIFO (its scopes at the
    # consumer share the producer's variables).
    funcs = {f for f, _ in fifos}
    missing = {}
    for (func, path), sigs in sorted(by_name.items()):
        if func in funcs and sigs["valid"][0] not in used:
            missing.setdefault(sigs["valid"][0], f"{func}/{'/'.join(path)}")
    for name in missing.values():
        problems.append(f"loom-sim channel at {name}: no FIFO in the twin")
    pairs.sort(key=lambda p: p[0])
    return pairs, problems


def twin_token(v, loom_type, width):
    n = as_int(v)
    if n is None or loom_type != "real":
        return n
    if width == 32:
        return struct.unpack("<f", struct.pack("<I", n))[0]
    return struct.unpack("<d", struct.pack("<Q", n))[0]


def cycles(loom, twin):
    """The cycles both files hold: loom-sim's VCD has the whole run (it ends with a time
    stamp at the run's last cycle + 1); a twin's file from its first call's first cycle
    to its last call's last (a run with several twins writes one file per twin)."""
    ns = 10**6
    if twin.first_time is None:
        return range(0)
    first = twin.first_time // ns
    return range(first, min(loom.last_time // ns, twin.last_time // ns + 1))


def check(loom, twin):
    pairs, problems = pair(loom, twin)
    for p in problems:
        print(p)
    span = cycles(loom, twin)
    ns_loom, ns_twin = 10**6, 10**6  # cycle c at c ns in both
    differences = 0
    for name, ls, ts in pairs:
        lv, lr, lt = ls["valid"][0], ls["ready"][0], ls["transfer"][0]
        ld = ls.get("data")
        tv, tr, tp, th = ts["valid"][0], ts["ready"][0], ts["pop"][0], ts.get("head")
        for c in span:
            a, b = c * ns_loom, c * ns_twin
            got = {
                "valid": (as_int(loom.at(lv, a)), as_int(twin.at(tv, b))),
                "ready": (as_int(loom.at(lr, a)), as_int(twin.at(tr, b))),
                "transfer": (as_int(loom.at(lt, a)), as_int(twin.at(tp, b))),
            }
            if got["transfer"][0] == 1 and ld and th:
                got["data"] = (as_int(loom.at(ld[0], a)), twin_token(twin.at(th[0], b), ld[1], th[2]))
            for sig, (x, y) in got.items():
                if x != y:
                    differences += 1
                    if differences <= 20:
                        print(f"{name}: cycle {c}: {sig}: loom-sim {x}, twin {y}")
    if differences > 20:
        print(f"... {differences} differences in all")
    ok = not problems and not differences and len(span) > 0
    print(f"{len(pairs)} channels, {len(span)} cycles: " + ("the two waveforms agree" if ok else "they differ"))
    return 0 if ok else 1


def side_by_side(loom, twin, names, first, count):
    pairs, _ = pair(loom, twin)
    chosen = []
    for want in names:
        hit = [p for p in pairs if p[0] == want or p[0].split("/", 1)[1] == want]
        if not hit:
            raise SystemExit(f"no channel {want} in both files")
        chosen.append(hit[0])
    w = max(len(p[0].split("/", 1)[1]) for p in chosen)
    print(f"{'cycle':>5}  {'channel':<{w}}  {'loom-sim --vcd':>14}  {'twin --rtl-trace':>16}")
    for c in range(first, first + count):
        t = c * 10**6
        for name, ls, ts in chosen:
            x = as_int(loom.at(ls["transfer"][0], t)) == 1
            y = as_int(twin.at(ts["pop"][0], t)) == 1
            if not (x or y):
                continue
            xv = as_int(loom.at(ls["data"][0], t)) if "data" in ls else "none"
            yv = twin_token(twin.at(ts["head"][0], t), ls["data"][1], ts["head"][2]) if "data" in ls else "none"
            print(f"{c:>5}  {name.split('/', 1)[1]:<{w}}  {str(xv) if x else '-':>14}  {str(yv) if y else '-':>16}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["check", "side-by-side"])
    ap.add_argument("loom")
    ap.add_argument("twin")
    ap.add_argument("channels", nargs="*")
    ap.add_argument("--cycles", type=int, default=20)
    ap.add_argument("--from", dest="first", type=int, default=0)
    a = ap.parse_args()
    loom, twin = Vcd(a.loom), Vcd(a.twin)
    if a.mode == "check":
        return check(loom, twin)
    return side_by_side(loom, twin, a.channels, a.first, a.cycles)


if __name__ == "__main__":
    sys.exit(main())
