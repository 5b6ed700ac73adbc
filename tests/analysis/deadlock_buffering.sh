#!/usr/bin/env bash
# deadlock_buffering.sh SIM ROOT [CORPUS]: after a deadlock, `run` says whether buffering
# fixes it (docs/performance-analysis.md "Deadlocks that buffering fixes").
#   twoloops with networks/twoloops-shared.dfg.mlir: the second loop's carry takes the
#     first loop's condition; derived by hand (the file's header): it deadlocks with 2
#     slots on that channel, runs with 5, not with 4. The verdict names exactly that
#     channel, 2 -> 5, and a run with the timing file the report's channels make completes
#     (exit 1 only for the network's static findings, which no slot changes) and prints
#     what mlir-runner prints;
#   with --no-prove: no verdict;
#   CORPUS: a LOOM program as LOOM compiled it (its lowering mistake deadlocks it):
#     "no buffering fixes the deadlock".
set -uo pipefail
sim=$1 root=$2 corpus=${3:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/deadlock.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
prog=$root/tests/analysis/inputs/twoloops.mlir
net=$root/tests/analysis/inputs/networks/twoloops-shared.dfg.mlir
chan="twice/for0.guard/fork:3 -> twice/for1.guard/for1.carry.b:0"

"$sim" run "$prog" >"$work/own.out" 2>&1 || fail "twoloops' own lowering does not pass"
"$sim" run "$prog" --dfg "twice=$net" --report "$work/r.json" >/dev/null 2>"$work/err"
[ $? = 1 ] || fail "the shared network: not exit 1"
grep -q "deadlock" "$work/err" || fail "the shared network does not deadlock"
grep -qF "loom-sim: buffering: the deadlock is for lack of buffering: 3 more slot(s) on 1 channel(s)" "$work/err" ||
  { cat "$work/err"; fail "no buffering verdict"; }
grep -qF "  @twice $chan: 2 -> 5 slots (" "$work/err" || { cat "$work/err"; fail "not the channel derived by hand"; }
python3 - "$work/r.json" "$work/caps.json" "$chan" <<'PY' || fail "the report's buffering object"
import json, sys
b = json.load(open(sys.argv[1]))["buffering"]
assert b["fixes"] and b["why_not"] == "", b
assert [(c["channel"], c["before"], c["after"]) for c in b["channels"]] == [(sys.argv[3], 2, 5)], b
json.dump({"channels": {"@" + c["function"]: {c["channel"]: c["after"]} for c in b["channels"]}},
          open(sys.argv[2], "w"))
PY
# With those slots the run completes: only the static findings remain.
"$sim" run "$prog" --dfg "twice=$net" --timing "$work/caps.json" --report "$work/r5.json" >"$work/out5" 2>"$work/err5"
python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; assert f and all(x["check"] == "static" for x in f), [x["check"] for x in f]' "$work/r5.json" ||
  fail "with 5 slots: a run-time finding"
bash "$root/scripts/oracle.sh" "$prog" >"$work/oracle" 2>/dev/null || fail "oracle"
cmp -s "$work/oracle" "$work/out5" || fail "with 5 slots the program prints otherwise than mlir-runner"
sed 's/: 5}/: 4}/' "$work/caps.json" >"$work/caps4.json"
"$sim" run "$prog" --dfg "twice=$net" --timing "$work/caps4.json" --no-prove >/dev/null 2>"$work/err4"
grep -q "did not complete (deadlock)" "$work/err4" || fail "with 4 slots it does not deadlock"
grep -q "buffering:" "$work/err4" && fail "--no-prove still gives a buffering verdict"

if [ -n "$corpus" ] && [ -d "$corpus" ]; then
  f=$corpus/legacy_gen_clz.mlir
  "$sim" run "$f" --brief >/dev/null 2>"$work/errc"
  grep -q "did not complete (deadlock)" "$work/errc" || fail "clz as LOOM compiled it does not deadlock"
  grep -q "^loom-sim: buffering: no buffering fixes the deadlock" "$work/errc" ||
    { tail -3 "$work/errc"; fail "clz: no 'no buffering fixes' verdict"; }
fi
echo "deadlock_buffering: passed"
