#!/usr/bin/env bash
# gap_causes.sh SIM ROOT: why a loop runs slower than its bound (harness/pace.h LoopGap),
# on loops whose cause is known by construction.
#   pairs.mlir: two loads of one memref on one ctrl token each iteration. The first
#     iteration's a[i + 1] address comes a cycle after a[i]'s (the addi), later than the
#     ctrl; from then on the ctrl comes last and both addresses wait for it, so 15 of the
#     16 iterations offer two loads in one cycle to a memory that issues one: memory-port,
#     15 requests; ii_steady one above the bound. With loadsPerCycle 2: no conflict, the
#     bound exactly, no gap.
#   skew.mlir: the split waits for the loop's condition from a fork that cannot push
#     (its other outputs full): back-pressure naming that fork and its output to the
#     carry, full in as many cycles as the graph's tooltip (`run --dot`, measured apart:
#     present.full_cycles holds it to the VCD) says.
set -uo pipefail
sim=$1 root=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/gaps.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
loop() { python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["calls"][0]["loops"][0]; g=l["bottleneck"]["gap"]; print(l["ii_bound"], l["ii_steady"], g["cause"] if g else "none", (g or {}).get("text", ""))' "$1"; }
in=$root/tests/analysis/inputs
"$sim" run "$in/pairs.mlir" --report "$work/p.json" >/dev/null 2>&1 || fail "pairs"
read -r bound steady cause text < <(loop "$work/p.json")
[ "$bound $steady $cause" = "15 16.0 memory-port" ] || fail "pairs: $bound $steady $cause $text"
case "$text" in *"'pairs/extmem.arg0'"*" held 15 request(s) back a cycle"*) ;; *) fail "pairs: $text" ;; esac
echo '{"loadsPerCycle": 2}' >"$work/l2.json"
"$sim" run "$in/pairs.mlir" --timing "$work/l2.json" --report "$work/p2.json" >/dev/null 2>&1 || fail "pairs, 2 loads"
read -r bound steady cause text < <(loop "$work/p2.json")
[ "$bound $steady $cause" = "15 15.0 none" ] || fail "pairs with loadsPerCycle 2: $bound $steady $cause"
"$sim" run "$in/skew.mlir" --report "$work/s.json" >/dev/null 2>&1 || fail "skew"
read -r bound steady cause text < <(loop "$work/s.json")
[ "$bound $cause" = "3 back-pressure" ] || fail "skew: $bound $cause"
case "$text" in *"from 'skew/for0.guard/fork' (handshake.fork"*"which could not push"*) ;; *) fail "skew: $text" ;; esac
full=$(echo "$text" | sed -nE "s/.*its output 'out1' to 'skew\/for0.guard\/for0.carry.acc' was full in ([0-9,]+) cycles.*/\1/p" | tr -d ,)
[ -n "$full" ] || fail "skew: no full channel named: $text"
"$sim" run "$in/skew.mlir" --dot "$work/s.dot" >/dev/null 2>&1 || fail "skew --dot"
dot=$(grep -F 'skew/for0.guard/fork:1 -> skew/for0.guard/for0.carry.acc:0' "$work/s.dot" | grep -oE 'full [0-9]+ cycle' | grep -oE '[0-9]+')
[ "$full" = "$dot" ] || fail "skew: the report says full in $full cycles, the graph $dot"
echo "gap_causes: passed"
