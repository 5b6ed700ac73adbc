#!/usr/bin/env bash
# fst_floor.sh LOOM_SIM FST_FLOOR ROOT: bench/fst_floor replays a VCD of gemm 16^3
# (several of its blocks) through GTKWave's FST writer, and GTKWave's own reader
# (fst2vcd) finds the VCD's waveform in the FST it writes: the floor it measures is the
# work of writing that waveform. Its count of changes is the VCD's. Bad arguments exit 2.
set -uo pipefail
sim=$1 floor=$2 root=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*" >&2; exit 1; }

python3 "$root/bench/gen.py" gemm 16 16 16 -o "$dir/gemm.mlir"
"$sim" run "$dir/gemm.mlir" --vcd "$dir/g.vcd" > /dev/null 2>&1 || fail "gemm 16^3 failed"
out=$("$floor" "$dir/g.vcd" "$dir/g.fst" 4096) || fail "fst_floor failed: $out"
fst2vcd "$dir/g.fst" > "$dir/back.vcd" 2> /dev/null || fail "fst2vcd cannot read fst_floor's FST"
python3 "$root/tests/cli/wave_check.py" "$dir/g.vcd" "$dir/back.vcd" || fail "fst_floor's FST differs from the VCD"
# Value lines after $enddefinitions ($dumpvars' initial values included), counted apart.
changes=$(sed '1,/^\$enddefinitions/d' "$dir/g.vcd" | grep -c '^[01xzbr]')
steps=$(grep -c '^#' "$dir/g.vcd")
[[ $out == "fstapi: $changes changes at $steps time steps in "*" s" ]] ||
  fail "fst_floor says '$out', the VCD has $changes changes at $steps time steps"
"$floor" "$dir/missing.vcd" "$dir/m.fst" > /dev/null 2> "$dir/err"
[ $? -eq 2 ] && grep -q "cannot read" "$dir/err" || fail "a missing VCD: $(cat "$dir/err")"
"$floor" > /dev/null 2>&1
[ $? -eq 2 ] || fail "no arguments is not a usage error"
echo "fst_floor: $out, read back equal"
