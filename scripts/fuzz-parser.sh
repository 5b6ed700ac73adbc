#!/usr/bin/env bash
# fuzz-parser.sh [SECONDS] [JOBS]: builds the libFuzzer target for the parser with
# clang-14 (ASan+UBSan) and fuzzes it for SECONDS (default 60), seeded with every
# shipped kernel and test input, deep and wide programs (tests/robust/gen.py: 100 to
# 600 nested regions, long chains, wide blocks, many functions, long calls) and
# loom-gen's deep and wide shapes. The target parses, verifies, prints back and runs
# main in the interpreter (tests/fuzz/fuzz_parser.cpp). Crashes land in
# build-fuzz/crashes/.
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
cd build-fuzz
./tests/fuzz/fuzz_parser -max_total_time="$secs" -jobs="$jobs" -workers="$jobs" -max_len=65536 \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix=crashes/ -print_final_stats=1 corpus/
