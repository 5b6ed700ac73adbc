#!/usr/bin/env bash
# trace_cost.sh LOOM-SIM [N] [REPEAT]: what a waveform costs on gemm N^3 (default 48,
# bench/gen.py): `loom-sim run` without a trace, with --vcd and with --fst, best of
# REPEAT (default 3) wall-clock times, each trace's size, and the ratio of each time to
# the run without a trace. Then the floor under --fst: GTKWave's FST writer alone on the
# VCD's changes (bench/fst_floor, built beside loom-sim: best of REPEAT), which no
# --fst run can beat. Prints a table; asserts nothing (docs/performance.md quotes it).
set -euo pipefail
sim=$1 n=${2:-48} repeat=${3:-3}
floor_bin=${FST_FLOOR:-$(dirname "$sim")/bench/fst_floor}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 "$root/bench/gen.py" gemm "$n" "$n" "$n" -o "$dir/gemm.mlir"

best() { # best wall time in seconds of REPEAT runs of "$@" (exit code $ok, default 0)
  local b=""
  for _ in $(seq "$repeat"); do
    local t0 t1 rc=0
    t0=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || rc=$?
    [ "$rc" -eq "${ok:-0}" ] || { echo "failed ($rc): $*" >&2; exit 1; }
    t1=$(date +%s.%N)
    b=$(python3 -c "import sys; t=float(sys.argv[2])-float(sys.argv[1]); b=sys.argv[3]; print(t if not b or t < float(b) else b)" "$t0" "$t1" "$b")
  done
  echo "$b"
}

base=$(best "$sim" run "$dir/gemm.mlir")
vcd=$(best "$sim" run "$dir/gemm.mlir" --vcd "$dir/t.vcd")
fst=$(best "$sim" run "$dir/gemm.mlir" --fst "$dir/t.fst")
# The time before the first cycle: a run stopped after one (exit 1: it did not finish).
first=$(ok=1 best "$sim" run "$dir/gemm.mlir" --max-cycles 1)
floor=-
if [ -x "$floor_bin" ]; then
  floor=$(for _ in $(seq "$repeat"); do "$floor_bin" "$dir/t.vcd" "$dir/f.fst" | awk '{print $(NF-1)}'; done |
    sort -g | head -1)
fi
python3 - "$n" "$base" "$vcd" "$fst" "$(stat -c %s "$dir/t.vcd")" "$(stat -c %s "$dir/t.fst")" "$first" "$floor" <<'PY'
import sys
n, base, vcd, fst, vb, fb = sys.argv[1], *map(float, sys.argv[2:5]), *map(int, sys.argv[5:7])
first, floor = float(sys.argv[7]), sys.argv[8]
print(f"gemm {n}^3, best of runs, wall-clock seconds")
print(f"{'trace':<10}{'seconds':>9}{'x no trace':>12}{'size':>14}")
print(f"{'none':<10}{base:>9.2f}{1:>12.2f}{'-':>14}")
print(f"{'--vcd':<10}{vcd:>9.2f}{vcd / base:>12.2f}{vb / 2**20:>11.1f} MiB")
print(f"{'--fst':<10}{fst:>9.2f}{fst / base:>12.2f}{fb / 2**20:>11.1f} MiB")
print(f"FST is {vb / fb:.0f}x smaller than the VCD")
if floor != "-":
    f = float(floor)
    print(f"fstapi alone on these changes (bench/fst_floor): {f:.2f} s = {f / base:.2f}x the run without a trace")
    print(f"floor under --fst: {first:.2f} s to the first cycle + {f:.2f} s = {(first + f) / base:.2f}x")
PY
