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
#               The spec drives both with after_cond. The zero-trip guard is
#               `cond_br %4, %1` on N == 0: its false side alone makes the stream's step
#               (%5), so the loop starts calls - then(%4) times while its start (%6) and
#               bound (%7) come every call: a call with N = 0 leaves both in the stream.
#               Both go through a cond_br on %4, false side. The sum's carry %8 (one
#               init per activation) takes %arg1, made every call: split the same way;
#               and the result's mux %13 takes %arg1 on its 'true' input (select 1 when
#               N == 0) every call where the select picks it then(%4) times: split, true
#               side. 6 rewirings in all; the rerun has no finding and prints PASSED:
#               verified.
#   vecnorm_l1  the same shape (one load, its carry and its split, the same guard and
#               mux): the same 6 rewirings, verified.
#   relu        one load and one store, each with such a carry and split: 4 rewirings;
#               and `%4 = handshake.constant %1` (0.0) fires once per call (its trigger
#               is the start token) while `arith.cmpf %dataResult, %4` (%9) fires N
#               times: a static cause at the cmpf (calls vs I), and the same at the
#               select; the repair adds dataflow.invariant(after_cond, %4) before
#               each; the guard (N == 0, %5) splits the stream's start and bound, then
#               each new invariant's a (one per activation): 10 rewirings, verified.
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
# The stream starts when its step comes, on the guard's false side: calls - then(%4)
# activations, each with N + 1 will-continue tokens.
has "error: dataflow.carry '$f/%15' input 'd' (port 0) is raw_will_continue from '$f/%willContinue.fork' (calls + I(the loop '$f/%index') - then(the condition from '$f/%4')) but its output is in loop body of the loop '$f/%index' (N per activation): a loop-body memory-control carry must be driven by after_cond"
has "error: handshake.cond_br '$f/%trueResult_4' cond 'cond' (port 0) is raw_will_continue from '$f/%willContinue.fork' (calls + I(the loop '$f/%index') - then(the condition from '$f/%4')) but data 'data' (port 1) is done"
has "dataflow.gate '$f/%afterValue' [NeedHead] is at rest"
count "^loom-sim: try-fix: @$f: " 6
has "loom-sim: try-fix: @$f: dataflow.carry '$f/%15' input 'd' takes after_cond"
has "loom-sim: try-fix: @$f: handshake.cond_br '$f/%trueResult_4' input 'cond' takes after_cond"
for input in start bound; do
  has "loom-sim: try-fix: @$f: dataflow.stream '$f/%index' input '$input' takes the false side of handshake.cond_br"
done
has "loom-sim: try-fix: @$f: dataflow.carry '$f/%8' input 'a' takes the false side of handshake.cond_br '$f/%8.fix_cond_br1' on the condition from '$f/%4'"
has "loom-sim: try-fix: @$f: handshake.mux '$f/%13' input 'true' takes the true side of handshake.cond_br '$f/%13.fix_cond_br2' on the condition from '$f/%4'"
has "loom-sim: try-fix: rerun: 1 accelerated call(s), 19,476 cycles, 24,633 transfers, all checks passed (0 finding(s))"
has "loom-sim: try-fix: the program printed: vecsum: PASSED"
has "loom-sim: try-fix: the fix is verified"

run vecnorm_l1
count "^loom-sim: try-fix: @[^ ]*: .* takes after_cond" 2
count "^loom-sim: try-fix: @[^ ]*: .* side of handshake.cond_br" 4
has "loom-sim: try-fix: the program printed: vecnorm_l1: PASSED"
has "loom-sim: try-fix: the fix is verified"

run relu
f=_Z8relu_dsaPKfPfj_esi
has "error: arith.cmpf '$f/%9' input 'in1' (port 1) carries data from '$f/%4.fork' (once per call) but input 'in0' (port 0) carries data from '$f/%dataResult.fork' (once per iteration of the loop '$f/%index')"
count "^loom-sim: try-fix: @$f: " 10
count "^loom-sim: try-fix: @$f: .* takes after_cond" 4
has "loom-sim: try-fix: @$f: dataflow.carry '$f/%13' input 'd' takes after_cond"
has "loom-sim: try-fix: @$f: dataflow.carry '$f/%18' input 'd' takes after_cond"
has "loom-sim: try-fix: @$f: arith.cmpf '$f/%9' input 'in1' takes dataflow.invariant '$f/%9.fix_invariant' of it on after_cond of dataflow.gate '$f/%afterValue'"
count "^loom-sim: try-fix: @$f: .* takes dataflow.invariant" 2
count "^loom-sim: try-fix: @$f: dataflow.stream '$f/%index' .* false side of handshake.cond_br" 2
count "^loom-sim: try-fix: @$f: dataflow.invariant .* input 'a' takes the false side" 2
has "loom-sim: try-fix: the program printed: relu: PASSED"
has "loom-sim: try-fix: the fix is verified"
echo "corpus causes: vecsum, vecnorm_l1, relu as derived by hand"
