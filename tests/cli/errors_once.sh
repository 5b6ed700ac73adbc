#!/usr/bin/env bash
# errors_once.sh LOOM_SIM INPUTS: a runtime error is a result. `run` puts it in the
# report as a finding (check runtime-error, its kind, at the op: the load of
# accel_oob.mlir:2:8) and counts it in the summary; `run` and `sim` print it once, on
# stderr, at that load, and never on stdout (the program's output).
set -euo pipefail
sim=$1 in=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count() { grep -c -- "$1" "$2" || true; }

rc=0
"$sim" run "$in/accel_oob.mlir" --report "$dir/r.json" > "$dir/out" 2> "$dir/err" || rc=$?
[ "$rc" = 1 ] || fail "run: exit $rc, expected 1"
[ "$(count "out-of-bounds access" "$dir/err")" = 1 ] || fail "run: the error is not printed once on stderr: $(cat "$dir/err")"
[ "$(count "out-of-bounds" "$dir/out")" = 0 ] || fail "run: the error is on stdout"
grep -q "accel_oob.mlir:2:8: error: out-of-bounds access: index 9 in dimension 0 of size 8" "$dir/err" ||
  fail "run: not located at the load: $(cat "$dir/err")"
grep -q "stopped by a runtime error (1 finding(s), 1 root cause)" "$dir/err" || fail "run: the summary does not count it: $(cat "$dir/err")"
python3 - "$dir/r.json" <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
f = r["findings"]
want = {"check": "runtime-error", "kind": "out-of-bounds", "function": "peek"}
if len(f) != 1 or any(f[0].get(k) != v for k, v in want.items()) or not f[0]["mlir"].endswith("accel_oob.mlir:2:8"):
    sys.exit(f"FAIL: the report's findings are {f}")
if r["passed"]:
    sys.exit("FAIL: the report says passed")
PY

# A division by zero in the accelerated @div: the report holds it too.
rc=0
"$sim" run "$in/divzero.mlir" --report "$dir/d.json" > /dev/null 2> "$dir/err" || rc=$?
[ "$rc" = 1 ] || fail "divzero: exit $rc"
python3 -c "
import json, sys
f = json.load(open('$dir/d.json'))['findings']
sys.exit(0 if [(x['check'], x['kind'], x['function']) for x in f] == [('runtime-error', 'division-by-zero', 'div')] else f'FAIL: divzero findings {f}')"
[ "$(count "division by zero" "$dir/err")" = 1 ] || fail "divzero: not printed once: $(cat "$dir/err")"

# sim: the same access on the lowered network, with the index as an argument.
"$sim" lower "$in/accel_oob.mlir" -o "$dir/oob.dfg.mlir"
rc=0
"$sim" sim "$dir/oob.dfg.mlir" --mem 0=zeros --arg 1=9 > "$dir/out" 2> "$dir/err" || rc=$?
[ "$rc" = 1 ] || fail "sim: exit $rc, expected 1"
[ "$(count "out of bounds" "$dir/out")" = 0 ] || fail "sim: the error is on stdout: $(cat "$dir/out")"
[ "$(count "out of bounds" "$dir/err")" = 1 ] || fail "sim: the error is not printed once on stderr: $(cat "$dir/err")"
grep -q "accel_oob.mlir:2:8: error: the network of '@peek' stopped: .*address 9 out of bounds" "$dir/err" ||
  fail "sim: not located at the load: $(cat "$dir/err")"
echo "ok: errors are findings, printed once at the load"
