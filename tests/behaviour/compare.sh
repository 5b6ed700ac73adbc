#!/usr/bin/env bash
# compare.sh LOOM_SIM SNAPSHOT: runs scripts/behaviour-snapshot.sh and compares it with
# SNAPSHOT entry by entry. Each entry is one output of one kernel (the lowered DFG, or the
# program's stdout and exit code, token log or --stats on one engine); every entry that
# changed, disappeared or appeared is named with the command that makes it, so the change
# can be looked at, not only seen as a different hash.
set -uo pipefail
sim=$1 snapshot=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
now=$(mktemp)
trap 'rm -f "$now"' EXIT
bash "$root/scripts/behaviour-snapshot.sh" "$sim" >"$now" || { echo "behaviour-snapshot.sh failed" >&2; exit 1; }
python3 - "$snapshot" "$now" <<'PY'
import sys

def entries(path):
    out = {}
    for line in open(path):
        digest, _, key = line.rstrip("\n").partition("  ")
        out[key] = digest
    return out

def command(key):
    words = key.split()
    kernel, what = words[0], words[1:]
    k = f"kernels/{kernel}.mlir"
    if what == ["lower"]:
        return f"loom-sim lower {k} -o DFG"
    engine, output = what[0], what[1]
    flag = {"stdout": "> OUT", "tokens": "--tokens OUT", "stats": "--stats OUT"}[output]
    return f"loom-sim run {k} --engine {engine} {flag}"

want, got = entries(sys.argv[1]), entries(sys.argv[2])
# stdout entries carry the exit code in their key: match them by kernel and engine.
def base(key):
    return key.split(" exit=")[0]
want_b = {base(k): (k, v) for k, v in want.items()}
got_b = {base(k): (k, v) for k, v in got.items()}
changed = 0
for b in sorted(set(want_b) | set(got_b)):
    if b not in got_b:
        print(f"gone:    {want_b[b][0]}")
    elif b not in want_b:
        print(f"new:     {got_b[b][0]}   ({command(b)})")
    elif want_b[b] != got_b[b]:
        (wk, wv), (gk, gv) = want_b[b], got_b[b]
        what = "exit code " + wk.split("exit=")[1] + " -> " + gk.split("exit=")[1] if wk != gk else "content"
        print(f"changed: {b} ({what})   ({command(b)})")
    else:
        continue
    changed += 1
total = len(want_b)
if changed:
    print(f"behaviour.snapshot: {changed} of {total} output(s) differ from {sys.argv[1]}")
    sys.exit(1)
print(f"behaviour.snapshot: all {total} output(s) of every kernel as recorded")
PY
