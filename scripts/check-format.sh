#!/usr/bin/env bash
# check-format.sh [--fix]: every C++ file git tracks is as .clang-format says (clang-format
# 14). Lists the files that are not and exits 1; --fix rewrites them instead.
set -euo pipefail
cd "$(dirname "$0")/.."
cf=$(command -v clang-format-14 || true)
[ -n "$cf" ] || { echo "check-format: clang-format-14 is missing: bash scripts/install-deps.sh" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = --fix ]; then
  "$cf" -i "${files[@]}"
  echo "check-format: ${#files[@]} files formatted"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$cf" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  printf 'check-format: not formatted: %s\n' "${bad[@]}"
  echo "check-format: ${#bad[@]} of ${#files[@]} files differ (bash scripts/check-format.sh --fix)"
  exit 1
fi
echo "check-format: all ${#files[@]} files formatted"
