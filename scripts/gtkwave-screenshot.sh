#!/usr/bin/env bash
# gtkwave-screenshot.sh TRACE VIEW PNG: opens TRACE (FST or VCD) with the save file VIEW
# (`loom-sim run ... --fst t.fst --gtkw v.gtkw`) in GTKWave on a virtual display (Xvfb)
# and saves what it shows as PNG. docs/debugging.md's GTKWave pictures are made with it:
#   build/loom-sim run tests/harness/inputs/invariant.mlir --inject mem-ctrl-raw \
#     --fst /tmp/scale.fst --gtkw /tmp/scale.gtkw
#   bash scripts/gtkwave-screenshot.sh /tmp/scale.fst /tmp/scale.gtkw docs/debugging-gtkwave.png
# Needs gtkwave, xvfb and imagemagick (scripts/install-deps.sh installs them).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: gtkwave-screenshot.sh TRACE VIEW PNG" >&2; exit 2; }
trace=$1 view=$2 png=$3
for tool in gtkwave xvfb-run import; do
  command -v "$tool" > /dev/null || { echo "gtkwave-screenshot.sh: $tool is not installed (bash scripts/install-deps.sh)" >&2; exit 2; }
done
out=$(cd "$(dirname "$png")" && pwd)/$(basename "$png")
# GTKWave draws a few seconds after it starts; the picture is the whole virtual screen,
# which the view's [size] fills.
xvfb-run -a -s "-screen 0 1400x900x24" bash -c '
  gtkwave --rcvar "splash_disable on" "$1" "$2" > /dev/null 2>&1 &
  pid=$!
  sleep "${GTKWAVE_WAIT:-6}"
  import -window root "$3"
  kill $pid 2> /dev/null || true
' _ "$trace" "$view" "$out"
[ -s "$out" ] || { echo "gtkwave-screenshot.sh: no picture was taken" >&2; exit 1; }
echo "$out"
