#!/usr/bin/env bash
# roundtrip.sh LOOM_SIM KERNELS: `lower` each kernel's function in both forms (loom.dfg,
# the default, and --format loom), verify both, and simulate both with the same arguments
# on both engines: the outputs (cycles, results, memories) must be identical. The LOOM
# form's VCD and token log must be written.
set -euo pipefail
sim=$1 kernels=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
check() {
  local kernel=$1 func=$2
  shift 2
  "$sim" lower "$kernels/$kernel.mlir" --func "$func" -o "$out/$func.dfg.mlir"
  "$sim" lower "$kernels/$kernel.mlir" --func "$func" --format loom -o "$out/$func.loom.mlir"
  grep -q "^handshake.func @$func(" "$out/$func.loom.mlir"
  "$sim" verify "$out/$func.loom.mlir"
  for engine in event clocked; do
    "$sim" sim "$out/$func.dfg.mlir" --engine $engine "$@" >"$out/a.txt"
    "$sim" sim "$out/$func.loom.mlir" --engine $engine "$@" --vcd "$out/$func.vcd" \
      --tokens "$out/$func.tokens" >"$out/b.txt"
    diff "$out/a.txt" "$out/b.txt" || { echo "$func ($engine): the two forms differ"; exit 1; }
    [ -s "$out/$func.vcd" ] && [ -s "$out/$func.tokens" ]
    echo "$func ($engine): $(head -1 "$out/b.txt")"
  done
}
check dot dot --mem 0=random:1:8 --mem 1=random:2:8 --arg 2=8
check gemm gemm --mem 0=random:1:4x4 --mem 1=random:2:4x4 --mem 2=zeros:4x4
check gcd gcd_array --mem 0=random:1:6 --mem 1=random:2:6 --mem 2=zeros:6 --arg 3=6
check bicg bicg --mem 0=random:1 --mem 1=random:2 --mem 2=random:3 --mem 3=zeros --mem 4=zeros
