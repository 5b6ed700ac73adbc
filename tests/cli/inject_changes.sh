#!/usr/bin/env bash
# inject_changes.sh LOOM-SIM KERNELS: every --inject on every shipped kernel either
# changes the lowered network (its text differs from the lowering without it) or is
# refused (exit 2) with the reason: what it needs and the kernel lacks. (`lower` exits 1
# where the injected network breaks a static rule, as it should.)
set -uo pipefail
sim=$1 kernels=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
changed=0 refused=0 bad=0
for k in "$kernels"/*.mlir; do
  "$sim" lower "$k" -o "$dir/base" 2>/dev/null || continue
  for x in body-ctrl-raw mem-ctrl-raw invariant-raw iter-carry-gated no-zero-trip-guard \
    no-branch-gate no-mem-order; do
    "$sim" lower "$k" --inject "$x" -o "$dir/inj" 2>"$dir/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -qF -- "--inject $x changes nothing in" "$dir/err" && grep -qF "it needs" "$dir/err"; then
      refused=$((refused + 1))
    elif [ $rc -le 1 ] && ! cmp -s "$dir/base" "$dir/inj"; then
      changed=$((changed + 1))
    else
      echo "FAIL $(basename "$k") --inject $x: exit $rc, $(cmp -s "$dir/base" "$dir/inj" && echo unchanged || echo changed): $(head -c 300 "$dir/err")"
      bad=$((bad + 1))
    fi
  done
done
echo "$changed changed, $refused refused with a reason, $bad neither"
[ $bad -eq 0 ]
