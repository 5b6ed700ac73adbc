#!/usr/bin/env bash
# lower_verify_sim.sh LOOM_SIM KERNEL OUTDIR: lower the kernel's functions, verify the
# written DFG, check that mlir-opt (MLIR 22) parses it, and simulate `dot` from the file with
# hand-written inputs: 1*1 + 2*2 + 3*3 + 4*4 = 30.
set -euo pipefail
sim=$1 kernel=$2 out=$3
dfg=$out/dot.dfg.mlir
"$sim" lower "$kernel" --func dot -o "$dfg" --dot "$out/dot.dot"
"$sim" verify "$dfg"
/usr/lib/llvm-22/bin/mlir-opt --allow-unregistered-dialect "$dfg" >/dev/null
dot -Tsvg "$out/dot.dot" -o "$out/dot.svg"
printf '1 2 3 4\n' >"$out/v4.txt"
result=$("$sim" sim "$dfg" --mem 0="$out/v4.txt":4 --mem 1="$out/v4.txt":4 --arg 2=4)
echo "$result"
grep -qx 'result #0: 30' <<<"$result"
