#!/usr/bin/env bash
# graph_render.sh LOOM_SIM [KERNEL.mlir ...]: how long the run graph of the largest
# networks takes (default: every shipped kernel, the three with the most channels).
# For each: channels, the seconds of `run` alone, of `run --dot`, of `run --svg`
# (Graphviz's dot renders it), and the SVG's size; then the run's HTML page: the seconds
# of `run --html`, the page's size, and the seconds headless Chromium takes to load it,
# run its script (the graph, the plots, the tables) and print the DOM (`--dump-dom`,
# as the test cli.html_report reads it). Wall-clock seconds of one run each.
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
browser=$(command -v chromium || command -v chromium-browser || true)
dom() { # the page's DOM after its script ran, as cli.html_report loads it
  "$browser" --headless=new --no-sandbox --disable-gpu --user-data-dir="$dir/profile" \
    --dump-dom "file://$1" > "$dir/dom.html" 2> /dev/null
}
printf '%-22s %9s %8s %8s %8s %10s %8s %10s %9s\n' kernel channels run "--dot" "--svg" \
  "svg bytes" "--html" "page bytes" chromium
while read -r n k; do
  a=$(secs "$sim" run "$k")
  b=$(secs "$sim" run "$k" --dot "$dir/r.dot")
  c=$(secs "$sim" run "$k" --svg "$dir/r.svg")
  h=$(secs "$sim" run "$k" --html "$dir/r.html")
  p=-
  [ -z "$browser" ] || p=$(printf "%.2f" "$(secs dom "$dir/r.html")")
  printf '%-22s %9d %8.2f %8.2f %8.2f %10d %8.2f %10d %9s\n' "$(basename "$k" .mlir)" "$n" "$a" \
    "$b" "$c" "$(stat -c %s "$dir/r.svg")" "$h" "$(stat -c %s "$dir/r.html")" "$p"
  [ -z "$browser" ] || grep -q "<svg" "$dir/dom.html" || echo "  (the page's DOM has no graph)"
done < "$dir/largest"
if [ -n "$browser" ]; then
  echo '<!DOCTYPE html><title>empty</title><p>empty</p>' > "$dir/empty.html"
  echo "chromium on an empty page (its own start): $(printf "%.2f" "$(secs dom "$dir/empty.html")") s"
else
  echo "chromium is not installed: the page's load is not timed"
fi

