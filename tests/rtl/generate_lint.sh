#!/usr/bin/env bash
# rtl.generate.*: `loom-sim rtl` writes the library and the top of one function, and the
# result lints clean with `verilator --lint-only -Wall` (every port name and width the
# generator takes from the op table must match the library's modules).
# Usage: generate_lint.sh LOOM_SIM VERILATOR KERNEL FUNC
set -euo pipefail
loom_sim=$1 verilator=$2 kernel=$3 func=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$loom_sim" rtl "$kernel" --func "$func" -o "$dir"
top="$dir/loom_${func}.sv"
test -s "$top" || { echo "no top module written: $top" >&2; exit 1; }
cd "$dir"
"$verilator" --lint-only -Wall --top-module "loom_${func}" loom_*.sv
echo "loom_${func}: lint clean ($(grep -c '^  loom_fifo' "$top") channels)"
