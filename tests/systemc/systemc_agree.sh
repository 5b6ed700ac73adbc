#!/usr/bin/env bash
# systemc_agree.sh LOOM_SIM FILE [RUN OPTIONS...]: runs the program on the event engine
# and through SystemC (--systemc) and checks that SystemC is exact: the token logs
# (--tokens) and the stats (--stats) are byte-identical, and so are the program's
# output, the exit code, the summary line's figures, and the report's calls (start
# cycle, cycles, transfers, results, passed) and findings, and the VCDs (--vcd), whose
# writer lists a cycle's channels in the order they moved: SystemC evaluates the ops
# of a cycle in the event engine's order.
set -uo pipefail
sim=$1 file=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
for e in event systemc; do
  args=()
  [ "$e" = systemc ] && args=(--systemc)
  "$sim" run "$file" "$@" "${args[@]}" --tokens "$tmp/$e.tok" --stats "$tmp/$e.stats" \
    --vcd "$tmp/$e.vcd" --report "$tmp/$e.json" >"$tmp/$e.out" 2>"$tmp/$e.err"
  echo $? >"$tmp/$e.code"
done
fail=0
same() { cmp -s "$tmp/event.$1" "$tmp/systemc.$1" || { echo "$2 differ (event vs systemc):" >&2; diff "$tmp/event.$1" "$tmp/systemc.$1" | head -20 >&2; fail=1; }; }
same tok "token logs"
same vcd "VCDs"
same stats "stats"
same out "program outputs"
same code "exit codes"
# The summary line without its wall time.
summary() { grep '^loom-sim: ' "$tmp/$1.err" | sed 's/, [0-9.,]* ms$//' >"$tmp/$1.summary"; }
summary event; summary systemc
same summary "summary lines"
report() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(json.dumps({"calls": [{k: c.get(k) for k in ("function","invocation","start_cycle","cycles","transfers","latency","results","passed","loops")} for c in r.get("calls", [])], "findings": r.get("findings")}, indent=1, sort_keys=True))' "$tmp/$1.json" >"$tmp/$1.report"; }
if [ -s "$tmp/event.json" ]; then
  report event; report systemc
  same report "reports (calls, findings)"
fi
[ $fail = 0 ] || exit 1
echo "systemc agrees: $(grep -vc '^#' "$tmp/event.tok") tokens, $(cat "$tmp/event.summary")"
