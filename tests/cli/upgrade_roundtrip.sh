#!/usr/bin/env bash
# upgrade_roundtrip.sh LOOM_SIM OLD.mlir
# `loom-sim upgrade` writes a file MLIR 22's parser reads without the upgrade note, that
# runs to the same output as the old file read through the upgrade; it refuses to write
# over its input (exit 2, input untouched), and upgrading the result changes nothing.
set -uo pipefail
sim=$1 old=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$old" "$dir/old.mlir"
sum=$(md5sum <"$dir/old.mlir")
"$sim" upgrade "$dir/old.mlir" -o "$dir/new.mlir" 2>"$dir/up.err" || { cat "$dir/up.err"; exit 1; }
grep -q "^upgraded: " "$dir/up.err" || { echo "no list of changes"; cat "$dir/up.err"; exit 1; }
"$sim" run "$dir/old.mlir" >"$dir/old.out" 2>/dev/null || { echo "old file does not run"; exit 1; }
"$sim" run "$dir/new.mlir" >"$dir/new.out" 2>"$dir/new.err" || { echo "upgraded file does not run"; cat "$dir/new.err"; exit 1; }
if grep -q "MLIR 14 spelling" "$dir/new.err"; then echo "the upgraded file still needed the upgrade"; exit 1; fi
cmp -s "$dir/old.out" "$dir/new.out" || { echo "outputs differ"; diff "$dir/old.out" "$dir/new.out"; exit 1; }
"$sim" upgrade "$dir/old.mlir" -o "$dir/old.mlir" 2>"$dir/self.err"
[ $? -eq 2 ] || { echo "upgrade over the input was not refused"; exit 1; }
[ "$(md5sum <"$dir/old.mlir")" = "$sum" ] || { echo "the input was changed"; exit 1; }
"$sim" upgrade "$dir/new.mlir" -o "$dir/again.mlir" 2>"$dir/again.err" || exit 1
cmp -s "$dir/new.mlir" "$dir/again.mlir" || { echo "upgrading twice changed the text"; exit 1; }
echo "ok: upgrade of $(basename "$old") runs the same, refuses its input, is idempotent"
