#!/usr/bin/env bash
# test.sh [--sanitize]: installs dependencies, builds, and runs the whole test suite
# through ctest. With --sanitize the suite runs on an ASan+UBSan build (build-asan/).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

dir=build
args=()
if [ "${1:-}" = "--sanitize" ]; then dir=build-asan; args+=(--sanitize); fi
bash scripts/build.sh "${args[@]}"
# install-deps.sh installed Slurm and this runs as root: the Slurm tests must run here,
# not skip (tests/sweep/local_cluster.sh).
if [ "$(id -u)" = 0 ]; then export LOOM_SLURM_REQUIRE=1; fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$dir" --output-on-failure -j"$(nproc)"
