#!/usr/bin/env python3
"""parallel_vs_for.py LOOM_SIM [KERNEL.mlir ...]: each scf.parallel kernel's cycles against
the same program with every scf.parallel written as scf.for (default: kernels/par_*.mlir).

The scf.for version is what MLIR's own lowering of scf.parallel makes (convert-scf-to-cf
runs the iterations that way): one scf.for per induction variable, the first outermost,
each result an iter_arg seeded with the init, and the scf.reduce regions inlined at the
end of the innermost body as `reduce(result so far, value)`. Both versions must print
the same output (checked); then one line per accelerated call: kernel, function,
invocation, cycles as scf.parallel, cycles as scf.for, and the speed-up, and the achieved
II of each parallel loop (the report's `ii`, docs/counters.md). Exit 1 if a run fails or
the outputs differ.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HEAD = re.compile(
    r"(?P<res>%[\w.$-]+(?::\d+)? = )?scf\.parallel \((?P<ivs>[^)]*)\) = \((?P<lbs>[^)]*)\)"
    r"\s+to \((?P<ubs>[^)]*)\)\s+step \((?P<steps>[^)]*)\)"
    r"(?:\s+init \((?P<inits>[^)]*)\)\s+-> (?P<types>\([^)]*\)|[^{]+?))? \{")


def split(s):
    return [x.strip() for x in s.split(",") if x.strip()]


def closing(text, open_at):
    """Index of the brace matching the one at open_at."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced braces")


def rewrite_one(text, m, uid):
    """The scf.parallel matched by m as an scf.for nest."""
    body_open = m.end() - 1
    body_close = closing(text, body_open)
    body = text[body_open + 1:body_close]
    ivs, lbs, ubs, steps = (split(m.group(g)) for g in ("ivs", "lbs", "ubs", "steps"))
    inits = split(m.group("inits") or "")
    types = split((m.group("types") or "").strip().strip("()"))
    # The scf.reduce terminator: the last one at the body's own level.
    # (none written when the loop has no results: MLIR adds an empty one)
    tops = [r.start() for r in re.finditer(r"scf\.reduce(?![.\w])", body)
            if body[:r.start()].count("{") == body[:r.start()].count("}")]
    red_at = tops[-1] if tops else len(body)
    ops, red = body[:red_at], body[red_at:]
    vals, regions = [], []
    rm = re.match(r"scf\.reduce\(([^:]*):[^)]*\)", red)
    if rm:
        vals = split(rm.group(1))
        pos = red.find("{")
        while pos != -1:
            end = closing(red, pos)
            regions.append(red[pos + 1:end])
            pos = red.find("{", end)
    accs = ["%%acc%d_%d_%d" % (uid, k, j) for k in range(len(ivs)) for j in range(len(inits))]
    acc = lambda k, j: accs[k * len(inits) + j]
    lines = []
    for k in range(len(ivs)):
        res = "%%for%d_%d" % (uid, k)
        head = ("%s:%d = " % (res, len(inits)) if len(inits) > 1 else res + " = ") if inits else ""
        if k == 0 and inits:
            head = m.group("res") or head
        seeds = inits if k == 0 else [acc(k - 1, j) for j in range(len(inits))]
        it = ""
        if inits:
            it = " iter_args(%s) -> (%s)" % (
                ", ".join("%s = %s" % (acc(k, j), seeds[j]) for j in range(len(inits))),
                ", ".join(types))
        lines.append("%sscf.for %s = %s to %s step %s%s {" % (head, ivs[k], lbs[k], ubs[k], steps[k], it))
    new_vals = []
    inner = len(ivs) - 1
    for j, region in enumerate(regions):
        hm = re.search(r"\^bb0\((%[\w.$-]+)\s*:[^,]*,\s*(%[\w.$-]+)\s*:[^)]*\):", region)
        lhs, rhs = hm.group(1), hm.group(2)
        code = region[hm.end():]
        ret = re.search(r"scf\.reduce\.return (%[\w.$-]+)", code)
        code = code[:ret.start()]
        # Region-local names get a suffix of their own: several regions meet in one block.
        local = set(re.findall(r"(%[\w.$-]+)(?::\d+)? =", code))
        def rename(s):
            s = re.sub(r"%[\w.$-]+", lambda x: x.group(0) + "_r%d_%d" % (uid, j) if x.group(0) in local else x.group(0), s)
            s = re.sub(re.escape(lhs) + r"\b", acc(inner, j), s)
            return re.sub(re.escape(rhs) + r"\b", vals[j], s)
        ops += rename(code)
        new_vals.append(rename(ret.group(1)))
    out = "\n".join(lines) + ops
    if inits:
        out += "scf.yield %s : %s\n" % (", ".join(new_vals), ", ".join(types))
    for k in range(len(ivs) - 1, -1, -1):
        if k < len(ivs) - 1 and inits:
            res = "%%for%d_%d" % (uid, k + 1)
            outs = [res] if len(inits) == 1 else ["%s#%d" % (res, j) for j in range(len(inits))]
            out += "scf.yield %s : %s\n" % (", ".join(outs), ", ".join(types))
        out += "}\n"
    return text[:m.start()] + out + text[body_close + 1:]


def to_for(text):
    uid = 0
    while True:
        ms = list(HEAD.finditer(text))
        if not ms:
            return text
        text = rewrite_one(text, ms[-1], uid)  # the last one: innermost or a later sibling
        uid += 1


def run(sim, path, report):
    p = subprocess.run([sim, "run", path, "--report", report], capture_output=True, text=True)
    return p.returncode, re.sub(r"base@ = 0x[0-9a-f]+", "base@", p.stdout), p.stderr


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sim = sys.argv[1]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = sys.argv[2:] or sorted(
        os.path.join(root, "kernels", f) for f in os.listdir(os.path.join(root, "kernels"))
        if f.startswith("par_") and f.endswith(".mlir"))
    status = 0
    print("%-16s %-18s %4s %10s %10s %8s  %s" % ("kernel", "function", "call", "parallel", "for",
                                                  "speed-up", "II of the parallel loops"))
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            name = os.path.basename(path)[:-5]
            src = open(path).read()
            fpath = os.path.join(tmp, name + "_for.mlir")
            open(fpath, "w").write(to_for(src))
            rp, op, ep = run(sim, path, os.path.join(tmp, "p.json"))
            rf, of, ef = run(sim, fpath, os.path.join(tmp, "f.json"))
            if rp or rf or op != of:
                print("%s: FAILED (exit %d and %d%s)\n%s%s" % (name, rp, rf,
                      "" if op == of else ", outputs differ", ep, ef))
                status = 1
                continue
            pj = json.load(open(os.path.join(tmp, "p.json")))
            fj = json.load(open(os.path.join(tmp, "f.json")))
            for c, d in zip(pj["calls"], fj["calls"]):
                iis = ["%.2f" % l["ii"] if l["ii"] is not None else "-"
                       for l in c["loops"] if l["kind"] == "scf.parallel"]
                print("%-16s %-18s %4d %10d %10d %7.2fx  %s" % (
                    name, c["function"], c["invocation"], c["cycles"], d["cycles"],
                    d["cycles"] / c["cycles"], " ".join(iis)))
    return status


if __name__ == "__main__":
    sys.exit(main())
