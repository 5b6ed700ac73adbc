#!/usr/bin/env bash
# br_equiv.sh LOOM_SIM INPUTS: dot_br.dfg.mlir is dot.dfg.mlir with a handshake.br between
# the mulf and the addf. It must verify, simulate to the same results, and take longer (the dot
# product of random:1 and random:2 over 4 elements is 150.916, as mlir-runner prints it
# for kernels/dot.mlir on those inputs).
set -euo pipefail
sim=$1 in=$2
args=(--mem 0=random:1:4 --mem 1=random:2:4 --arg 2=4)
"$sim" verify "$in/dot_br.dfg.mlir"
a=$("$sim" sim "$in/dot.dfg.mlir" "${args[@]}")
b=$("$sim" sim "$in/dot_br.dfg.mlir" "${args[@]}" --vcd /dev/null)
# Line 1 is "@dot: done after N cycles"; the rest the results and memories.
[ "$(tail -n +2 <<<"$a")" = "$(tail -n +2 <<<"$b")" ] ||
  { echo "results differ with the br:"; diff <(echo "$a") <(echo "$b"); exit 1; }
grep -q '^result #0: 150.916$' <<<"$b" || { echo "unexpected result: $b"; exit 1; }
# A br is one more op on the mulf -> addf path: a token spends at least a cycle in it.
ca=$(head -1 <<<"$a" | grep -o '[0-9]* cycles' | cut -d' ' -f1)
cb=$(head -1 <<<"$b" | grep -o '[0-9]* cycles' | cut -d' ' -f1)
[ "$cb" -gt "$ca" ] || { echo "the br took no time: $ca cycles without, $cb with"; exit 1; }
echo "br: same results, $ca cycles without it, $cb with it"
