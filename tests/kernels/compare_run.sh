#!/usr/bin/env bash
# compare_run.sh EXPECTED -- COMMAND...
# Runs COMMAND and compares its stdout with EXPECTED byte for byte, except the pointer
# that print_memref prints after `base@ =` (it is the only part allowed to differ).
# Fails on a non-zero exit of COMMAND, showing its stderr.
set -uo pipefail
exp=$1
shift
[ "$1" = "--" ] && shift
[ -f "$exp" ] || { echo "compare_run.sh: missing $exp" >&2; exit 1; }
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err"
rc=$?
if [ $rc -ne 0 ]; then
  echo "command failed with exit code $rc: $*" >&2
  cat "$err" >&2
  exit 1
fi
strip_ptr() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = 0x?/' "$1"; }
if ! diff -u <(strip_ptr "$exp") <(strip_ptr "$out"); then
  echo "output differs from $exp" >&2
  exit 1
fi
echo "output matches $(basename "$exp") ($(wc -l <"$out") lines)"
