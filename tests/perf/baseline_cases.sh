#!/usr/bin/env bash
# baseline_cases.sh SIM ROOT: `run --baseline` beyond the doc's example (docs/
# performance-analysis.md "Performance gating"): a faster run passes and lists what got
# faster; a baseline with a call the run lacks lists it as not compared; a slower run
# within the tolerance passes, beyond it fails (exit 1, one `performance` finding in the
# report); what is not a report, a missing file and --no-accel are bad input (exit 2).
set -uo pipefail
sim=$1 root=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/baseline.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
dot=$root/kernels/dot.mlir
"$sim" run "$dot" --report base.json >/dev/null 2>&1 || fail "the baseline run"
echo '{"extmemoryLatency": 3}' >fast.json
echo '{"extmemoryLatency": 11}' >slow.json

"$sim" run "$dot" --timing fast.json --baseline base.json >/dev/null 2>err || fail "faster: exit $?"
grep -q "^loom-sim: baseline: 393 cycles against 764, within the 0% tolerance" err || { cat err; fail "faster: no verdict"; }
grep -q "^  faster: cycles: 393, the baseline's 764 (-48.6%)" err || { cat err; fail "faster: no line"; }

# 764 -> 817 cycles with a memory one cycle slower: +6.9%.
"$sim" run "$dot" --timing slow.json --baseline base.json --baseline-tolerance 10 >/dev/null 2>err ||
  { cat err; fail "within 10%: exit $?"; }
"$sim" run "$dot" --timing slow.json --baseline base.json --baseline-tolerance 5 --report r.json >/dev/null 2>err
[ $? = 1 ] || { cat err; fail "beyond 5%: not exit 1"; }
python3 - r.json <<'PY' || fail "beyond 5%: the report"
import json, sys
r = json.load(open(sys.argv[1]))
perf = [f for f in r["findings"] if f["check"] == "performance"]
assert len(perf) == 1 and not r["baseline"]["passed"], r["baseline"]
assert r["baseline"]["slower"][0].startswith("cycles: 8"), r["baseline"]["slower"]
PY

# A call the run does not make: the baseline's third call removed from the run by
# keeping it in the baseline only (a fake fourth call).
python3 - base.json more.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
extra = dict(r["calls"][0]); extra["invocation"] = 4
r["calls"].append(extra)
json.dump(r, open(sys.argv[2], "w"))
PY
"$sim" run "$dot" --baseline more.json >/dev/null 2>err || { cat err; fail "unpaired: exit $?"; }
grep -q "not compared: @dot call 4: in the baseline only" err || { cat err; fail "unpaired: not listed"; }

"$sim" run "$dot" --baseline nosuch.json >/dev/null 2>err
[ $? = 2 ] && grep -q "nosuch.json: cannot open the baseline" err || fail "missing baseline"
"$sim" run "$dot" --baseline fast.json >/dev/null 2>err
[ $? = 2 ] && grep -q "is not a report" err || fail "a timing file as baseline"
"$sim" run "$dot" --baseline base.json --no-accel >/dev/null 2>err
[ $? = 2 ] && grep -q "cannot be used with --no-accel" err || fail "--no-accel"
"$sim" run "$dot" --baseline base.json --report base.json >/dev/null 2>err
[ $? = 2 ] || fail "--report onto the baseline"
echo "baseline_cases: passed"
