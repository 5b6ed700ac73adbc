#!/usr/bin/env bash
# run_dot.sh LOOM-SIM ROOT: `run --dot/--svg` on tests/harness/inputs/invariant.mlir,
# whose @scale runs a loop of N = 4, then N = 8 iterations. Hand-derived counts over the
# run: the body's channels carry N per activation (4 + 8 = 12), the stream's
# raw_will_continue N + 1 (5 + 9 = 14). With the invariant on raw_will_continue
# (--inject invariant-raw) the invariant's output carries 14 where its rate says 12:
# that edge and the invariant (the static finding's op) are red. `lower --svg` renders
# through Graphviz; without Graphviz it says so.
set -uo pipefail
sim=$1 root=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
k=$root/tests/harness/inputs/invariant.mlir
fail() { echo "$*" >&2; exit 1; }
red='color="#cc0000"'
# The DOT line of the channel whose tooltip starts with $2, in file $1.
edge() { grep -F "tooltip=\"$2" "$1"; }

"$sim" run "$k" --dot "$dir/clean.dot" --svg "$dir/clean.svg" > /dev/null 2>&1 || fail "clean run failed"
inv=$(edge "$dir/clean.dot" "scale/for0.guard/for0/inv.k:0 -> scale/for0.guard/for0/muli.w:1")
[[ $inv == *'xlabel="12 / 12"'* ]] || fail "inv.k -> muli.w not 12 / 12: $inv"
raw=$(edge "$dir/clean.dot" "scale/for0.guard/for0.stream:1 -> " | head -1)
[[ $raw == *'xlabel="14 / 14"'* && $raw == *'color="#e69138"'* ]] ||
  fail "the stream's raw_will_continue is not 14 / 14 in orange: $raw"
grep -qF "$red" "$dir/clean.dot" && fail "a clean run has something red"
grep -q "<svg" "$dir/clean.svg" || fail "no SVG"
grep -qF "12 / 12" "$dir/clean.svg" || fail "the SVG lacks the counts"

"$sim" run "$k" --inject invariant-raw --dot "$dir/raw.dot" > /dev/null 2>&1
[ $? -eq 1 ] || fail "the injected run does not fail with exit 1"
inv=$(edge "$dir/raw.dot" "scale/for0.guard/for0/inv.k:0 -> scale/for0.guard/for0/muli.w:1")
[[ $inv == *'xlabel="14 / 12"'* && $inv == *"$red"* ]] || fail "inv.k -> muli.w not 14 / 12 in red: $inv"
grep -F 'label="dataflow.invariant\ninv.k"' "$dir/raw.dot" | grep -qF "$red" || fail "the invariant is not red"

"$sim" lower "$k" -o /dev/null --svg "$dir/lower.svg" || fail "lower --svg failed"
grep -q "<svg" "$dir/lower.svg" || fail "lower --svg wrote no SVG"
PATH=/nonexistent "$sim" lower "$k" -o /dev/null --svg "$dir/none.svg" 2> "$dir/none.err"
[ $? -eq 2 ] || fail "lower --svg without Graphviz: not exit 2"
grep -qF "which is not installed (Debian: apt install graphviz)" "$dir/none.err" ||
  fail "lower --svg without Graphviz does not say so: $(cat "$dir/none.err")"
echo "run --dot: 12 / 12 and 14 / 14 clean; 14 / 12 in red with the invariant on raw; --svg renders"
