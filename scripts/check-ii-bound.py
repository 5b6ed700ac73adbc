#!/usr/bin/env python3
"""check-ii-bound.py [--program FILE] REPORT.json...: the static II bound is a bound (docs/performance-analysis.md).

For every loop of every call of each `loom-sim run --report` file: its achieved II at the
critical carry (`ii_achieved`, and `ii_steady` without each activation's first lap) is not
below its static bound (`ii_bound`), and a loop whose
bound comes from a recurrence names it op by op with costs that add up to the bound (plus
the carry's NeedLoop cycle when the way round closes on its d).
With --program FILE, a program `loom-gen --shape recurrence` made (its header says
`// loom-gen: known II N of the loop at line L`): that loop's ii_bound and ii_steady
must both be exactly N, the optimum known by construction.
Prints one line per violation and a summary line; exit 0 when all hold, 1 otherwise,
2 for an unreadable report.
"""
import json
import re
import sys

KNOWN = re.compile(r"^// loom-gen: known II (\d+) of the loop at line (\d+)$", re.M)


def known_ii(program):
    """(N, L) from a --shape recurrence program's header."""
    try:
        with open(program) as f:
            m = KNOWN.search(f.read())
    except OSError as e:
        print("check-ii-bound: cannot read %s: %s" % (program, e), file=sys.stderr)
        sys.exit(2)
    if not m:
        print("check-ii-bound: %s has no 'loom-gen: known II' line" % program, file=sys.stderr)
        sys.exit(2)
    return int(m.group(1)), int(m.group(2))


def check_known(path, report, ii, line):
    """The loop at `line` reached the known II exactly, in every call."""
    bad, seen = [], 0
    for call in report.get("calls", []):
        for loop in call.get("loops", []):
            parts = loop["source"].rsplit(":", 2)
            if len(parts) < 3 or parts[1] != str(line):
                continue
            seen += 1
            for name in ("ii_bound", "ii_steady"):
                v = loop.get(name)
                if v is None or abs(v - ii) > 1e-9:
                    bad.append("%s: %s: %s is %s, the known II is %d"
                               % (path, loop["source"], name, v, ii))
    if not seen:
        bad.append("%s: no loop at line %d in the report" % (path, line))
    return bad


def check(path, known=None):
    """Yields (loops checked, violations) of one report."""
    try:
        with open(path) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print("check-ii-bound: cannot read %s: %s" % (path, e), file=sys.stderr)
        sys.exit(2)
    loops, bad = 0, []
    if known:
        bad += check_known(path, report, *known)
    for call in report.get("calls", []):
        for loop in call.get("loops", []):
            loops += 1
            where = "%s #%s %s" % (call.get("function"), call.get("invocation"), loop["source"])
            bound = loop["ii_bound"]
            for name in ("ii_achieved", "ii_steady"):
                v = loop.get(name)
                if v is not None and v < bound:
                    bad.append("%s: %s: %s %.3f below ii_bound %d" % (path, where, name, v, bound))
            neck = loop["bottleneck"]
            if neck["kind"] != "stream" and neck["closes_on"] != "none":
                # Closing on d, the carry's NeedLoop comes a cycle after its NeedCond.
                total = sum(step["cost"] for step in neck["cycle"])
                total += 1 if neck["closes_on"] == "d" else 0
                if max(2, total) != bound:
                    bad.append("%s: %s: the recurrence's costs add up to %d, ii_bound is %d"
                               % (path, where, total, bound))
    return loops, bad


def main(args):
    known = None
    if args[:1] == ["--program"] and len(args) >= 2:
        known = known_ii(args[1])
        args = args[2:]
    paths = args
    if not paths:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    loops, bad = 0, []
    for p in paths:
        n, b = check(p, known)
        loops += n
        bad += b
    for line in bad:
        print(line)
    print("check-ii-bound: %d report(s), %d loop(s), %d violation(s)" % (len(paths), loops, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
