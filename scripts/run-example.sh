#!/usr/bin/env bash
# run-example.sh [KERNEL]: installs dependencies, builds the loom-sim executable alone
# (scripts/test.sh builds the rest in the same build/, reusing this build's work), and
# runs the main job on a shipped kernel (default kernels/gemm.mlir): the program with its
# accelerated calls on the dataflow simulator and every harness check on; then compares
# the output with the kernel's .expected (made by the oracle, MLIR 22's mlir-runner). The
# JSON report is left in build/example-report.json.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
kernel=${1:-kernels/gemm.mlir}

bash scripts/build.sh --target loom-sim
echo "== loom-sim run $kernel   (every non-main function on the cycle-accurate dataflow simulator)"
./build/loom-sim run "$kernel" --report build/example-report.json | tee /tmp/loom-example.out
exp="${kernel%.mlir}.expected"
if [ -f "$exp" ]; then
  if diff -q <(sed -E 's/base@ = 0x[0-9a-fA-F]+//' "$exp") \
             <(sed -E 's/base@ = 0x[0-9a-fA-F]+//' /tmp/loom-example.out) >/dev/null; then
    echo "== output matches $exp (the MLIR 22 oracle's output)"
  else
    echo "== output DIFFERS from $exp" >&2
    exit 1
  fi
fi
