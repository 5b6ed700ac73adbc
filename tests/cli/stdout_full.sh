#!/usr/bin/env bash
# stdout_full.sh LOOM_SIM ROOT: what a command prints on stdout is never lost with exit 0.
# With stdout on /dev/full (every write fails with ENOSPC) each command that prints
# there exits 1 and says so on stderr; --help and --version too. `check` prints nothing
# on stdout, so it still passes; lower and run name the output they lost (exit codes as
# README "Exit codes" says).
set -uo pipefail
sim=$1 root=$2
k=$root/kernels/gemm.mlir
fail() { echo "$*" >&2; exit 1; }
[ -e /dev/full ] || { echo "no /dev/full here"; exit 0; }
err=$(mktemp)
trap 'rm -f "$err"' EXIT

expect() { # CODE MESSAGE ARGS...: loom-sim ARGS > /dev/full exits CODE with MESSAGE
  local code=$1 message=$2 rc=0
  shift 2
  "$sim" "$@" > /dev/full 2> "$err" || rc=$?
  [ "$rc" = "$code" ] || fail "loom-sim $* > /dev/full: exit $rc, not $code: $(cat "$err")"
  [ -z "$message" ] || grep -qxF "$message" "$err" || fail "loom-sim $* > /dev/full: $(cat "$err")"
}
lost="loom-sim: error: cannot write to stdout"
expect 1 "$lost" timing --defaults
expect 1 "$lost" version
expect 1 "$lost" --version
expect 1 "$lost" --help
expect 1 "$lost" run --help
expect 1 "$lost" sweep plan "$root/examples/sweep/sweep.toml"
expect 1 "$lost" sim "$root/tests/cli/inputs/dot.dfg.mlir" --mem 0=zeros:4 --mem 1=zeros:4 --arg 2=4
expect 1 "loom-sim: error: cannot write the program's output to stdout" run "$k"
expect 2 "$lost" lower "$k"
expect 0 "" check "$k"
# The same commands with stdout that takes the text: exit 0.
"$sim" timing --defaults > /dev/null || fail "timing --defaults > /dev/null failed"
"$sim" version > /dev/null || fail "version > /dev/null failed"
echo "a lost stdout is exit 1 (lower: 2), never 0"
