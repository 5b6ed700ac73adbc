#!/usr/bin/env bash
# forms.sh LOOM_SIM MLIR_OPT KERNEL EXPECTED
# The kernel as other MLIR tools print it must run the same: re-printed by MLIR 22's
# mlir-opt in the generic op form, with debug locations (--mlir-print-debuginfo), and
# after --canonicalize --cse. Each must give the .expected output; the generic and the
# debug-located forms are the same program, so they must also take the same cycles and
# transfers as the kernel as written.
set -uo pipefail
sim=$1 opt=$2 kernel=$3 expected=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# The summary line without its wall-clock time.
summary() { grep '^loom-sim: ' "$1" | sed -E 's/, [0-9.]+ m?s$//'; }

"$sim" run "$kernel" >"$dir/orig.out" 2>"$dir/orig.err" || { cat "$dir/orig.err" >&2; exit 1; }
fail=0
for form in generic debuginfo canonical; do
  case $form in
    generic) flags=(--mlir-print-op-generic) ;;
    debuginfo) flags=(--mlir-print-debuginfo) ;;
    canonical) flags=(--canonicalize --cse) ;;
  esac
  if ! "$opt" "${flags[@]}" "$kernel" -o "$dir/$form.mlir" 2>"$dir/$form.opt.err"; then
    echo "$form: mlir-opt failed" >&2
    cat "$dir/$form.opt.err" >&2
    fail=1
    continue
  fi
  if ! "$here/compare_run.sh" "$expected" -- "$sim" run "$dir/$form.mlir" >"$dir/$form.cmp" 2>&1; then
    echo "$form: output differs" >&2
    cat "$dir/$form.cmp" >&2
    fail=1
    continue
  fi
  if [ "$form" != canonical ]; then
    "$sim" run "$dir/$form.mlir" >/dev/null 2>"$dir/$form.err"
    if [ "$(summary "$dir/orig.err")" != "$(summary "$dir/$form.err")" ]; then
      echo "$form: summary differs: '$(summary "$dir/orig.err")' vs '$(summary "$dir/$form.err")'" >&2
      fail=1
      continue
    fi
  fi
  echo "$form: same output$([ "$form" != canonical ] && echo ", same cycles and transfers")"
done
exit $fail
