#!/usr/bin/env bash
# version.sh LOOM_SIM SOURCE_DIR: `loom-sim --version` and `loom-sim version` print the
# version CMakeLists.txt's project() gives, with the checkout's revision (git rev-parse,
# when the source is a checkout); and every output that says which build made it (the
# report, --stats, the VCD's and the FST's $version, the token log, the HTML page)
# carries that same text.
set -euo pipefail
sim=$1 src=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

project=$(sed -nE 's/^project\(loom-sim VERSION ([0-9.]+) .*/\1/p' "$src/CMakeLists.txt")
[ -n "$project" ] || fail "no version in CMakeLists.txt's project()"
expected="loom-sim $project"
if git -C "$src" rev-parse --git-dir > /dev/null 2>&1; then
  expected="$expected (git $(git -C "$src" rev-parse --short=7 HEAD)"
fi
line=$("$sim" --version)
[[ "$line" == "$expected"* ]] || fail "--version printed '$line', expected '$expected...'"
[ "$("$sim" version)" = "$line" ] || fail "'loom-sim version' differs from --version"

"$sim" run "$src/kernels/gemm.mlir" --report "$dir/r.json" --stats "$dir/s.json" \
  --vcd "$dir/t.vcd" --fst "$dir/t.fst" --tokens "$dir/tokens.txt" --html "$dir/p.html" \
  > /dev/null 2>&1 || fail "gemm failed"
python3 - "$line" "$dir" <<'PY' || exit 1
import json, re, subprocess, sys
line, d = sys.argv[1], sys.argv[2]
bad = []
for f in ("r.json", "s.json"):
    if json.load(open(f"{d}/{f}")).get("version") != line:
        bad.append(f"{f}: \"version\" is not '{line}'")
if not open(f"{d}/t.vcd").readline().startswith(f"$version {line} $end"):
    bad.append("the VCD's first line is not its $version")
back = subprocess.run(["fst2vcd", f"{d}/t.fst"], capture_output=True, text=True).stdout
if not re.search(r"\$version\s+" + re.escape(line) + r"\s+\$end", back):
    bad.append("the FST's version (through fst2vcd) differs")
if not open(f"{d}/tokens.txt").readline().startswith(f"# {line} token log"):
    bad.append("the token log's header does not name the version")
if json.dumps(line)[1:-1] not in open(f"{d}/p.html").read():
    bad.append("the HTML page does not carry the version")
if bad:
    print("FAIL:", *bad, sep="\n  ", file=sys.stderr)
    sys.exit(1)
PY
echo "ok: $line in every output"
