#!/usr/bin/env bash
# graph_render.sh LOOM_SIM [KERNEL.mlir ...]: how long the run graph of the largest
# networks takes (default: every shipped kernel, the three with the most channels).
# For each: channels, the seconds of `run` alone, of `run --dot`, of `run --svg`
# (Graphviz's dot renders it), and the SVG's size. Wall-clock seconds of one run each.
# The counts are external labels (xlabel): as plain labels, deep_nest took 124 s.
set -uo pipefail
sim=$(realpath "$1")
shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=("$root"/kernels/*.mlir)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for k in "${kernels[@]}"; do
  "$sim" lower "$k" -o /dev/null --dot "$dir/l.dot" 2>/dev/null || continue
  echo "$(grep -c -- '->' "$dir/l.dot") $k"
done | sort -n | tail -3 > "$dir/largest"
secs() { local t0=$EPOCHREALTIME; "$@" > /dev/null 2>&1; awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }'; }
printf '%-22s %9s %8s %8s %8s %10s\n' kernel channels run "--dot" "--svg" "svg bytes"
while read -r n k; do
  a=$(secs "$sim" run "$k")
  b=$(secs "$sim" run "$k" --dot "$dir/r.dot")
  c=$(secs "$sim" run "$k" --svg "$dir/r.svg")
  printf '%-22s %9d %8.2f %8.2f %8.2f %10d\n' "$(basename "$k" .mlir)" "$n" "$a" "$b" "$c" \
    "$(stat -c %s "$dir/r.svg")"
done < "$dir/largest"
