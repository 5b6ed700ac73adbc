#!/usr/bin/env bash
# engine_cost.sh [LOOM_SIM] [--engine E]: what one transfer costs, in instructions.
# Runs gemm 32^3 and collatz 1..2000 (bench/gen.py) under valgrind's callgrind with
# collection on only inside the network runs (Network::invoke), and prints per program
# the instructions of the simulation, and per cycle, evaluation and transfer (cycles,
# transfers and evaluations from the run's --report). Instruction counts are
# deterministic, unlike times on a shared machine: the A/B measure for a change to the
# engine (docs/performance.md "Where the time goes"). Measurement only. Installs
# valgrind (Debian package) if it is missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim=$root/build/loom-sim engine=event
while [ $# -gt 0 ]; do
  case "$1" in
    --engine) engine=$2; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "engine_cost.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) sim=$1 ;;
  esac
  shift
done
[ -x "$sim" ] || { echo "engine_cost.sh: no loom-sim at $sim" >&2; exit 2; }
if ! command -v valgrind > /dev/null; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends valgrind > /dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/bench/gen.py" gemm 32 32 32 -o "$tmp/gemm32.mlir"
python3 "$root/bench/gen.py" collatz 2000 -o "$tmp/collatz2000.mlir"
printf '%-14s %14s %10s %12s %12s %9s %9s %9s\n' program instructions cycles transfers evaluations \
  per-cycle per-eval per-transfer
for k in gemm32 collatz2000; do
  "$sim" run "$tmp/$k.mlir" --engine "$engine" --report "$tmp/$k.json" > /dev/null 2> "$tmp/$k.log" ||
    { echo "engine_cost.sh: $k failed:" >&2; tail -3 "$tmp/$k.log" >&2; exit 1; }
  valgrind --tool=callgrind --callgrind-out-file="$tmp/$k.cg" \
    --toggle-collect='loom::sim::Network::invoke*' \
    "$sim" run "$tmp/$k.mlir" --engine "$engine" > /dev/null 2> "$tmp/$k.log" ||
    { echo "engine_cost.sh: callgrind run of $k failed:" >&2; tail -3 "$tmp/$k.log" >&2; exit 1; }
  python3 - "$k" "$tmp/$k.cg" "$tmp/$k.json" <<'PY'
import json, re, sys
name, cg, report = sys.argv[1:]
instr = 0
for line in open(cg):
    m = re.match(r"(?:summary|totals):\s+(\d+)", line)
    if m:
        instr = int(m.group(1))
r = json.load(open(report))
cycles = sum(c["cycles"] for c in r["calls"])
transfers = sum(c["transfers"] for c in r["calls"])
evals = r["evaluations"]
print(f"{name:<14} {instr:>14,} {cycles:>10,} {transfers:>12,} {evals:>12,} "
      f"{instr / cycles:>9.0f} {instr / evals:>9.0f} {instr / transfers:>9.0f}")
PY
done
