#!/usr/bin/env bash
# oracle.sh FILE.mlir [ENTRY]
#
# Runs an MLIR-14 kernel (scf + arith + memref + vector.print + print_memref_*)
# through mlir-opt-14 and mlir-cpu-runner-14 and prints the program's output on
# stdout. Exits non-zero (error text on stderr) if lowering or execution fails.
#
# ENTRY defaults to `main`; it must be a `func @ENTRY()` with no arguments and no
# results. Environment overrides: MLIR_OPT, MLIR_CPU_RUNNER, MLIR_LIBDIR,
# ORACLE_TIMEOUT (seconds, default 60).
#
# Pass notes (MLIR 14):
#  * --arith-expand is required for arith.maxsi/minsi/maxui/minui/maxf/minf and
#    ceildivsi/floordivsi/ceildivui: convert-arith-to-llvm does not lower them, the
#    partial conversion leaves them in place and mlir-cpu-runner then fails with
#    "custom op 'arith.maxsi' is unknown" (unless they happened to constant-fold).
#  * memref.subview / reinterpret_cast / expand_shape / collapse_shape / cast / dim
#    are all lowered by --convert-memref-to-llvm directly (14 has no
#    --expand-strided-metadata). --memref-expand (memref.reshape, atomic_rmw) is
#    harmless and kept for robustness.
#  * mlir-cpu-runner-14 runs at -O0. Without an -O flag it runs no IR passes but
#    generates code at the default level, and llc-14's SelectionDAG then hangs on
#    some unfolded i1 logic, e.g. `%x = or i1 %a, true; %y = xor i1 %x, true;
#    %z = or i1 %x, %y; br i1 %z` (what --convert-arith-to-llvm leaves of an
#    `arith.ori` with an operand that folds to true; `llc-14 -O2` loops forever,
#    `-O0` does not). Soak seeds 100275 100355 100495 100513 100852 (mixed) timed out
#    here; the program semantics do not depend on the level (no UB by construction).
#  * --convert-arith-to-llvm runs before --convert-memref-to-llvm. The memref pass
#    folds what it visits (`arith.addi %v, 0` becomes `%v`), which can leave an
#    expanded min/max as `select %c, %v, %v`; the arith conversion then folds that
#    select while it rewrites %v and leaves a null operand behind ("'std.return' op
#    operation's operand is null", soak seed 500807; tests/regress/
#    oracle_minui_folded_operands.mlir). Converted first, the arith ops are LLVM ops
#    before anything folds them. (Canonicalizing first also avoids it, but MLIR 14's
#    float folds change -0 to 0 and back: difftest seed 131.)
set -euo pipefail

usage() { echo "usage: $0 FILE.mlir [ENTRY]" >&2; exit 2; }
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
src=$1
entry=${2:-main}
[ -f "$src" ] || { echo "oracle.sh: no such file: $src" >&2; exit 2; }

MLIR_OPT=${MLIR_OPT:-mlir-opt-14}
MLIR_CPU_RUNNER=${MLIR_CPU_RUNNER:-mlir-cpu-runner-14}
MLIR_LIBDIR=${MLIR_LIBDIR:-/usr/lib/llvm-14/lib}
ORACLE_TIMEOUT=${ORACLE_TIMEOUT:-60}

for tool in "$MLIR_OPT" "$MLIR_CPU_RUNNER"; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "oracle.sh: $tool not found (install Debian packages mlir-14-tools libmlir-14)" >&2
    exit 127
  }
done
libs=()
for lib in libmlir_runner_utils.so.14 libmlir_c_runner_utils.so.14; do
  [ -f "$MLIR_LIBDIR/$lib" ] || { echo "oracle.sh: missing $MLIR_LIBDIR/$lib (package libmlir-14)" >&2; exit 127; }
  libs+=("$MLIR_LIBDIR/$lib")
done
shared_libs=$(IFS=,; echo "${libs[*]}")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/oracle.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

PASSES=(
  --arith-expand
  --memref-expand
  --convert-scf-to-std
  --convert-arith-to-llvm
  --convert-memref-to-llvm
  --convert-vector-to-llvm
  --convert-std-to-llvm
  --reconcile-unrealized-casts
)

if ! timeout "$ORACLE_TIMEOUT" "$MLIR_OPT" "${PASSES[@]}" "$src" -o "$tmp/lowered.mlir"; then
  echo "oracle.sh: $MLIR_OPT failed on $src" >&2
  exit 1
fi

# Anything from the source dialects left after lowering means a pass is missing;
# mlir-cpu-runner would report it as an unknown op with a location in the temp file.
if grep -nE '\b(arith|scf|memref|vector|std|affine)\.[a-z_]+' "$tmp/lowered.mlir" >"$tmp/leftover" 2>/dev/null; then
  echo "oracle.sh: ops not lowered to LLVM in $src:" >&2
  head -n 5 "$tmp/leftover" >&2
  exit 1
fi

rc=0
timeout "$ORACLE_TIMEOUT" "$MLIR_CPU_RUNNER" -O0 -e "$entry" -entry-point-result=void \
  -shared-libs="$shared_libs" "$tmp/lowered.mlir" || rc=$?
if [ "$rc" -ne 0 ]; then
  if [ "$rc" -eq 124 ]; then
    echo "oracle.sh: $MLIR_CPU_RUNNER timed out after ${ORACLE_TIMEOUT}s on $src" >&2
  else
    echo "oracle.sh: $MLIR_CPU_RUNNER failed (exit $rc) on $src" >&2
  fi
  exit 1
fi
