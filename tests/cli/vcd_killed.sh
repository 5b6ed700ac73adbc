#!/usr/bin/env bash
# vcd_killed.sh LOOM_SIM GEN_PY DIR: a run killed (SIGTERM, as Ctrl-C or a job
# scheduler would) while writing a big VCD leaves the text written so far and nothing
# else: no zero bytes of the room the file is grown ahead by (traces/trace_out.h).
set -uo pipefail
sim=$1 gen=$2 dir=$3
mkdir -p "$dir"
k=$dir/killed_collatz.mlir
vcd=$dir/killed.vcd
python3 "$gen" collatz 20000 -o "$k" || exit 1
rm -f "$vcd"
"$sim" run "$k" --vcd "$vcd" >/dev/null 2>&1 &
pid=$!
# Wait for ~24 MiB of VCD (the file grows in 8 MiB steps ahead of the text).
for _ in $(seq 1200); do  # up to 4 minutes (sanitizer builds are slow)
  size=$(stat -c %s "$vcd" 2>/dev/null || echo 0)
  [ "$size" -ge 25165824 ] && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.2
done
kill -TERM $pid 2>/dev/null
wait $pid
rc=$?
if [ $rc -ne 143 ]; then
  echo "expected the run to die of SIGTERM (exit 143), got $rc" >&2
  exit 1
fi
python3 - "$vcd" <<'PY' || exit 1
import sys
data = open(sys.argv[1], 'rb').read()
if len(data) < (1 << 20):
    sys.exit(f"only {len(data)} bytes kept")
zero = data.find(bytes(1))
if zero >= 0:
    sys.exit(f"zero bytes in the file, the first at {zero} of {len(data)}")
if not data.startswith(b'$version loom-sim'):
    sys.exit("not a loom-sim VCD")
if b'$enddefinitions $end' not in data:
    sys.exit("the header is incomplete")
print(f"killed run left {len(data)} bytes of VCD text, no zero bytes")
PY
rm -f "$vcd" "$k"
