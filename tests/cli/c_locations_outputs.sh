#!/usr/bin/env bash
# c_locations_outputs.sh LOOM_SIM   (run from the repository root)
# A kernel whose ops carry C locations: the recorded source and the .mlir line appear
# together in the --report finding ("source", with "mlir" beside it), in the VCD's
# $comment of each op scope (which GTKWave's vcd2fst still reads), and in the DOT
# tooltips.
set -uo pipefail
sim=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
k=kernels/scale_c.mlir
"$sim" run $k --inject mem-ctrl-raw --vcd "$dir/s.vcd" --report "$dir/r.json" >/dev/null 2>&1
[ $? -eq 1 ] || { echo "the injected run should fail"; exit 1; }
python3 - "$dir/r.json" <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
q = [f for f in r["findings"] if f["check"] == "quiescence"]
assert q, "no quiescence finding"
assert q[0]["source"] == "scale.c:7:13 (kernels/scale_c.mlir:8:10)", q[0]["source"]
assert q[0]["mlir"] == "kernels/scale_c.mlir:8:10", q[0]["mlir"]
PY
grep -qF '$comment memref.load at scale.c:7:13 (kernels/scale_c.mlir:8:10) $end' "$dir/s.vcd" ||
  { echo "no source comment in the VCD"; exit 1; }
vcd2fst "$dir/s.vcd" "$dir/s.fst" >/dev/null 2>&1 || { echo "vcd2fst rejects the VCD"; exit 1; }
"$sim" lower $k --dot "$dir/s.dot" -o /dev/null || exit 1
grep -qF 'tooltip="scale/for0.guard/for0/load.a (handshake.load) at scale.c:7:13 (kernels/scale_c.mlir:8:10)"' "$dir/s.dot" ||
  { echo "no source in the DOT tooltip"; exit 1; }
echo "ok: report, VCD and DOT name scale.c:7:13 beside kernels/scale_c.mlir:8:10"
