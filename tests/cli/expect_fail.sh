#!/usr/bin/env bash
# expect_fail.sh CODE MESSAGE [--stdout] -- COMMAND...
# Passes if COMMAND exits with CODE and its stderr (with --stdout: its stdout) contains
# MESSAGE (a fixed string).
# COMMAND is killed after EXPECT_FAIL_TIMEOUT seconds (default 60).
set -uo pipefail
code=$1 msg=$2
shift 2
stream=stderr
[ "$1" = "--stdout" ] && stream=stdout && shift
[ "$1" = "--" ] && shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT
if [ $stream = stdout ]; then
  timeout "${EXPECT_FAIL_TIMEOUT:-60}" "$@" >"$err" 2>/dev/null
else
  timeout "${EXPECT_FAIL_TIMEOUT:-60}" "$@" >/dev/null 2>"$err"
fi
rc=$?
if [ $rc -ne "$code" ]; then
  echo "expected exit code $code, got $rc: $*" >&2
  cat "$err" >&2
  exit 1
fi
if ! grep -qF -- "$msg" "$err"; then
  echo "$stream does not contain: $msg" >&2
  echo "$stream was:" >&2
  cat "$err" >&2
  exit 1
fi
echo "exit $rc with: $msg"
