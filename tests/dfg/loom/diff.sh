#!/usr/bin/env bash
# diff.sh LOOM_SIM KERNELS: `loom-sim diff` on networks whose answer is known. Each
# kernel's own lowering written in LOOM's form is the lowering itself: exit 0, "0
# difference(s)", the same cycles on both sides. The same lowering with a known bug
# committed (--inject mem-ctrl-raw: the loop body's memory control on raw_will_continue)
# differs at the accesses' ctrl (gated in ours, raw in theirs): exit 1.
set -euo pipefail
sim=$1 kernels=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for kernel in dot gemm bicg triangular jacobi_2d spmv_csr; do
  funcs=$(grep -oE '^func\.func @[A-Za-z0-9_]+' "$kernels/$kernel.mlir" | sed 's/func.func @//' | grep -v '^main$')
  for func in $funcs; do
    "$sim" lower "$kernels/$kernel.mlir" --func "$func" --format loom -o "$out/same.mlir"
    "$sim" diff "$kernels/$kernel.mlir" --dfg "$func=$out/same.mlir" >"$out/same.txt" ||
      { echo "$kernel @$func: diff of its own lowering failed"; cat "$out/same.txt"; exit 1; }
    tail -1 "$out/same.txt" | grep -qx "0 difference(s)" || { cat "$out/same.txt"; exit 1; }
    ours=$(grep -E '^  ours ' "$out/same.txt" | grep -oE '[0-9,]+ cycles')
    theirs=$(grep -E '^  theirs ' "$out/same.txt" | grep -oE '[0-9,]+ cycles')
    [ "$ours" = "$theirs" ] || { echo "$kernel @$func: cycles differ"; cat "$out/same.txt"; exit 1; }

    "$sim" lower "$kernels/$kernel.mlir" --func "$func" --format loom --inject mem-ctrl-raw \
      -o "$out/bug.mlir" 2>/dev/null || true
    if grep -q 'load\|store' "$out/bug.mlir"; then
      rc=0
      "$sim" diff "$kernels/$kernel.mlir" --dfg "$func=$out/bug.mlir" >"$out/bug.txt" || rc=$?
      [ $rc = 1 ] || { echo "$kernel @$func: the injected bug gave exit $rc"; cat "$out/bug.txt"; exit 1; }
      grep -qE '^    (load|store) .* gated +raw +differs$' "$out/bug.txt" ||
        { echo "$kernel @$func: no access gated in ours and raw in theirs"; cat "$out/bug.txt"; exit 1; }
    fi
    echo "$kernel @$func: same: $ours; mem-ctrl-raw: $(tail -1 "$out/bug.txt" 2>/dev/null)"
    rm -f "$out/bug.txt"
  done
done
