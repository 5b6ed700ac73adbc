#!/usr/bin/env bash
# counters_example.sh LOOM_SIM EXAMPLE.mlir: runs the worked example of docs/counters.md
# (tests/cli/inputs/counters_sum.mlir) on both engines and checks the numbers the page
# gives: span 25, latency 24, 61 transfers, the token log's first and last lines, the
# VCD's end, the return's and the stream's rows of --stats and the loop's row.
set -uo pipefail
sim=$1 example=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "$1" >&2
  exit 1
}
for e in event clocked; do
  "$sim" run "$example" --engine "$e" --report "$tmp/r.json" --stats "$tmp/s.txt" --vcd "$tmp/v.vcd" \
    --tokens "$tmp/t.log" >"$tmp/out" 2>"$tmp/err" || fail "$e: loom-sim run failed: $(cat "$tmp/err")"
  [ "$(cat "$tmp/out")" = 3 ] || fail "$e: the program printed $(cat "$tmp/out")"
  grep -q "^loom-sim: 1 accelerated call(s), 25 cycles, 61 transfers, all checks passed" "$tmp/err" ||
    fail "$e: summary line: $(tail -1 "$tmp/err")"
  python3 - "$tmp/r.json" <<'EOF' || fail "$e: the report's call"
import json, sys
c = json.load(open(sys.argv[1]))["calls"]
assert len(c) == 1, c
c = c[0]
got = (c["start_cycle"], c["cycles"], c["latency"], c["transfers"])
assert got == (0, 25, 24, 61), got
EOF
  head -1 "$tmp/s.txt" | grep -qx "loom-sim stats: 1 network(s), 25 cycles" || fail "$e: stats header"
  grep -Eq "^  sum/return +handshake.return +1 +1 +20 +0 +4$" "$tmp/s.txt" || fail "$e: the return's row"
  grep -Eq "^  sum/for0.guard/for0.stream +dataflow.stream +5 +5 +1 +1 +18$" "$tmp/s.txt" ||
    fail "$e: the stream's row"
  grep -Eq "^  sum/for0.guard/for0 +1 +3 +1.50 +3 +3.67 +recurrence sum/for0.guard/for0.carry.s$" \
    "$tmp/s.txt" || fail "$e: the loop's row"
  [ "$(grep '^#[0-9]' "$tmp/v.vcd" | tail -1)" = "#25" ] || fail "$e: the VCD's end"
  grep -v '^#' "$tmp/t.log" >"$tmp/tokens"
  [ "$(wc -l <"$tmp/tokens")" -eq 61 ] || fail "$e: token count"
  [ "$(head -2 "$tmp/tokens" | tr '\n' ';')" = "0 11 3;0 14 -;" ] || fail "$e: the first tokens"
  [ "$(tail -2 "$tmp/tokens" | tr '\n' ';')" = "22 36 3;22 37 -;" ] || fail "$e: the last tokens"
done
echo "the worked example of docs/counters.md holds on both engines"
