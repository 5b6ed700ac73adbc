#!/usr/bin/env python3
"""loom-corpus-table.py LOOM-SIM CORPUS [--write DOC | --check DOC]

The table of docs/loom-corpus.md, from the tool itself: for each application LOOM
compiled (CORPUS/legacy_gen_*.mlir), what `loom-sim run` does with it.

  read      `verify` reads and verifies every handshake.func (yes / the error)
  ran       `run`: passed, the check that stopped a call (deadlock, op-error), or
            refused (exit 2: the network cannot be built)
  printed   the program's own last line under `run --no-accel` (the CPU version
            answering each call), then under `run`, when it gets that far
  cycles    the accelerated calls' cycles (docs/counters.md)
  loops bound  the network's streams bound to the CPU version's loops, of all (the
            ledger counts the channels of bound loops; docs/loom.md "Against a CPU
            version as LOOM prints it")
  causes    how many root causes the findings have (docs/design.md "Causes and
            consequences")
  mistakes  the lowering rules broken (docs/design.md "Mistakes"): each code with its
            instances, the one that explains most first
  proven    of the mistakes, how many a rerun with only their repairs proved; and the
            findings no mistake explains
  repaired  what `run --try-fix` does: the rewirings applied, then verified or the
            findings that remain with the rules they break (what a repair would still
            need; "no rule" for a finding no lowering rule names), and the rerun
            program's last line

Without --write or --check the table goes to stdout. --write replaces the lines
between the markers `<!-- corpus-table: begin -->` and `<!-- corpus-table: end -->`
in DOC; --check compares them with a fresh table and exits 1 (with a diff) when they
differ, so the published table is the tool's output of today (a program the corpus
holds and the doc does not list is printed, not compared).
"""
import difflib
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

BEGIN, END = "<!-- corpus-table: begin -->", "<!-- corpus-table: end -->"


def run(cmd, timeout=600):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else ""


def cell(text):
    return text.replace("|", "\\|")


def mistakes_cell(j):
    return ", ".join("%s x%d" % (m["code"], len(m["instances"])) for m in j.get("mistakes", []))


def proven_cell(j):
    ms = j.get("mistakes", [])
    if not ms:
        return ""
    text = "%d of %d" % (sum(m["attribution"] == "proven" for m in ms), len(ms))
    if j.get("unexplained"):
        text += "; %d unexplained" % len(j["unexplained"])
    return text


def remaining_cell(fix):
    """The rules the rerun's findings break, most first: what a repair would still need."""
    counts = {}
    for code in fix.get("remaining_rules", []):
        counts[code or "no rule"] = counts.get(code or "no rule", 0) + 1
    if not counts:
        return ""
    order = sorted(counts, key=lambda c: (c == "no rule", -counts[c], c))
    return " (" + ", ".join("%s x%d" % (c, counts[c]) for c in order) + ")"


def row(sim, path):
    name = os.path.basename(path)[len("legacy_gen_"):-len(".mlir")]
    rc, _, err = run([sim, "verify", path])
    read = "yes" if rc in (0, 1) else "no: " + last_line(err).split("error: ", 1)[-1][:80]
    rc0, out0, _ = run([sim, "run", "--no-accel", path])
    printed = last_line(out0) if rc0 == 0 else "exit %d" % rc0
    with tempfile.TemporaryDirectory() as d:
        report = os.path.join(d, "r.json")
        rc, out, err = run([sim, "-v", "run", path, "--try-fix", "--report", report])
        if rc == 2 or not os.path.exists(report):
            why = last_line(err).split("error: ", 1)[-1]  # the message, not the path
            return [name, read, "refused: " + cell(why[:90]), cell(printed), "", "", "", "", "",
                    ""]
        j = json.load(open(report))
    findings = j["findings"]
    stopped = [f["check"] for f in findings if f["check"] in ("deadlock", "op-error", "cycle-cap")]
    ran = "passed" if j["passed"] else (stopped[0] if stopped else "failed")
    if ran == "passed" and last_line(out) != printed:
        printed += " / " + last_line(out)
    cycles = "{:,}".format(sum(c["cycles"] for c in j["calls"]))
    # The first run's rate inference (-v): loops bound to the CPU version's, of all.
    bound = re.search(r"\] @[^:]+: rates inferred for \d+ of \d+ channel\(s\); (\d+) of (\d+) loop", err)
    loops = "%s of %s" % bound.groups() if bound else "?"
    causes = str(len(j.get("causes", [])))
    fix = j.get("try_fix", {})
    if not fix.get("rerun"):
        tried = "no rewiring"
    else:
        tried = "%d rewiring(s): " % len(fix["applied"])
        if fix.get("verified"):
            tried += "verified"
        else:
            tried += "%d finding(s) remain" % fix.get("findings", 0) + remaining_cell(fix)
        if fix.get("printed"):
            tried += "; prints '%s'" % cell(fix["printed"])
    return [name, read, ran, cell(printed), cycles, loops, causes, mistakes_cell(j), proven_cell(j),
            tried]


def table(sim, corpus):
    rows = [row(sim, p) for p in sorted(glob.glob(os.path.join(corpus, "legacy_gen_*.mlir")))]
    head = ["program", "read", "ran", "printed", "cycles", "loops bound", "root causes", "mistakes",
            "proven", "repaired (try-fix)"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return lines


def main():
    args = sys.argv[1:]
    if len(args) not in (2, 4) or (len(args) == 4 and args[2] not in ("--write", "--check")):
        sys.exit(__doc__)
    sim, corpus = args[0], args[1]
    if not glob.glob(os.path.join(corpus, "legacy_gen_*.mlir")):
        sys.exit("loom-corpus-table: no legacy_gen_*.mlir in " + corpus)
    lines = table(sim, corpus)
    if len(args) == 2:
        print("\n".join(lines))
        return
    doc = args[3]
    text = open(doc).read().split("\n")
    try:
        b, e = text.index(BEGIN), text.index(END)
    except ValueError:
        sys.exit("loom-corpus-table: %s has no %s ... %s markers" % (doc, BEGIN, END))
    if args[2] == "--write":
        open(doc, "w").write("\n".join(text[: b + 1] + lines + text[e:]))
        return
    shown = text[b + 1 : e]
    # Programs of the corpus the doc does not list (files added to the folder later)
    # are reported, not compared: the doc pins the ones it shows.
    name = lambda line: line.split(" | ")[0].lstrip("| ")
    listed = {name(l) for l in shown[2:]}
    for l in lines[2:]:
        if name(l) not in listed:
            print("loom-corpus-table: %s is not in %s:\n%s" % (name(l), doc, l))
    lines = lines[:2] + [l for l in lines[2:] if name(l) in listed]
    if shown != lines:
        sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(shown, lines, doc, "loom-sim now", lineterm=""))
        sys.exit(1)
    print("loom-corpus-table: %s matches the tool (%d programs)" % (doc, len(lines) - 2))


if __name__ == "__main__":
    main()
