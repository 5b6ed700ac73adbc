#!/usr/bin/env bash
# loads_trade.sh LOOM-SIM INPUT: loads that trade places between the same stores pass the
# order check (inputs/loads_trade.mlir: the results derived there by hand), and they do
# trade places: in the token log, the second load's first address reaches the memory
# before the first load's.
set -uo pipefail
sim=$1 in=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*" >&2; cat "$dir/err" >&2; exit 1; }
"$sim" run "$in" --tokens "$dir/t.txt" >"$dir/out" 2>"$dir/err" || fail "exit $?, expected 0"
grep -qF "[0,  1,  2,  3,  4,  5,  6,  7,  5,  1,  5,  9,  12,  13,  14,  15]" "$dir/out" ||
  fail "results: $(cat "$dir/out")"
grep -qF "all checks passed (0 finding(s))" "$dir/err" || fail "a finding"
first() { # the cycle of the first token on the channel "LOAD:1 -> trade/extmem.arg0:..."
  local ch
  ch=$(grep "^# channel [0-9]* index trade/for0/$1:1 -> trade/extmem.arg0:" "$dir/t.txt" | awk '{print $3}')
  [ -n "$ch" ] || fail "no address channel of $1 in the token log"
  awk -v c="$ch" '$2 == c { print $1; exit }' "$dir/t.txt"
}
x=$(first load.m) y=$(first load.m.1)
[ "$y" -lt "$x" ] || fail "the loads did not trade places (first address: load.m $x, load.m.1 $y)"
echo "loads traded places (the second's address at cycle $y, the first's at $x); no order finding"
