#!/usr/bin/env bash
# causes_cli.sh LOOM-SIM ROOT
# `run` prints findings grouped by cause (docs/design.md "Causes and consequences") on
# kernels/gcd.mlir with the memory control on raw will_continue (--inject mem-ctrl-raw):
# the injection moves six inputs (two loads' and one store's carry, and their splits), so
# six static causes. Checked: the summary line's counts; --brief keeps each cause and
# its count but no line per finding; the default shows one line per finding; --expand
# each whole block; the report's `causes` partition its `findings` (every index once).
set -uo pipefail
sim=$1 root=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*" >&2; echo "--- $last" >&2; cut -c1-200 "$dir/$last" >&2; exit 1; }
run() { # NAME ARGS...
  last=$1
  shift
  (cd "$root" && "$sim" run kernels/gcd.mlir --inject mem-ctrl-raw "$@") >/dev/null 2>"$dir/$last"
  [ $? -eq 1 ] || fail "$last: exit code, expected 1"
}
headline="            kernels/gcd.mlir:24:10: 1 token(s) latched in handshake.load 'gcd_array/for0.guard/for0/load.xs' input 'ctrl' after the call [@gcd_array, call 1, quiescence]"
block="  source    memref.load at kernels/gcd.mlir:24:10"

run lines --report "$dir/r.json"
grep -qF "FAILED (13 finding(s), 6 root causes)" "$dir/lines" || fail "no summary with 13 findings and 6 causes"
[ "$(grep -c ' \[@gcd_array, static\]$' "$dir/lines")" -eq 6 ] || fail "not 6 static causes"
grep -qxF "$headline" "$dir/lines" || fail "no line for the latched ctrl token"
grep -qF "$block" "$dir/lines" && fail "a folded finding printed whole without --expand"

run brief --brief
grep -qF "  explains  2 finding(s): 1 ledger, 1 deadlock" "$dir/brief" || fail "no count"
grep -qF "latched in handshake.load" "$dir/brief" && fail "--brief lists the findings"

run expand --expand
grep -qF "$block" "$dir/expand" || fail "--expand does not print the whole block"

last=r.json
python3 - "$dir/r.json" <<'PY' || fail "the report's causes do not partition its findings"
import json, sys
r = json.load(open(sys.argv[1]))
seen = []
for c in r["causes"]:
    seen += [c["finding"]] + c["repeats"] + c["explains"]
    assert sum(c["explained_by_check"].values()) == len(c["explains"])
assert sorted(seen) == list(range(len(r["findings"]))), (sorted(seen), len(r["findings"]))
assert len(r["causes"]) == 6 and all(r["findings"][c["finding"]]["check"] == "static" for c in r["causes"])
PY
echo "causes: 13 findings from 6 causes, in every detail and in the report"
