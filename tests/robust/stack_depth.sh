#!/usr/bin/env bash
# stack_depth.sh STACK_USE GEN_PY
# The stack each stage uses (stack_use) at the nesting limit, kMaxNestingDepth = 4096
# nested scf.if / scf.for / scf.while / scf.execute_region in main; at the accelerated
# limit, 128 nested scf.for; and in the interpreter at its limits: 10,000 calls deep
# (kMaxCallDepth; main and @down 9,999 times, two blocks each) and 40,000 blocks running
# nested (kMaxRunDepth; a recursion through four nested scf.if, stopped there), and both
# at once (a recursion through two nested scf.for, the costliest blocks). At the
# nesting limits every stage must stay under 1/16 of the 1 GiB stack loom-sim runs every
# command on; the interpreter at its limits under 48 MiB (an error unwinding more than 64
# MiB of stack makes ASan report false errors). Prints each stage's KiB and bytes per
# level.
set -uo pipefail
stack_use=$1 gen=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
# KIND:N:LEVELS:LIMIT_KIB[:STOP]: gen.py KIND N has LEVELS levels; every stage under
# LIMIT_KIB; the stages run to the end, or STOP is the error the last one stops with.
for spec in if:4096:4096:65536 for:4096:4096:65536 while:4096:4096:65536 exec:4096:4096:65536 \
  accel-for:128:128:65536 \
  "recursion:9998:10000:49152:'func.call' inside an accelerated function" \
  "nested-recursion:4:40000:49152:more than 40000 regions and function bodies running nested" \
  "for-recursion:9998:10000:49152:'func.call' inside an accelerated function"; do
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
