#!/usr/bin/env bash
# stack_depth.sh STACK_USE GEN_PY
# The stack each stage uses (stack_use) at the nesting limit, kMaxNestingDepth = 4096
# nested scf.if / scf.for / scf.while / scf.execute_region in main; at the accelerated
# limit, 128 nested scf.for; and in the interpreter at its limits: 100,000 calls deep
# (kMaxCallDepth; main and @down 99,999 times) and 200,000 blocks running nested
# (kMaxRunDepth; a recursion through one scf.if, stopped there). Every stage must stay
# under 1/4 of the 1 GiB stack loom-sim runs every command on (1/16 for the nesting
# limits). Prints each stage's KiB and bytes per level.
set -uo pipefail
stack_use=$1 gen=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
# KIND:N:LEVELS:LIMIT_KIB[:STOP]: gen.py KIND N has LEVELS levels; every stage under
# LIMIT_KIB; the stages run to the end, or STOP is the error the last one stops with.
for spec in if:4096:4096:65536 for:4096:4096:65536 while:4096:4096:65536 exec:4096:4096:65536 \
  accel-for:128:128:65536 \
  "recursion:99998:100000:262144:'func.call' inside an accelerated function" \
  "nested-recursion:1:200000:262144:more than 200000 regions and function bodies running nested"; do
  IFS=: read -r kind n levels limit stop <<<"$spec"
  python3 "$gen" "$kind" "$n" "$dir/p.mlir" >/dev/null || exit 1
  out=$("$stack_use" "$dir/p.mlir")
  rc=$?
  last=$(tail -n 1 <<<"$out")
  if [ -z "$stop" ] && [ $rc -ne 0 ]; then
    echo "FAIL: $kind $n: $last"; status=1
  elif [ -n "$stop" ] && ! grep -qF -- "$stop" <<<"$last"; then
    echo "FAIL: $kind $n: expected a stop with: $stop; got: $last"; status=1
  fi
  while read -r stage kib _; do
    printf '%-16s %6s levels  %-13s %7s KiB  %6s bytes/level\n' "$kind" "$levels" "$stage" "$kib" \
      $((kib * 1024 / levels))
    [ "$kib" -lt "$limit" ] || { echo "FAIL: $stage uses $kib KiB, more than $limit"; status=1; }
  done <<<"$out"
done
exit $status
