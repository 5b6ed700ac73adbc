#!/usr/bin/env bash
# run_dfg.sh LOOM_SIM KERNELS: for each kernel, `lower --format loom` its accelerated
# functions, then `run KERNEL --dfg FUNC=FILE` (the network read back, not lowered again)
# must print exactly the kernel's .expected (but print_memref's pointer), exit 0 with every
# check passed, and take the same cycles as a plain `run`; the same with the loom.dfg form.
set -euo pipefail
sim=$1 kernels=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
strip_ptr() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = 0x?/' "$1"; }
cycles() { grep -oE '[0-9,]+ cycles' "$1"; }
check() {
  local kernel=$1
  shift
  "$sim" run "$kernels/$kernel.mlir" >"$out/plain.txt" 2>"$out/plain.err"
  for format in loom loom.dfg; do
    local dfgs=()
    for func in "$@"; do
      "$sim" lower "$kernels/$kernel.mlir" --func "$func" --format $format -o "$out/$func.$format.mlir"
      dfgs+=(--dfg "$func=$out/$func.$format.mlir")
    done
    "$sim" run "$kernels/$kernel.mlir" "${dfgs[@]}" >"$out/dfg.txt" 2>"$out/dfg.err" ||
      { echo "$kernel ($format): run --dfg failed"; cat "$out/dfg.err"; exit 1; }
    diff -u <(strip_ptr "$kernels/$kernel.expected") <(strip_ptr "$out/dfg.txt") ||
      { echo "$kernel ($format): output differs from $kernel.expected"; exit 1; }
    grep -q "all checks passed (0 finding(s))" "$out/dfg.err" ||
      { echo "$kernel ($format): findings"; cat "$out/dfg.err"; exit 1; }
    [ "$(cycles "$out/plain.err")" = "$(cycles "$out/dfg.err")" ] ||
      { echo "$kernel ($format): cycles differ"; cat "$out/plain.err" "$out/dfg.err"; exit 1; }
    echo "$kernel ($format): $(tail -1 "$out/dfg.err")"
  done
}
check dot dot
check gemm gemm
check gcd gcd64 gcd_array
