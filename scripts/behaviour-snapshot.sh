#!/usr/bin/env bash
# behaviour-snapshot.sh LOOM_SIM [KERNEL_DIR]: prints, for every shipped kernel, the
# SHA-256 of what loom-sim makes of it: the lowered DFG text, and on each engine the
# program output, the token log and the --stats file. A refactoring that must not change
# behaviour keeps this list byte-identical (tests/behaviour/snapshot.sha256; the test
# behaviour.snapshot compares). Regenerate only for a deliberate change of behaviour:
#   bash scripts/behaviour-snapshot.sh build/loom-sim > tests/behaviour/snapshot.sha256
set -euo pipefail
sim=$(realpath "$1")
# From the repository root, with relative paths: the DFG text records each op's location
# as the path it was given, so the hashes must not depend on where the clone lives.
cd "$(dirname "$0")/.."
dir=${2:-kernels}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hash() { sha256sum "$1" | cut -c1-64; }
# The version (and git revision) that made a file is not behaviour: each output names it
# (support/version.h), and it is blanked before hashing.
hash_output() {
  sed -E -e '1s/^# loom-sim [^ ]+( \(git [^)]*\))? token log/# loom-sim token log/' \
      -e 's/"version": "loom-sim [^"]*"/"version": "loom-sim"/' "$1" | sha256sum | cut -c1-64
}
for k in "$dir"/*.mlir; do
  name=$(basename "$k" .mlir)
  if "$sim" lower "$k" -o "$tmp/dfg.mlir" >/dev/null 2>&1; then
    echo "$(hash "$tmp/dfg.mlir")  $name lower"
  else
    echo "no-accel  $name lower"
  fi
  for e in event clocked; do
    rc=0
    "$sim" run "$k" --engine "$e" --tokens "$tmp/tokens" --stats "$tmp/stats" >"$tmp/out" 2>/dev/null || rc=$?
    echo "$(hash "$tmp/out")  $name $e stdout exit=$rc"
    for f in tokens stats; do
      if [ -f "$tmp/$f" ]; then echo "$(hash_output "$tmp/$f")  $name $e $f"; fi
    done
    rm -f "$tmp/tokens" "$tmp/stats"
  done
done
