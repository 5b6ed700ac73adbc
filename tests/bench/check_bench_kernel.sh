#!/usr/bin/env bash
# check_bench_kernel.sh LOOM_SIM ROOT KERNEL SIZES...: generates a benchmark kernel with
# bench/gen.py and checks it: the interpreter (--no-accel) prints what the oracle
# (scripts/oracle.sh: MLIR 22's mlir-opt + mlir-runner) prints (skipped when they are
# missing), and the simulator run passes every check on both engines, call by call
# identical (tests/kernels/engines_agree.sh).
set -euo pipefail
sim=$1 root=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
k=$tmp/kernel.mlir
python3 "$root/bench/gen.py" "$@" -o "$k"
"$sim" run "$k" --no-accel >"$tmp/interp.out"
if [ -x "${MLIR_RUNNER:-/usr/lib/llvm-22/bin/mlir-runner}" ]; then
  bash "$root/scripts/oracle.sh" "$k" >"$tmp/oracle.out"
  diff -u "$tmp/oracle.out" "$tmp/interp.out" || { echo "interpreter differs from the oracle (mlir-runner)" >&2; exit 1; }
fi
bash "$root/tests/kernels/engines_agree.sh" "$sim" "$k"
"$sim" run "$k" >"$tmp/sim.out"
diff -u "$tmp/interp.out" "$tmp/sim.out" || { echo "simulated run prints something else" >&2; exit 1; }
echo "bench kernel $*: $(tr '\n' ' ' <"$tmp/sim.out")"
