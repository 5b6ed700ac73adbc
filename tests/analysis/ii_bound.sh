#!/usr/bin/env bash
# ii_bound.sh SIM kernels DIR... | SIM loom CORPUS: the static II bound is a bound
# (scripts/check-ii-bound.py): no loop runs faster than its ii_bound.
#   kernels  every DIR/*.mlir, run with --report;
#   loom     every LOOM program of CORPUS, repaired by `run --try-fix --fixed-dfg`, then run
#            with the repaired networks (--dfg FUNC=FILE for each): where the fix is verified.
# A report missing, a run refused, or a violation fails the test.
set -uo pipefail
sim=$1 mode=$2
source "$(dirname "${BASH_SOURCE[0]}")/repaired.sh"
shift 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
check=$here/../../scripts/check-ii-bound.py
work=$(mktemp -d "${TMPDIR:-/tmp}/ii_bound.XXXXXX")
trap 'rm -rf "$work"' EXIT
reports=()
case $mode in
  kernels)
    for dir in "$@"; do
      for f in "$dir"/*.mlir; do
        r=$work/$(basename "$f" .mlir).json
        "$sim" run "$f" --report "$r" >/dev/null 2>"$work/err" \
          || { echo "FAIL: $f: exit $?"; tail -3 "$work/err"; exit 1; }
        reports+=("$r")
      done
    done ;;
  loom)
    repaired=0
    for f in "$1"/legacy_gen_*.mlir; do
      name=$(basename "$f" .mlir)
      repair "$sim" "$f" "$work/$name.fixed.mlir" || continue
      r=$work/$name.json
      "$sim" run "$f" "${dfgs[@]}" --report "$r" >/dev/null 2>"$work/err" \
        || { echo "FAIL: $name repaired: exit $?"; tail -3 "$work/err"; exit 1; }
      reports+=("$r")
      repaired=$((repaired + 1))
    done
    echo "ii_bound.sh: $repaired program(s) repaired and verified by --try-fix"
    [ "$repaired" -gt 0 ] || { echo "FAIL: no LOOM program was repaired"; exit 1; } ;;
  *) echo "ii_bound.sh: unknown mode $mode" >&2; exit 2 ;;
esac
python3 "$check" "${reports[@]}"
