#!/usr/bin/env bash
# bench-systemc.sh [LOOM_SIM] [--repeat N]: what SystemC's scheduler costs. Runs
# each kernel on the event engine and with --systemc, keeps the least simulation
# CPU time of N runs of each (the report's time.simulate_ms: the networks'
# cycles only, not lowering or the golden runs) and prints the --systemc / event ratio.
# Kernels: gemm 48x48x48 and a 256x256 stencil from bench/gen.py, and the three largest
# shipped kernels by cycles. LOOM_SIM defaults to build/loom-sim (the README's build).
# Measurement only: it never fails on a ratio.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim=$root/build/loom-sim repeat=3
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat=$2; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) sim=$1 ;;
  esac
  shift
done
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/bench/gen.py" gemm 48 48 48 -o "$tmp/gemm48.mlir"
python3 "$root/bench/gen.py" stencil 256 2 -o "$tmp/stencil256.mlir"
kernels=("$tmp/gemm48.mlir" "$tmp/stencil256.mlir" "$root/kernels/gemm.mlir" "$root/kernels/gcd.mlir" "$root/kernels/bicg.mlir")
simulate_ms() { # FILE ARGS...: the least simulate_ms of $repeat runs
  local best=
  for _ in $(seq "$repeat"); do
    "$sim" run "$@" --report "$tmp/r.json" >/dev/null 2>&1 || true
    ms=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["time"]["simulate_ms"])' "$tmp/r.json")
    best=$(python3 -c "print(min(float('$ms'), float('${best:-$ms}')))")
  done
  echo "$best"
}
printf '%-16s %12s %10s %12s %7s\n' kernel cycles event_ms systemc_ms ratio
for k in "${kernels[@]}"; do
  event=$(simulate_ms "$k")
  cycles=$(python3 -c 'import json,sys; print(sum(c["cycles"] for c in json.load(open(sys.argv[1]))["calls"]))' "$tmp/r.json")
  sc=$(simulate_ms "$k" --systemc)
  printf '%-16s %12s %10.1f %12.1f %6.2fx\n' "$(basename "$k" .mlir)" "$cycles" "$event" "$sc" \
    "$(python3 -c "print($sc / max($event, 0.001))")"
done
