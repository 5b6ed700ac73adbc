#!/usr/bin/env bash
# build.sh [--sanitize] [--release] [--target T] [--dir DIR]: installs dependencies (Debian
# packages) and builds loom-sim with CMake + Ninja: everything, or with --target only T
# and what it needs (run-example.sh: loom-sim). Default build dir: build/ (build-asan/
# with --sanitize, build-release/ with --release, DIR with --dir). A build of one target
# and a later build of everything in the same directory share the configuration, so the
# second compiles only what the first did not. --sanitize compiles each file alone
# (-DLOOM_UNITY=OFF, cmake/unity.cmake).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

dir=build
type=RelWithDebInfo
extra=()
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize) dir=build-asan; type=Debug; extra+=(-DLOOM_SANITIZE=ON -DLOOM_UNITY=OFF) ;;
    --release) dir=build-release; type=Release ;;
    --target) targets+=("${2:?build.sh: --target needs a target}"); shift ;;
    --dir) dir=${2:?build.sh: --dir needs a directory}; shift ;;
    *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

bash scripts/install-deps.sh
# Warnings are errors on the toolchain install-deps.sh installs (CMakeLists.txt, LOOM_WERROR).
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" -DLOOM_WERROR=ON "${extra[@]}" >/dev/null
ninja -C "$dir" -j"$(nproc)" "${targets[@]}"
