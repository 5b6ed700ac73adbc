#!/usr/bin/env bash
# expect_fail.sh CODE MESSAGE -- COMMAND...
# Passes if COMMAND exits with CODE and its stderr contains MESSAGE (a fixed string).
# COMMAND is killed after EXPECT_FAIL_TIMEOUT seconds (default 60).
set -uo pipefail
code=$1 msg=$2
shift 2
[ "$1" = "--" ] && shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT
timeout "${EXPECT_FAIL_TIMEOUT:-60}" "$@" >/dev/null 2>"$err"
rc=$?
if [ $rc -ne "$code" ]; then
  echo "expected exit code $code, got $rc: $*" >&2
  cat "$err" >&2
  exit 1
fi
if ! grep -qF -- "$msg" "$err"; then
  echo "stderr does not contain: $msg" >&2
  echo "stderr was:" >&2
  cat "$err" >&2
  exit 1
fi
echo "exit $rc with: $msg"
