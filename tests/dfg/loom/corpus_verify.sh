#!/usr/bin/env bash
# corpus_verify.sh LOOM-SIM FILE VERDICTS
# `loom-sim -v verify FILE` on one of LOOM's own files (label loom-corpus). Every
# handshake.func the file defines is read ("read N function(s)") and has its summary
# lines: what loom-sim added, then the static verifier's verdict, which must be the one
# VERDICTS pins: the first finding (FILE:LINE:COL and op) for a function listed there,
# "static verifier passed" for every other. The exit code follows: 1 when a function has a
# finding, 0 when all pass; never 2 (the file reads).
set -uo pipefail
sim=$1 file=$2 verdicts=$3
base=$(basename "$file")
err=$(mktemp)
trap 'rm -f "$err"' EXIT
"$sim" -v verify "$file" >/dev/null 2>"$err"
rc=$?
fail() {
  echo "$base: $*" >&2
  echo "stderr was:" >&2
  cat "$err" >&2
  exit 1
}
[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] || fail "exit $rc (not read): $sim -v verify $file"
# The functions as the file writes them: `handshake.func [private] @name(` first on a line.
mapfile -t funcs < <(sed -n 's/^[[:space:]]*handshake\.func[[:space:]]\{1,\}\(private[[:space:]]\{1,\}\)\{0,1\}@\([^([:space:]]*\).*/\2/p' "$file")
[ "${#funcs[@]}" -gt 0 ] || fail "no handshake.func in the file"
grep -qxF "[info] read ${#funcs[@]} function(s) from $file" "$err" ||
  fail "missing: [info] read ${#funcs[@]} function(s) from $file"
want=0
for f in "${funcs[@]}"; do
  grep -q "^\[info\] @$f: [0-9]* fork(s) and [0-9]* sink(s)\( and [0-9]* other node(s)\)\{0,1\} added by loom-sim$" "$err" ||
    fail "missing: [info] @$f: ... added by loom-sim"
  pinned=$(awk -v b="$base" -v f="$f" '$1 == b && $2 == f { print $3, $4 }' "$verdicts")
  if [ -z "$pinned" ]; then
    grep -q "^\[info\] @$f: static verifier passed ([0-9]* ops, [0-9]* channels)$" "$err" ||
      fail "@$f: expected 'static verifier passed'"
  else
    want=1
    at=${pinned% *} op=${pinned#* }
    grep -F "$base:$at" "$err" | grep -qF "error: $op '$f/" ||
      fail "@$f: expected the finding at $base:$at, error: $op '$f/..."
  fi
done
[ "$rc" -eq "$want" ] || fail "exit $rc, expected $want"
grep '^\[info\] @' "$err"
grep -F 'error:' "$err" | cut -c1-200
exit 0
