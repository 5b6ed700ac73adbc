#!/usr/bin/env bash
# never_merge.sh LOOM_SIM INPUTS: never_merge.mlir merges %a with a handshake.never. It
# must verify and simulate on both engines to a + b (5 + 7 = 12), every check passing,
# the never firing no time and leaving nothing behind.
set -euo pipefail
sim=$1 in=$2
stats=$(mktemp)
trap 'rm -f "$stats"' EXIT
"$sim" verify "$in/never_merge.mlir"
for engine in event clocked; do
  out=$("$sim" sim "$in/never_merge.mlir" --arg 0=5 --arg 1=7 --engine "$engine" --stats "$stats")
  grep -q '^result #0: 12$' <<<"$out" || { echo "$engine: unexpected output: $out"; exit 1; }
  grep -q 'handshake.never' "$stats" || { echo "$engine: no never in the stats"; cat "$stats"; exit 1; }
done
echo "never: @pick(5, 7) = 12 on both engines"
