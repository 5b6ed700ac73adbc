#!/usr/bin/env bash
# soak.sh N [START]
#
# Runs seeds START .. START+N-1 (START defaults to 1) through scripts/difftest.sh, one
# job per core, then summarizes: passed, failed, and the failure classes with their
# seeds. Failing programs (with every output) stay in OUT/seed-S/; OUT/results.txt has
# one line per seed, OUT/summary.txt the summary.
#
# Environment: SOAK_SIZE (small|medium|large|mixed, default mixed), SOAK_SHAPE
# (difftest.sh --shape: normal|deep|wide|mixed|recurrence, default normal; recurrence:
# programs of known optimal II, each loop required to reach it), SOAK_JOBS (default
# nproc), SOAK_OUT (default out/soak-START-END), SOAK_KERNELS (--kernels), and
# DIFFTEST_TIMEOUT. The loom-sim and loom-gen binaries (LOOM_SIM / LOOM_GEN, default
# build/), scripts/difftest.sh and the oracle script are copied into OUT/bin first, so a
# rebuild or an edit during the soak does not disturb it.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

[ $# -ge 1 ] && [ $# -le 2 ] && [[ "$1" =~ ^[0-9]+$ ]] || { echo "usage: soak.sh N [START]" >&2; exit 2; }
n=$1
start=${2:-1}
[[ "$start" =~ ^[0-9]+$ ]] || { echo "soak.sh: START must be a number" >&2; exit 2; }
end=$((start + n - 1))
size=${SOAK_SIZE:-mixed}
shape=${SOAK_SHAPE:-normal}
jobs=${SOAK_JOBS:-$(nproc)}
out=${SOAK_OUT:-$root/out/soak-$start-$end}
sim=${LOOM_SIM:-$root/build/loom-sim}
gen=${LOOM_GEN:-$root/build/loom-gen}
for b in "$sim" "$gen"; do [ -x "$b" ] || { echo "soak.sh: $b not found (build first)" >&2; exit 2; }; done

mkdir -p "$out/bin"
# Snapshots: binaries and scripts may be rebuilt or edited while the soak runs.
cp "$sim" "$out/bin/loom-sim" && cp "$gen" "$out/bin/loom-gen" || exit 2
cp "$root/scripts/difftest.sh" "$root/scripts/check-ii-bound.py" "${ORACLE:-$root/scripts/oracle.sh}" \
  "$out/bin/" || exit 2
export LOOM_SIM=$out/bin/loom-sim LOOM_GEN=$out/bin/loom-gen ORACLE=$out/bin/$(basename "${ORACLE:-oracle.sh}")

kargs=()
[ -n "${SOAK_KERNELS:-}" ] && kargs=(--kernels "$SOAK_KERNELS")
echo "soak: seeds $start..$end, size $size, shape $shape, $jobs jobs, failures in $out"
t0=$(date +%s)
# Batches of 10 seeds per worker; each worker prints PASS/FAIL lines as it goes.
seq "$start" "$end" | xargs -P "$jobs" -n 10 "$out/bin/difftest.sh" --worker --size "$size" \
  --shape "$shape" --out "$out" "${kargs[@]}" >"$out/results.txt"
t1=$(date +%s)

pass=$(grep -c '^PASS' "$out/results.txt")
fail=$(grep -c '^FAIL' "$out/results.txt")
lost=$((n - pass - fail))
{
  echo "soak: seeds $start..$end ($size): $pass passed, $fail failed$([ $lost -gt 0 ] && echo ", $lost without result") in $((t1 - t0)) s"
  if [ "$fail" -gt 0 ]; then
    echo "failure classes (count, class, seeds):"
    # "FAIL seed S: CLASS" -> group by class
    sed -n 's/^FAIL seed \([0-9]*\): \(.*\)$/\2\t\1/p' "$out/results.txt" | sort -t$'\t' -k1,1 -k2,2n |
      awk -F'\t' 'function out() { printf "%5d  %s  [seeds: %s%s]\n", k, c, s, (k > 12 ? " ..." : "") }
                  { if ($1 != c) { if (c != "") out(); c = $1; k = 0; s = "" }
                    k++; if (k <= 12) s = s (s == "" ? "" : " ") $2 }
                  END { if (c != "") out() }' | sort -k1,1nr -s
    echo "programs and outputs: $out/seed-S/ (class, prog.mlir, *.out, *.err, *.diff)"
  fi
} | tee "$out/summary.txt"
[ "$fail" -eq 0 ] && [ $lost -eq 0 ]
