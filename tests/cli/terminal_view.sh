#!/usr/bin/env bash
# terminal_view.sh LOOM-SIM SYMBOL SHORT PROGRAM [RUN OPTIONS...]: what `run --width 160`
# prints of a failing program (the terminal's view, cli/terminal_text.h): no line over 160
# characters; the function SYMBOL (its network's name) only as SHORT, the name its C++
# source gives it, and its ops within it; no internal op number ("op 12", "op #12")
# there or in the JSON report, where every name stays as the network writes it; and in a
# pipe (no --width) every line whole.
set -uo pipefail
sim=$1 symbol=$2 short=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*" >&2; exit 1; }
"$sim" run "$@" --width 160 --report "$dir/r.json" >/dev/null 2>"$dir/view"
[ $? -eq 1 ] || fail "exit code, expected 1"
long=$(awk 'length($0) > 160' "$dir/view" | wc -l)
[ "$long" -eq 0 ] || fail "$long line(s) over 160 characters: $(awk 'length($0) > 160' "$dir/view" | head -1)"
if [ "$symbol" != "$short" ]; then
  ! grep -qF "$symbol" "$dir/view" || fail "the view names $symbol: $(grep -F "$symbol" "$dir/view" | head -1)"
  grep -qF "[@$short, " "$dir/view" || fail "no finding tagged @$short"
fi
! grep -qF "'$symbol/" "$dir/view" || fail "an op named with its function"
! grep -qE "(^|[^a-z])op #?[0-9]+" "$dir/view" || fail "an op number: $(grep -E "(^|[^a-z])op #?[0-9]+" "$dir/view" | head -1)"
python3 - "$dir/r.json" "$symbol" <<'PY' || exit 1
import json, re, sys
r = json.load(open(sys.argv[1]))
text = json.dumps(r["findings"])
bad = re.search(r"(^|[^a-z])op #?[0-9]+", text)
if bad:
    sys.exit("the report has an op number: ..." + text[max(0, bad.start() - 80):bad.end() + 20])
if sys.argv[2] not in text:
    sys.exit("the report does not name the network as it is written")
PY
"$sim" run "$@" >/dev/null 2>"$dir/pipe"
whole=$(awk 'length($0) > 160 { n++ } END { print n + 0 }' "$dir/pipe")
[ "$whole" -gt 0 ] || fail "in a pipe, no line is longer than 160: were they cut?"
echo "terminal view: $(wc -l <"$dir/view") lines, none over 160; names as $short; no op numbers"
