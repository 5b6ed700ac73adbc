#!/usr/bin/env bash
# reduce.sh FILE.mlir [PREDICATE] [-o OUT.mlir] [--loose] [-v]
#
# Shrinks FILE.mlir with build/loom-reduce while the failure persists; writes OUT
# (default FILE.reduced.mlir) and prints its failure class.
#
# Without PREDICATE the failure is difftest's: the class `scripts/difftest.sh --file
# --class FILE` prints (e.g. "event-rc1 [ledger]: channel carried N token(s) where ...")
# must stay the same on every candidate (with --loose only its head before the first
# ": ", e.g. "event-rc1 [ledger]" or "clocked-vs-oracle"). Since difftest classifies the
# first failing step, a candidate that turns invalid (the interpreter or the oracle
# fails, a UB or an infinite loop) has another class and is rejected.
#
# PREDICATE is a shell command that exits 0 while the candidate still fails; `{}` in it
# is replaced by the candidate's path (else the path is appended), e.g.
#   scripts/reduce.sh prog.mlir 'build/loom-sim run {} --engine clocked 2>&1 | grep -q deadlock'
#
# Every candidate is parsed and verified by loom-sim's parser and verifier (`loom-sim
# check`) before the predicate runs. Environment: LOOM_REDUCE, LOOM_SIM, LOOM_GEN,
# DIFFTEST_TIMEOUT (default 20 here).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RED=${LOOM_REDUCE:-$root/build/loom-reduce}

file=
pred=
out=
loose=0
verbose=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift 2 ;;
    --loose) loose=1; shift ;;
    -v|-vv) verbose=("$1"); shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) if [ -z "$file" ]; then file=$1; elif [ -z "$pred" ]; then pred=$1; else echo "reduce.sh: too many arguments" >&2; exit 2; fi; shift ;;
  esac
done
[ -n "$file" ] && [ -f "$file" ] || { echo "usage: reduce.sh FILE.mlir [PREDICATE] [-o OUT.mlir] [--loose] [-v]" >&2; exit 2; }
[ -x "$RED" ] || { echo "reduce.sh: $RED not found (build first)" >&2; exit 2; }
[ -n "$out" ] || out="${file%.mlir}.reduced.mlir"

export DIFFTEST_TIMEOUT=${DIFFTEST_TIMEOUT:-20}
export DIFFTEST_FAST=1
export DIFFTEST_MAX_STEPS=${DIFFTEST_MAX_STEPS:-50000000}
export DIFFTEST_MAX_CYCLES=${DIFFTEST_MAX_CYCLES:-20000000}
difftest="$root/scripts/difftest.sh --file --class"

if [ -z "$pred" ]; then
  cls=$($difftest "$file")
  if [ "$cls" = pass ]; then
    echo "reduce.sh: $file passes every check; nothing to reduce" >&2
    exit 1
  fi
  key=$cls
  [ $loose -eq 1 ] && key=${cls%%: *}
  echo "reduce.sh: class: $cls"
  [ $loose -eq 1 ] && echo "reduce.sh: keeping: $key"
  # The class goes through the environment, so no quoting problems.
  export REDUCE_KEY="$key" REDUCE_LOOSE=$loose
  pred="c=\$($difftest {}); if [ \"\$REDUCE_LOOSE\" = 1 ]; then c=\${c%%: *}; fi; [ \"\$c\" = \"\$REDUCE_KEY\" ]"
fi

"$RED" "$file" --test "$pred" -o "$out" "${verbose[@]}"
rc=$?
[ $rc -eq 0 ] || exit $rc
echo "reduce.sh: $(grep -c '' "$out") lines in $out; class now: $($difftest "$out")"
