#!/usr/bin/env bash
# trace_cost.sh LOOM-SIM [N] [REPEAT]: what a waveform costs on gemm N^3 (default 48,
# bench/gen.py): `loom-sim run` without a trace, with --vcd and with --fst, best of
# REPEAT (default 3) wall-clock times, each trace's size, and the ratio of each time to
# the run without a trace. Prints a table; asserts nothing (docs/traces.md quotes it).
set -euo pipefail
sim=$1 n=${2:-48} repeat=${3:-3}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 "$root/bench/gen.py" gemm "$n" "$n" "$n" -o "$dir/gemm.mlir"

best() { # best wall time in seconds of REPEAT runs of "$@"
  local b=""
  for _ in $(seq "$repeat"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    t1=$(date +%s.%N)
    b=$(python3 -c "import sys; t=float(sys.argv[2])-float(sys.argv[1]); b=sys.argv[3]; print(t if not b or t < float(b) else b)" "$t0" "$t1" "$b")
  done
  echo "$b"
}

base=$(best "$sim" run "$dir/gemm.mlir")
vcd=$(best "$sim" run "$dir/gemm.mlir" --vcd "$dir/t.vcd")
fst=$(best "$sim" run "$dir/gemm.mlir" --fst "$dir/t.fst")
python3 - "$n" "$base" "$vcd" "$fst" "$(stat -c %s "$dir/t.vcd")" "$(stat -c %s "$dir/t.fst")" <<'PY'
import sys
n, base, vcd, fst, vb, fb = sys.argv[1], *map(float, sys.argv[2:5]), *map(int, sys.argv[5:7])
print(f"gemm {n}^3, best of runs, wall-clock seconds")
print(f"{'trace':<10}{'seconds':>9}{'x no trace':>12}{'size':>14}")
print(f"{'none':<10}{base:>9.2f}{1:>12.2f}{'-':>14}")
print(f"{'--vcd':<10}{vcd:>9.2f}{vcd / base:>12.2f}{vb / 2**20:>11.1f} MiB")
print(f"{'--fst':<10}{fst:>9.2f}{fst / base:>12.2f}{fb / 2**20:>11.1f} MiB")
print(f"FST is {vb / fb:.0f}x smaller than the VCD")
PY
