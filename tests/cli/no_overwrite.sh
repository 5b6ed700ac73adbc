#!/usr/bin/env bash
# no_overwrite.sh MESSAGE SETUP... -- COMMAND ARGS...
# Nothing the user gave is ever overwritten (cli/output_paths.h). In a fresh directory,
# set up by SETUP, runs COMMAND ARGS there and passes if it exits with 2, its stderr
# contains MESSAGE (a fixed string), and the directory is exactly as before: every
# file's bytes unchanged, nothing created. SETUP items:
#   FILE            copy FILE in (under its own name)
#   FILE=NAME       copy FILE in as NAME
#   dir:NAME        make a directory NAME
#   ln:NAME=TARGET  a symlink NAME -> TARGET
#   hard:NAME=FILE  a hard link NAME to FILE
#   stdout:NAME     COMMAND's stdout is appended to NAME (created empty if absent)
set -uo pipefail
msg=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
out=/dev/null
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case $1 in
    dir:*) mkdir -p "$dir/${1#dir:}" ;;
    ln:*) spec=${1#ln:} && ln -s "${spec#*=}" "$dir/${spec%%=*}" ;;
    hard:*) spec=${1#hard:} && ln "$dir/${spec#*=}" "$dir/${spec%%=*}" ;;
    stdout:*) out=$dir/${1#stdout:} && touch "$out" ;;
    *=*) cp "${1%%=*}" "$dir/${1#*=}" ;;
    *) cp "$1" "$dir/" ;;
  esac || exit 1
  shift
done
[ "${1:-}" = "--" ] && shift
cmd="$*"
# Every entry with its type, link target and contents' digest.
state() { (cd "$dir" && find . -path ./.err -prune -o -printf '%y %p %l\n' | sort && find . -type f ! -name .err -exec md5sum {} + | sort); }
before=$(state)
(cd "$dir" && timeout 60 "$@" >>"$out" 2>"$dir/.err")
rc=$?
fail() {
  echo "$1: $cmd" >&2
  cat "$dir/.err" >&2
  exit 1
}
[ $rc -eq 2 ] || fail "expected exit code 2, got $rc"
grep -qF -- "$msg" "$dir/.err" || fail "stderr does not contain: $msg"
after=$(state)
if [ "$before" != "$after" ]; then
  echo "the directory changed: $cmd" >&2
  diff <(echo "$before") <(echo "$after") >&2
  exit 1
fi
echo "exit 2 with: $msg; nothing written"
