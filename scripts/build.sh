#!/usr/bin/env bash
# build.sh [--sanitize] [--release]: installs dependencies (Debian packages) and builds
# loom-sim with CMake + Ninja. Default build dir: build/ (build-asan/ with --sanitize).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

dir=build
type=RelWithDebInfo
extra=()
for a in "$@"; do
  case "$a" in
    --sanitize) dir=build-asan; type=Debug; extra+=(-DLOOM_SANITIZE=ON) ;;
    --release) dir=build-release; type=Release ;;
    *) echo "build.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

bash scripts/install-deps.sh
# Warnings are errors on the toolchain install-deps.sh installs (CMakeLists.txt, LOOM_WERROR).
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" -DLOOM_WERROR=ON "${extra[@]}" >/dev/null
ninja -C "$dir" -j"$(nproc)"
