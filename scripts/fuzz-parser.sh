#!/usr/bin/env bash
# fuzz-parser.sh [SECONDS] [JOBS]: builds the libFuzzer target for the parser with
# clang-14 (ASan+UBSan) and fuzzes it for SECONDS (default 60), seeded with every
# shipped kernel and test input, deep and wide programs (tests/robust/gen.py: 100 to
# 600 nested regions, long chains, wide blocks, many functions, long calls) and
# loom-gen's deep and wide shapes, and LOOM's own files: every *.mlir in
# $LOOM_CORPUS_DIR (default ../shared/loom-corpus; skipped, saying so, where absent),
# copied into build-fuzz/corpus/, never into the tree. Inputs up to 128 KiB, so that
# LOOM's largest (67 KB) are not cut. The target parses, verifies, prints back and runs
# main in the interpreter, and reads a handshake.func as LOOM's form
# (tests/fuzz/fuzz_parser.cpp). Crashes land in build-fuzz/crashes/. Ends with one line:
# inputs tried, seconds, crashes, new corpus units, peak RSS; exits 1 if any crash.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
secs=${1:-60}
jobs=${2:-1}

bash scripts/install-deps.sh
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DLOOM_FUZZ=ON -DLOOM_TESTS=OFF \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined" >/dev/null
ninja -C build-fuzz fuzz_parser loom-gen
mkdir -p build-fuzz/corpus build-fuzz/crashes
cp kernels/*.mlir tests/cli/inputs/*.mlir build-fuzz/corpus/ 2>/dev/null || true
for seed in if:100 if:500 for:300 while:200 exec:600 accel-for:128 chain:1000 wide:500 \
  funcs:200 operands:300 recursion:50000 nested-recursion:20 alloc:1000000 oob:99; do
  python3 tests/robust/gen.py "${seed%%:*}" "${seed##*:}" "build-fuzz/corpus/robust-${seed/:/-}.mlir" >/dev/null
done
for s in $(seq 1 10); do
  build-fuzz/loom-gen --seed "$s" --shape deep >"build-fuzz/corpus/gen-deep-$s.mlir"
  build-fuzz/loom-gen --seed "$s" --shape wide >"build-fuzz/corpus/gen-wide-$s.mlir"
done
loom_corpus=${LOOM_CORPUS_DIR:-$root/../shared/loom-corpus}
loom_seeds=("$loom_corpus"/*.mlir)
if [ ! -d "$loom_corpus" ]; then
  echo "fuzz-parser: LOOM seeds skipped: no folder $loom_corpus (set LOOM_CORPUS_DIR)"
elif [ ! -e "${loom_seeds[0]}" ]; then
  echo "fuzz-parser: LOOM seeds skipped: no *.mlir in $loom_corpus"
else
  # Prefixed: a LOOM file named like a kernel must not replace it.
  for f in "${loom_seeds[@]}"; do cp "$f" "build-fuzz/corpus/loom-$(basename "$f")"; done
  echo "fuzz-parser: ${#loom_seeds[@]} LOOM seeds from $loom_corpus"
fi
cd build-fuzz
# With -jobs, libFuzzer copies each job's log to stderr: counts are summed over them,
# peak RSS is the largest.
start=$SECONDS
rc=0
./tests/fuzz/fuzz_parser -max_total_time="$secs" -jobs="$jobs" -workers="$jobs" -max_len=131072 \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix=crashes/ -print_final_stats=1 corpus/ \
  2>&1 | tee fuzz-parser.log || rc=$?
figure() { awk -v k="stat::$1:" -v max="$2" '$1 == k { n = max ? (n > $2 ? n : $2) : n + $2 }
  END { print n + 0 }' fuzz-parser.log | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
# slow-unit-* files are slow inputs, not crashes.
crashes=$(find crashes -type f ! -name 'slow-unit-*' | wc -l)
echo "fuzz-parser: $(figure number_of_executed_units 0) inputs tried in $((SECONDS - start)) s," \
  "$crashes crashes, $(figure new_units_added 0) new corpus units, peak RSS $(figure peak_rss_mb 1) MB"
[ "$crashes" -eq 0 ] && [ "$rc" -eq 0 ] || exit 1
