#!/usr/bin/env bash
# expect_ok_stderr.sh MESSAGE -- COMMAND...
# Passes if COMMAND exits 0 and its stderr contains MESSAGE (a fixed string).
set -uo pipefail
msg=$1
shift
[ "$1" = "--" ] && shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT
timeout 60 "$@" >/dev/null 2>"$err"
rc=$?
if [ $rc -ne 0 ]; then
  echo "expected exit code 0, got $rc: $*" >&2
  cat "$err" >&2
  exit 1
fi
if ! grep -qF -- "$msg" "$err"; then
  echo "stderr does not contain: $msg" >&2
  cat "$err" >&2
  exit 1
fi
echo "ok: $msg"
