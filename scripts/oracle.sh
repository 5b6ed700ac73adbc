#!/usr/bin/env bash
# oracle.sh FILE.mlir [ENTRY]
#
# Runs an MLIR program (scf + arith + math + memref + vector.print + printMemref*, in
# current MLIR 22 spelling) through mlir-opt and mlir-runner of LLVM/MLIR 22 and prints
# the program's output on stdout. Exits non-zero (error text on stderr) if lowering or
# execution fails. MLIR-14 spellings (`func @f`, `return`, `print_memref_i32`) are
# rejected by MLIR 22; loom-sim upgrades them, the oracle on purpose does not.
#
# ENTRY defaults to `main`; it must be a `func.func @ENTRY()` with no arguments and no
# results. Environment overrides: MLIR_OPT, MLIR_RUNNER, MLIR_LIBDIR (default
# /usr/lib/llvm-22/bin/mlir-opt, /usr/lib/llvm-22/bin/mlir-runner, /usr/lib/llvm-22/lib),
# ORACLE_TIMEOUT (seconds, default 60).
#
# Pipeline (mlir-opt 22), in this order, and why:
#   --convert-arith-to-llvm   first, so that maximumf/minimumf become llvm.intr.maximum /
#                             minimum, MLIR's own lowering of them, with the documented
#                             semantics (-0 < +0, NaN propagates). --arith-expand would
#                             rewrite them as `isnan(b) ? b : (a ugt b ? a : b)`, which
#                             gives maximumf(+0, -0) = -0, while the folder (IEEE) gives
#                             +0 for the same ops on constants: one program, two answers.
#   --arith-expand            then, for what the first pass left: ceildivsi, ceildivui,
#                             floordivsi have no direct LLVM lowering.
#   --memref-expand           memref.reshape / atomic_rmw forms (harmless, robustness).
#   --expand-strided-metadata subview, expand_shape, collapse_shape, reinterpret_cast
#                             become extract_strided_metadata + reinterpret_cast with
#                             offsets/strides computed by affine.apply (MLIR 22's
#                             finalize-memref-to-llvm does not lower views itself).
#   --lower-affine            those affine.apply ops to arith (before arith-to-llvm).
#   --convert-vector-to-llvm  vector.print -> calls of printI64/printU64/printF32/
#                             printF64 (+ printNewline); it emits arith.extsi/extui for
#                             narrow integers, so it runs before convert-arith-to-llvm.
#   --convert-scf-to-cf       scf.for/while/if to cf branches.
#   --convert-arith-to-llvm   before finalize-memref-to-llvm, as with MLIR 14, where the
#                             memref conversion folded `addi %v, 0` into `%v` and left an
#                             expanded min/max half rewritten with a null operand
#                             (tests/regress/oracle_minui_folded_operands.mlir). MLIR 22
#                             runs that file right in either order; the order is kept.
#   --convert-math-to-llvm, --finalize-memref-to-llvm, --convert-cf-to-llvm,
#   --convert-func-to-llvm, --reconcile-unrealized-casts: the rest to the LLVM dialect.
# No --canonicalize: the program is run as written (MLIR 14's float folds changed -0 to
# 0 and back: difftest seed 131). mlir-runner runs at -O0: llc-14 at its default level
# hung on unfolded i1 logic (tests/regress/oracle_i1_or_not.mlir). LLVM 22 does not
# hang on it at any level, but -O0 keeps the generated code closest to the IR and no
# program here has UB by construction, so the level does not change the output.
# Anything from a source dialect left after lowering fails the oracle (a missing pass).
set -euo pipefail

usage() { echo "usage: $0 FILE.mlir [ENTRY]" >&2; exit 2; }
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
src=$1
entry=${2:-main}
[ -f "$src" ] || { echo "oracle.sh: no such file: $src" >&2; exit 2; }

MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
MLIR_RUNNER=${MLIR_RUNNER:-/usr/lib/llvm-22/bin/mlir-runner}
MLIR_LIBDIR=${MLIR_LIBDIR:-/usr/lib/llvm-22/lib}
ORACLE_TIMEOUT=${ORACLE_TIMEOUT:-60}

for tool in "$MLIR_OPT" "$MLIR_RUNNER"; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "oracle.sh: $tool not found (install Debian package mlir-22-tools: scripts/install-deps.sh)" >&2
    exit 127
  }
done
libs=()
for lib in libmlir_runner_utils.so libmlir_c_runner_utils.so; do
  [ -f "$MLIR_LIBDIR/$lib" ] || { echo "oracle.sh: missing $MLIR_LIBDIR/$lib (package libmlir-22-dev)" >&2; exit 127; }
  libs+=("$MLIR_LIBDIR/$lib")
done
shared_libs=$(IFS=,; echo "${libs[*]}")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/oracle.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

PASSES=(
  --convert-arith-to-llvm
  --arith-expand
  --memref-expand
  --expand-strided-metadata
  --lower-affine
  --convert-vector-to-llvm
  --convert-scf-to-cf
  --convert-arith-to-llvm
  --convert-math-to-llvm
  --finalize-memref-to-llvm
  --convert-cf-to-llvm
  --convert-func-to-llvm
  --reconcile-unrealized-casts
)

rc=0
timeout "$ORACLE_TIMEOUT" "$MLIR_OPT" "${PASSES[@]}" "$src" -o "$tmp/lowered.mlir" || rc=$?
if [ $rc = 124 ]; then
  echo "oracle.sh: $MLIR_OPT timed out after ${ORACLE_TIMEOUT}s on $src" >&2
  exit 1
elif [ $rc != 0 ]; then
  if grep -qE '^[[:space:]]*func[[:space:]]+(private[[:space:]]+)?@' "$src"; then
    echo "oracle.sh: $src is in MLIR-14 spelling (func @f, return, ...), which MLIR 22 does not parse" >&2
  fi
  echo "oracle.sh: $MLIR_OPT failed on $src" >&2
  exit 1
fi

# Anything from the source dialects left after lowering means a pass is missing;
# mlir-runner would report it as an unknown op with a location in the temp file.
if grep -nE '(^[[:space:]]*|= )(arith|scf|cf|memref|vector|math|func|affine|index|std)\.[a-z_]+' \
  "$tmp/lowered.mlir" >"$tmp/leftover" 2>/dev/null; then
  echo "oracle.sh: ops not lowered to LLVM in $src:" >&2
  head -n 5 "$tmp/leftover" >&2
  exit 1
fi

rc=0
timeout "$ORACLE_TIMEOUT" "$MLIR_RUNNER" -O0 -e "$entry" -entry-point-result=void \
  -shared-libs="$shared_libs" "$tmp/lowered.mlir" || rc=$?
if [ "$rc" -ne 0 ]; then
  if [ "$rc" -eq 124 ]; then
    echo "oracle.sh: $MLIR_RUNNER timed out after ${ORACLE_TIMEOUT}s on $src" >&2
  else
    echo "oracle.sh: $MLIR_RUNNER failed (exit $rc) on $src" >&2
  fi
  exit 1
fi
