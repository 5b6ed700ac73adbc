#!/usr/bin/env bash
# bench-rtl.sh [LOOM_SIM] [--repeat N] [--cache DIR]: the event engine head to head
# with the RTL twin. Runs each program on the event engine and on its Verilated twins
# (`run --engine verilator`), the same networks and the same cycles (checked: the two
# runs' cycle counts must agree), and prints the least of N runs of
#   event_ms  the event engine's simulation CPU time (report time.simulate_ms: the
#             networks' cycles only, not lowering or the golden runs);
#   twin_ms   the twins' model time (report time.rtl_model_ms: the driver's loop of
#             eval() calls and probe reads, not Verilator's build, not loading the
#             memories through the host ports);
# and twin_ms / event_ms. Programs: gemm 48x48x48 and a 128x128 stencil from
# bench/gen.py, and three shipped kernels. The first run builds the twins into the
# cache (default build/rtl-cache). Measurement only: it never fails on a ratio.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim=$root/build/loom-sim repeat=3 cache=$root/build/rtl-cache
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat=$2; shift ;;
    --cache) cache=$2; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) sim=$1 ;;
  esac
  shift
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/bench/gen.py" gemm 48 48 48 -o "$tmp/gemm48.mlir"
python3 "$root/bench/gen.py" stencil 128 2 -o "$tmp/stencil128.mlir"
kernels=("$tmp/gemm48.mlir" "$tmp/stencil128.mlir" "$root/kernels/floyd_warshall.mlir"
         "$root/kernels/collatz.mlir" "$root/kernels/fparith.mlir")
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["time"][sys.argv[2]])' "$@"; }
cycles() { python3 -c 'import json,sys; print(sum(c["cycles"] for c in json.load(open(sys.argv[1]))["calls"]))' "$1"; }
best() { # FIELD FILE ARGS...: the least FIELD of $repeat runs; leaves the cycles in $tmp/cycles
  local f=$1 least=
  shift
  for _ in $(seq "$repeat"); do
    "$sim" run "$@" --report "$tmp/r.json" > /dev/null 2> "$tmp/err" ||
      { echo "bench-rtl.sh: $* failed:" >&2; tail -3 "$tmp/err" >&2; exit 1; }
    ms=$(field "$tmp/r.json" "$f")
    least=$(python3 -c "print(min(float('$ms'), float('${least:-$ms}')))")
  done
  cycles "$tmp/r.json" > "$tmp/cycles"
  echo "$least"
}
printf '%-16s %12s %10s %10s %8s\n' program cycles event_ms twin_ms ratio
for k in "${kernels[@]}"; do
  # Build (or find) the twins first: the timed runs below only load them.
  "$sim" run "$k" --engine verilator --rtl-cache "$cache" > /dev/null 2>&1 || true
  event=$(best simulate_ms "$k")
  ec=$(cat "$tmp/cycles")
  twin=$(best rtl_model_ms "$k" --engine verilator --rtl-cache "$cache")
  tc=$(cat "$tmp/cycles")
  [ "$ec" = "$tc" ] || { echo "bench-rtl.sh: $(basename "$k"): cycles differ: event $ec, twin $tc" >&2; exit 1; }
  printf '%-16s %12s %10.1f %10.1f %7.2fx\n' "$(basename "$k" .mlir)" "$ec" "$event" "$twin" \
    "$(python3 -c "print($twin / max($event, 0.001))")"
done
