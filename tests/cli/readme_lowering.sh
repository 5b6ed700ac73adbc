#!/usr/bin/env bash
# readme_lowering.sh LOOM_SIM ROOT
# README "The lowering as a tool", the three commands as the README shows them (the
# --mem random:SEED:N example exited 2 before): each must exit 0.
set -uo pipefail
sim=$1 root=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$root/kernels/dot.mlir" "$dir/" && mkdir -p "$dir/kernels" && cp "$root/kernels/dot.mlir" "$dir/kernels/"
cd "$dir"
"$sim" lower kernels/dot.mlir -o dot.dfg.mlir --dot dot.dot || { echo "lower failed"; exit 1; }
"$sim" verify dot.dfg.mlir || { echo "verify failed"; exit 1; }
"$sim" sim dot.dfg.mlir --mem 0=random:1:8 --mem 1=zeros:8 --arg 2=8 >sim.out 2>sim.err ||
  { echo "sim failed"; cat sim.err; exit 1; }
grep -q "^@dot: done after [0-9]* cycles$" sim.out || { echo "no completion line"; cat sim.out; exit 1; }
grep -qx "result #0: 0" sim.out || { echo "dot with a zero vector is not 0"; cat sim.out; exit 1; }
echo "ok: the README's lower / verify / sim commands"
