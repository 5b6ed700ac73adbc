#!/usr/bin/env bash
# test_gen.sh deterministic|reduce: quick tests of loom-gen and loom-reduce (ctest gen.*).
# Needs LOOM_GEN, LOOM_SIM, LOOM_REDUCE.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case "${1:-}" in
  deterministic)
    for size in small medium large; do
      for seed in 1 2 77 123456789; do
        "$LOOM_GEN" --seed $seed --size $size >"$tmp/a.mlir"
        "$LOOM_GEN" --seed $seed --size $size >"$tmp/b.mlir"
        cmp -s "$tmp/a.mlir" "$tmp/b.mlir" || { echo "seed $seed $size: two runs differ"; exit 1; }
        "$LOOM_SIM" check "$tmp/a.mlir" || { echo "seed $seed $size: loom-sim check fails"; exit 1; }
      done
      "$LOOM_GEN" --seed 3 --size $size >"$tmp/c.mlir"
      ! cmp -s "$tmp/a.mlir" "$tmp/c.mlir" || { echo "seeds 123456789 and 3 ($size) give the same program"; exit 1; }
    done
    "$LOOM_GEN" --seed 5 --kernels 3 | grep -c '^func.func @k' | grep -qx 3 || { echo "--kernels 3 not honoured"; exit 1; }
    if "$LOOM_GEN" --size huge --seed 1 >/dev/null 2>&1; then echo "bad --size accepted"; exit 1; fi
    echo "loom-gen: deterministic, valid, options checked"
    ;;
  reduce)
    # Keep "has an scf.while whose before region loads": the result must be small,
    # still satisfy the predicate and pass loom-sim check.
    seed=1
    while :; do
      "$LOOM_GEN" --seed $seed --size medium >"$tmp/p.mlir"
      grep -q 'scf.while' "$tmp/p.mlir" && break
      seed=$((seed + 1))
    done
    "$LOOM_REDUCE" "$tmp/p.mlir" --test 'grep -q scf.while {}' -o "$tmp/r.mlir"
    grep -q scf.while "$tmp/r.mlir"
    "$LOOM_SIM" check "$tmp/r.mlir"
    lines=$(grep -c '' "$tmp/r.mlir")
    [ "$lines" -le 15 ] || { echo "reduced program still has $lines lines:"; cat "$tmp/r.mlir"; exit 1; }
    # A predicate that does not hold on the input is refused.
    if "$LOOM_REDUCE" "$tmp/p.mlir" --test 'false' -o "$tmp/x.mlir" 2>/dev/null; then echo "accepted a false predicate"; exit 1; fi
    echo "loom-reduce: $(grep -c '' "$tmp/p.mlir") -> $lines lines"
    ;;
  *) echo "usage: test_gen.sh deterministic|reduce" >&2; exit 2 ;;
esac
