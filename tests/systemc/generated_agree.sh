#!/usr/bin/env bash
# generated_agree.sh LOOM_SIM LOOM_GEN FIRST-LAST: for every seed, a small and a medium
# program from loom-gen (several kernels, each called 1-3 times) through
# systemc_agree.sh: SystemC must be the event engine exactly.
set -uo pipefail
sim=$1 gen=$2 range=$3
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 n=0
for seed in $(seq "${range%-*}" "${range#*-}"); do
  for size in small medium; do
    "$gen" --seed "$seed" --size "$size" >"$tmp/p.mlir"
    n=$((n + 1))
    if ! "$here/systemc_agree.sh" "$sim" "$tmp/p.mlir" --max-cycles 2000000 >"$tmp/log" 2>&1; then
      echo "seed $seed ($size):" >&2
      cat "$tmp/log" >&2
      failed=$((failed + 1))
    fi
  done
done
echo "$((n - failed)) of $n generated programs: systemc agrees with the event engine"
[ $failed = 0 ]
