#!/usr/bin/env bash
# corpus_stop_ports_rtl.sh LOOM-SIM CORPUS CACHE: a stopped call says port by port what
# reached the host on the Verilated twin as on the event engine. LOOM's vecsum gives its
# sum a port of its own: the sum comes (A[i] = i for i < 1,024, init 100: 100 + 523,776)
# though the done token never does, and both engines say so in the same words.
set -uo pipefail
sim=$1 corpus=$2 cache=$3
prog=$corpus/legacy_gen_vecsum.mlir
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
want="did not complete (deadlock): result #0 came, 523876 as the reference gives; the done token never came"
for engine in event verilator; do
  flags=(--engine "$engine")
  [ "$engine" = verilator ] && flags+=(--rtl-cache "$cache" --rtl-fast-build)
  "$sim" run "$prog" "${flags[@]}" --brief >"$dir/out" 2>"$dir/err"
  rc=$?
  [ $rc -eq 1 ] || { echo "$engine: exit $rc, expected 1"; cut -c1-300 "$dir/err"; exit 1; }
  grep -qF "$want" "$dir/err" ||
    { echo "$engine: the stop does not say which result came"; cut -c1-300 "$dir/err"; exit 1; }
done
echo "vecsum: the sum came, the done token did not, on both engines"
