#!/usr/bin/env bash
# corpus_run.sh LOOM-SIM FILE RUNS
# `loom-sim run` on one of the applications LOOM compiled (label loom-corpus; docs/loom.md
# "LOOM's programs"):
#   1. with --no-accel, main and the CPU version in the interpreter, the network's calls
#      answered by the CPU version: exit 0, and the program's own last line says PASSED;
#   2. with every esi_instance on LOOM's network, cycle by cycle: the verdict RUNS pins,
#      `passed` (exit 0, the same output as 1.) or the check that stopped the call
#      (`deadlock`, `op-error`; exit 1), `static` (every call completes with the same
#      output as 1., but the static checks find the network broken: exit 1) or `elaborate`
#      (the network cannot be built: exit 2). Why each verdict follows from the specs: docs/loom-corpus.md.
set -uo pipefail
sim=$1 file=$2 runs=$3
base=$(basename "$file")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
  echo "$base: $*" >&2
  for f in "$dir"/*; do echo "--- $(basename "$f")" >&2; cut -c1-300 "$f" >&2; done
  exit 1
}
"$sim" run --no-accel "$file" >"$dir/interp.out" 2>"$dir/interp.err"
rc=$?
[ "$rc" -eq 0 ] || fail "--no-accel: exit $rc"
tail -n 1 "$dir/interp.out" | grep -q "PASSED" || fail "--no-accel: the program does not say PASSED"
pinned=$(awk -v b="$base" '$1 == b { print $2 }' "$runs")
[ -n "$pinned" ] || fail "no verdict pinned in $runs"
"$sim" run "$file" >"$dir/run.out" 2>"$dir/run.err"
rc=$?
case $pinned in
passed)
  [ "$rc" -eq 0 ] || fail "run: exit $rc, expected 0"
  cmp -s "$dir/interp.out" "$dir/run.out" || fail "run: output differs from --no-accel" ;;
deadlock | op-error)
  [ "$rc" -eq 1 ] || fail "run: exit $rc, expected 1 ($pinned)"
  grep -q "\[@[^ ]*, call 1, $pinned\]$" "$dir/run.err" || fail "run: no '$pinned' stop" ;;
static)
  [ "$rc" -eq 1 ] || fail "run: exit $rc, expected 1 (static)"
  cmp -s "$dir/interp.out" "$dir/run.out" || fail "run: output differs from --no-accel"
  grep -q ", static\]$" "$dir/run.err" || fail "run: no static finding"
  ! grep -q "\[@[^ ]*, call [0-9]*, [a-z-]*\]$" "$dir/run.err" || fail "run: a call stopped" ;;
elaborate)
  [ "$rc" -eq 2 ] || fail "run: exit $rc, expected 2"
  grep -q "error: cannot elaborate the network of" "$dir/run.err" || fail "run: no elaboration error" ;;
*) fail "unknown verdict '$pinned' in $runs" ;;
esac
echo "$base: --no-accel: $(tail -n 1 "$dir/interp.out"); run: $pinned"
grep -m1 "error:" "$dir/run.err" | cut -c1-300
exit 0
