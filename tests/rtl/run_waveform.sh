#!/usr/bin/env bash
# rtl.waveform.*: one program run on the event engine with --vcd and on the Verilated
# twins with --rtl-trace; tests/rtl/vcd_compare.py then requires every channel's valid,
# ready, transfer and transferred token to agree in every cycle of the run.
# Usage: run_waveform.sh LOOM_SIM KERNEL CACHE_DIR [run options...]
set -uo pipefail
loom_sim=$(realpath "$1") kernel=$(realpath "$2") cache=$3
shift 3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$loom_sim" run "$kernel" "$@" --vcd "$work/loom.vcd" > /dev/null 2> "$work/event.err" ||
  { echo "event engine failed:"; cat "$work/event.err"; exit 1; }
"$loom_sim" run "$kernel" "$@" --engine verilator --rtl-fast-build --rtl-cache "$cache" \
  --rtl-trace "$work/twin.vcd" > /dev/null 2> "$work/twin.err" ||
  { echo "the twin failed:"; cat "$work/twin.err"; exit 1; }
# One file per twin: twin.vcd for the first loaded, twin.vcd.<function> for the others.
status=0
for f in "$work/twin.vcd" "$work"/twin.vcd.*; do
  [ -e "$f" ] || continue
  echo "$(basename "$f"):"
  python3 "$here/vcd_compare.py" check "$work/loom.vcd" "$f" || status=1
done
exit $status
