#!/usr/bin/env bash
# make-expected.sh [--check] [NAME|kernels/NAME.mlir ...]
#
# Regenerates kernels/NAME.expected from the MLIR 22 oracle (scripts/oracle.sh)
# for every kernels/*.mlir, or only for the kernels named. An .expected file is
# only replaced when the oracle succeeds.
#
# --check: do not write anything; run the oracle and compare with the existing
# .expected files, ignoring the `base@ = 0x...` pointer printed by print_memref
# (it differs from run to run). Exits non-zero on any mismatch or failure.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
oracle="$here/oracle.sh"
kdir="$root/kernels"

check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
case "${1:-}" in -h|--help) sed -n '2,12p' "$0"; exit 0 ;; esac

files=()
if [ $# -eq 0 ]; then
  shopt -s nullglob
  files=("$kdir"/*.mlir)
  shopt -u nullglob
  [ ${#files[@]} -gt 0 ] || { echo "make-expected.sh: no kernels in $kdir" >&2; exit 1; }
else
  for arg in "$@"; do
    name=$(basename "$arg" .mlir)
    name=${name%.expected}
    f="$kdir/$name.mlir"
    [ -f "$f" ] || { echo "make-expected.sh: no such kernel: $f" >&2; exit 2; }
    files+=("$f")
  done
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/make-expected.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

strip_ptr() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = 0x?/' "$1"; }

fail=0
for f in "${files[@]}"; do
  name=$(basename "$f" .mlir)
  exp="$kdir/$name.expected"
  out="$tmp/$name.out"
  if ! "$oracle" "$f" >"$out" 2>"$tmp/$name.err"; then
    echo "FAIL   $name (oracle error)" >&2
    sed 's/^/       /' "$tmp/$name.err" >&2
    fail=1
    continue
  fi
  if [ "$check" -eq 1 ]; then
    if [ ! -f "$exp" ]; then
      echo "MISSING $name.expected" >&2; fail=1
    elif diff -u <(strip_ptr "$exp") <(strip_ptr "$out") >"$tmp/$name.diff"; then
      echo "ok     $name"
    else
      echo "DIFF   $name" >&2; sed 's/^/       /' "$tmp/$name.diff" >&2; fail=1
    fi
  else
    cp "$out" "$exp.tmp.$$" && mv "$exp.tmp.$$" "$exp"
    echo "wrote  kernels/$name.expected ($(wc -l <"$exp") lines)"
  fi
done
exit "$fail"
