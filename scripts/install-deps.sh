#!/usr/bin/env bash
# Installs loom-sim's build and test dependencies from Debian packages.
# Idempotent: packages already present are skipped by apt.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  lld                            # links in a sixth of GNU ld's time (CMakeLists.txt, LOOM_LLD)
  libsystemc-dev libboost-graph-dev catch2 libspdlog-dev libfmt-dev
  libcli11-dev nlohmann-json3-dev
  libtomlplusplus-dev            # sweep manifests: TOML, each value with its line and column
  # MLIR 22: the front end's parser and verifier and, with mlir-runner (mlir-22-tools)
  # and the runner libraries, the independent oracle; llvm-22-dev is needed by MLIR's
  # CMake config; llvm-22-tools gives FileCheck and lit.
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
  clang-14 libclang-rt-14-dev    # libFuzzer target and sanitizer builds
  clang-format-14                # format.check: the code stays as .clang-format says
  graphviz                       # DOT rendering check
  gtkwave                        # fst2vcd and the viewer: FST round trip, --gtkw screenshots
  xvfb xauth                     # GTKWave under a virtual display for the screenshot script
  imagemagick                    # `import`: the screenshot of that display
  chromium                       # headless: the --html page's DOM test and screenshot
  zlib1g-dev                     # GTKWave's FST writer (built from verilator's copy) needs zlib
  python3                        # bench/gen.py, tests that generate kernels or read files
  verilator                      # the RTL twin (rtl/, docs/rtl.md): lint, per-op tests, runs
  yosys                          # the RTL twin: synthesis without latches, cell counts
  help2man                       # the man page `cmake --install` installs, from --help
  groff-base                     # ... rendered in its test (man -l, or groff alone)
  bash-completion                # the completion `cmake --install` installs is tested in it
  python3-jsonschema             # every report is validated against docs/report.schema.json
  jq                             # the README's `--report - | jq` is run as written
  python3-junitparser            # run --junit is read back by a JUnit consumer's parser
  slurm-wlm                      # sbatch, slurmctld, slurmd: the one-node cluster of scripts/slurm-local.sh
  munge                          # Slurm's authentication; slurm-local.sh runs its own munged
  gnuplot-nox                    # sweep report's plots: pngcairo and svg terminals, no X
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
