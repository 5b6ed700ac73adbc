#!/usr/bin/env bash
# html-screenshot.sh [OUT.png]: the picture of `run --html` in docs/debugging.md ("Seeing
# it"): the page of tests/harness/inputs/invariant.mlir with the invariant on
# raw_will_continue (--inject invariant-raw), opened in headless Chromium with the root
# cause's op selected in the network. Run from the repository after the build (needs
# build/loom-sim, Graphviz and chromium: scripts/install-deps.sh installs them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/docs/debugging-html.png}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$root"
build/loom-sim run tests/harness/inputs/invariant.mlir --inject invariant-raw \
  --html "$dir/page.html" > /dev/null 2>&1 || [ $? -eq 1 ] # the run fails on purpose
# The first root cause's op: the page opens on it (#select=ID).
id=$(python3 - "$dir/page.html" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
data = json.loads(re.search(r'<script type="application/json" id="loom-data">(.*?)</script>', text, re.S).group(1))
root = data["report"]["causes"][0]["finding"]
print(data["findings"][root]["marks"][0])
PY
)
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$dir/profile" \
  --window-size=1400,1750 --screenshot="$out" "file://$dir/page.html#select=$id" > /dev/null 2>&1
echo "wrote $out"
