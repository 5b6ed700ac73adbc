#!/usr/bin/env bash
# try_fix.sh LOOM-SIM INPUTS
# `run --try-fix --fixed-dfg` on the classic bug in LOOM's form (inputs/dotk_raw_ctrl.mlir:
# the invariant that paces the load's ctrl on raw will_continue): the rewiring is the one
# that makes it inputs/dotk.mlir (its d on the gate's after_cond), the rerun verifies it,
# and the written network, read back by `verify` and `sim`, runs as the hand-written
# correct one does (40 cycles, 60: `loom.classic_bug_fixed`). The input is left as it was.
set -uo pipefail
sim=$1 in=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$in/dotk_raw_ctrl.mlir" "$dir/bug.mlir"
fail() { echo "$*" >&2; echo "--- stderr" >&2; cat "$dir/err" >&2; exit 1; }
"$sim" run "$in/dotk_src.mlir" --dfg "dotk=$dir/bug.mlir" --try-fix --fixed-dfg "$dir/fixed.mlir" \
  >"$dir/out" 2>"$dir/err"
rc=$?
[ $rc -eq 1 ] || fail "exit $rc, expected 1 (the network as given is still wrong)"
for text in \
  "loom-sim: try-fix: @dotk: dataflow.invariant 'dotk/%ctrl_a' input 'd' takes after_cond of dataflow.gate 'dotk/%i' (was raw_will_continue of dataflow.stream 'dotk/%idx')" \
  "loom-sim: try-fix: rerun: 1 accelerated call(s), 41 cycles, 175 transfers, all checks passed (0 finding(s))" \
  "loom-sim: try-fix: the fix is verified: no finding, and every call's results equal the reference"; do
  grep -qF -- "$text" "$dir/err" || fail "missing: $text"
done
cmp -s "$in/dotk_raw_ctrl.mlir" "$dir/bug.mlir" || fail "the input was changed"
"$sim" verify "$dir/fixed.mlir" 2>"$dir/err" || fail "verify rejects the repaired network"
args=(--mem "0=$in/a8.txt" --mem "1=$in/b8.txt" --arg 2=4 --arg 3=3)
"$sim" sim "$dir/fixed.mlir" "${args[@]}" >"$dir/fixed.out" 2>"$dir/err" || fail "sim of the repair failed"
"$sim" sim "$in/dotk.mlir" "${args[@]}" >"$dir/hand.out" 2>"$dir/err" || fail "sim of dotk.mlir failed"
diff "$dir/hand.out" "$dir/fixed.out" >&2 || fail "the repair runs unlike the hand-written fix"
grep -qx "result #0: 60" "$dir/fixed.out" || fail "no result 60"
# --fixed-dfg may not name an input, nor go without --try-fix.
"$sim" run "$in/dotk_src.mlir" --dfg "dotk=$dir/bug.mlir" --try-fix --fixed-dfg "$dir/bug.mlir" \
  >"$dir/out" 2>"$dir/err"
[ $? -eq 2 ] || fail "--fixed-dfg over the --dfg input: expected exit 2"
cmp -s "$in/dotk_raw_ctrl.mlir" "$dir/bug.mlir" || fail "the input was overwritten"
"$sim" run "$in/dotk_src.mlir" --fixed-dfg "$dir/x.mlir" >"$dir/out" 2>"$dir/err"
[ $? -eq 2 ] && grep -qF "it needs --try-fix" "$dir/err" || fail "--fixed-dfg without --try-fix: expected exit 2"
echo "try-fix: verified, written, read back, equal to the hand-written fix"
