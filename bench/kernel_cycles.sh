#!/usr/bin/env bash
# kernel_cycles.sh LOOM_SIM [KERNEL.mlir...]: one line per accelerated call of every
# kernel (default: kernels/*.mlir) on both engines: kernel, engine, function,
# invocation, start cycle, cycles, transfers, results, the run's op firings, and a
# digest of every op's counters (firings, active, input-stall and output-stall cycles,
# from --stats).
# A performance change must leave this output byte-identical: diff the output of the
# binary before and after the change (docs/performance.md).
set -uo pipefail
sim=$1
shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$root"/kernels/*.mlir)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in "${files[@]}"; do
  for e in event clocked; do
    "$sim" run "$k" --engine "$e" --report "$tmp/r.json" >"$tmp/out" 2>/dev/null
    rc=$?
    "$sim" run "$k" --engine "$e" --stats "$tmp/s.json" >/dev/null 2>&1
    python3 - "$tmp/r.json" "$(basename "$k" .mlir)" "$e" "$rc" "$tmp/s.json" <<'EOF'
import hashlib, json, sys
path, kernel, engine, rc, stats = sys.argv[1:]
try:
    s = json.load(open(stats))
    rows = [(n["function"], o["name"], o["firings"], o["active_cycles"], o["input_stall_cycles"],
             o["output_stall_cycles"]) for n in s["networks"] for o in n["ops"]]
    digest = hashlib.sha1(repr(rows).encode()).hexdigest()[:16]
except Exception:
    digest = "none"
try:
    r = json.load(open(path))
except Exception:
    print(kernel, engine, "no report, exit", rc)
    sys.exit(0)
for c in r["calls"]:
    print(kernel, engine, c["function"], c["invocation"], c["start_cycle"], c["cycles"], c["transfers"],
          " ".join(c["results"]), "passed" if c["passed"] else "FAILED")
print(kernel, engine, "firings", r.get("firings"), "counters", digest, "exit", rc)
EOF
  done
done
