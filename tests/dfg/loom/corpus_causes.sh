#!/usr/bin/env bash
# corpus_causes.sh LOOM-SIM CORPUS
# The tool's verdict on three of LOOM's compiled programs against token counts derived by
# hand from the specs (docs/loom-corpus.md, "Why, by the specs' token counts"); N is the
# loop's trip count, the stream's will-continue has N + 1 tokens per activation, a gate's
# outputs N.
#   vecsum      one load in the loop. Its ctrl is `dataflow.carry %willContinue, ...`
#               (%15): an init, then one token per true will-continue: N + 1 ctrl tokens
#               for N addresses from the gate; the cause is that carry, whose d the spec
#               takes from after_cond (N per activation). Its done split `cond_br %willContinue,
#               done` (%trueResult_4) pairs N + 1 conditions with N dones: the last
#               (false) waits forever: deadlock, the chain ending at the finished gate.
#               The spec drives both with after_cond: exactly these 2 rewirings, after
#               which the call completes and the program prints its PASSED line.
#   vecnorm_l1  the same shape (one load, its carry and its split): the same 2 rewirings
#               and the same PASSED line.
#   relu        one load and one store, each with such a carry and split: 4 rewirings;
#               and `%4 = handshake.constant %1` (0.0) fires once per call (its trigger
#               is the start token) while `arith.cmpf %dataResult, %4` (%9) fires N
#               times: a static cause at the cmpf (calls vs I), and the same at the
#               select; the repair adds dataflow.invariant(after_cond, %4) before
#               each, and with the 4 rewirings the rerun completes and prints PASSED
#               (not verified: the zero-trip guard and branch-gate causes stay).
set -uo pipefail
sim=$1 corpus=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$prog: $*" >&2; echo "--- stderr" >&2; cut -c1-300 "$dir/err" >&2; exit 1; }
has() { grep -qF -- "$1" "$dir/err" || fail "missing: $1"; }
count() { # PATTERN N
  local n
  n=$(grep -c -- "$1" "$dir/err")
  [ "$n" -eq "$2" ] || fail "$n line(s) match '$1', expected $2"
}
run() {
  prog=$1
  "$sim" run "$corpus/legacy_gen_$prog.mlir" --try-fix >"$dir/out" 2>"$dir/err"
  [ $? -eq 1 ] || fail "exit code, expected 1"
}

run vecsum
f=_Z10vecsum_dsaPKjjj_esi
has "error: dataflow.carry '$f/%15' input 'd' (port 0) is raw_will_continue from '$f/%willContinue.fork' (calls + I('$f/%index')) but its output is in loop body of '$f/%index' (N per activation) (I('$f/%index')): a loop-body memory-control carry must be driven by after_cond"
has "error: handshake.cond_br '$f/%trueResult_4' cond 'cond' (port 0) is raw_will_continue from '$f/%willContinue.fork' (calls + I('$f/%index')) but data 'data' (port 1) is done"
has "dataflow.gate '$f/%afterValue' [NeedHead] is at rest"
count "^loom-sim: try-fix: @$f: " 2
has "loom-sim: try-fix: @$f: dataflow.carry '$f/%15' input 'd' takes after_cond"
has "loom-sim: try-fix: @$f: handshake.cond_br '$f/%trueResult_4' input 'cond' takes after_cond"
has "loom-sim: try-fix: the program printed: vecsum: PASSED"

run vecnorm_l1
count "^loom-sim: try-fix: @[^ ]*: .* takes after_cond" 2
has "loom-sim: try-fix: the program printed: vecnorm_l1: PASSED"

run relu
f=_Z8relu_dsaPKfPfj_esi
has "error: arith.cmpf '$f/%9' input 'in1' (port 1) carries data from '$f/%4.fork' (calls) but input 'in0' (port 0) carries data from '$f/%dataResult.fork' (I('$f/%index'))"
count "^loom-sim: try-fix: @$f: .* takes after_cond" 4
has "loom-sim: try-fix: @$f: dataflow.carry '$f/%13' input 'd' takes after_cond"
has "loom-sim: try-fix: @$f: dataflow.carry '$f/%18' input 'd' takes after_cond"
has "loom-sim: try-fix: @$f: arith.cmpf '$f/%9' input 'in1' takes dataflow.invariant '$f/%9.fix_invariant' of it on after_cond of dataflow.gate '$f/%afterValue'"
count "^loom-sim: try-fix: @$f: .* takes dataflow.invariant" 2
has "loom-sim: try-fix: the program printed: relu: PASSED"
has "loom-sim: try-fix: the fix is not verified"
echo "corpus causes: vecsum, vecnorm_l1, relu as derived by hand"
