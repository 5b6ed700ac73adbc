#!/usr/bin/env bash
# fuzz-parser.sh [SECONDS] [JOBS]: builds the libFuzzer target for the parser with
# clang-14 (ASan+UBSan) and fuzzes it for SECONDS (default 60), seeded with every
# shipped kernel and test input. Crashes land in build-fuzz/crashes/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
secs=${1:-60}
jobs=${2:-1}

bash scripts/install-deps.sh
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DLOOM_FUZZ=ON -DLOOM_TESTS=OFF \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined" >/dev/null
ninja -C build-fuzz fuzz_parser
mkdir -p build-fuzz/corpus build-fuzz/crashes
cp kernels/*.mlir tests/sim/inputs/*.mlir build-fuzz/corpus/ 2>/dev/null || true
cd build-fuzz
./tests/fuzz/fuzz_parser -max_total_time="$secs" -jobs="$jobs" -workers="$jobs" -max_len=8192 \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix=crashes/ -print_final_stats=1 corpus/
