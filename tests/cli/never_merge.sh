#!/usr/bin/env bash
# never_merge.sh LOOM_SIM INPUTS: never_merge.mlir merges %a with a handshake.never. It
# must verify and simulate on both engines to a + b (5 + 7 = 12) with the same token
# log, in which the never's channel carries no token.
set -euo pipefail
sim=$1 in=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$sim" verify "$in/never_merge.mlir"
for engine in event clocked; do
  out=$("$sim" sim "$in/never_merge.mlir" --arg 0=5 --arg 1=7 --engine "$engine" \
    --tokens "$work/$engine.tokens")
  grep -q '^result #0: 12$' <<<"$out" || { echo "$engine: unexpected output: $out"; exit 1; }
done
cmp "$work/event.tokens" "$work/clocked.tokens" || { echo "the engines' token logs differ"; exit 1; }
ch=$(sed -n 's|^# channel \([0-9]*\) .* pick/%never:0 -> .*|\1|p' "$work/event.tokens")
[ -n "$ch" ] || { echo "no channel from the never in the token log"; exit 1; }
if grep -q "^[0-9]* $ch " "$work/event.tokens"; then
  echo "the never's channel $ch carried a token:"
  cat "$work/event.tokens"
  exit 1
fi
echo "never: @pick(5, 7) = 12 on both engines, nothing on its channel $ch"
