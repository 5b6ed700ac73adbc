#!/usr/bin/env bash
# corpus_defaults.sh LOOM-SIM CORPUS: LOOM's hand-written single_loop, whose stream gives
# neither step_op nor stop_cond, runs with the defaults the spec of LOOM's older form
# gives (`+=`, `<`). Derived by hand, init = 10, one added per iteration:
#   start 0, step 1, bound 4:  0 1 2 3       -> 14
#   start 0, step 2, bound 5:  0 2 4         -> 13 (`!=` would never stop)
#   start 2, step 3, bound 10: 2 5 8         -> 13 (`*=` would give 2 6: 12)
# Its carry on after_cond leaves the last `next` latched (docs/loom.md "LOOM's files").
set -uo pipefail
sim=$1 corpus=$2
file=$corpus/legacy_hand_single_loop.mlir
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for c in "0 1 4 14" "0 2 5 13" "2 3 10 13"; do
  set -- $c
  "$sim" sim "$file" --arg "0=$1" --arg "1=$2" --arg "2=$3" --arg 3=10 >"$out" 2>"$out.err"
  rc=$?
  [ $rc -eq 1 ] || { echo "start $1 step $2 bound $3: exit $rc, expected 1 (the latched token)"; exit 1; }
  grep -qx "result #0: $4" "$out" || { echo "start $1 step $2 bound $3: expected $4, got $(cat "$out")"; exit 1; }
  grep -qF "1 token(s) latched in dataflow.carry 'single_loop/%val' input 'b' after the call" "$out.err" ||
    { echo "start $1 step $2 bound $3: the carry's last value is not found latched"; exit 1; }
done
rm -f "$out.err"
echo "single_loop: the stream's defaults += and < give 14, 13, 13"
