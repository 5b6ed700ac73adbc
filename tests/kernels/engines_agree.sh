#!/usr/bin/env bash
# engines_agree.sh LOOM_SIM KERNEL: runs the kernel on the event-driven and the clocked
# engine, and through the SystemC shells, and checks that every accelerated call took
# the same cycles, moved the same number of tokens and returned the same results, and
# that every run passed. (Under SystemC all networks share one clock, so calls start at
# other cycles of the axis; their lengths must still agree.)
set -uo pipefail
sim=$1 kernel=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for e in event clocked systemc; do
  args=(--engine "$e")
  [ "$e" = systemc ] && args=(--systemc)
  if ! "$sim" run "$kernel" "${args[@]}" --report "$tmp/$e.json" >"$tmp/$e.out" 2>"$tmp/$e.err"; then
    echo "loom-sim run ${args[*]} failed:" >&2
    cat "$tmp/$e.err" >&2
    exit 1
  fi
done
calls() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); [print(c["function"],c["invocation"],c["start_cycle"],c["cycles"],c["transfers"],c["results"]) for c in r["calls"]]' "$1"; }
if ! diff <(calls "$tmp/event.json") <(calls "$tmp/clocked.json"); then
  echo "the engines disagree (event < > clocked)" >&2
  exit 1
fi
cmp -s "$tmp/event.out" "$tmp/clocked.out" || { echo "program output differs between engines" >&2; exit 1; }
lengths() { calls "$1" | awk '{ $3 = ""; print }'; }
if ! diff <(lengths "$tmp/event.json") <(lengths "$tmp/systemc.json"); then
  echo "the SystemC shells disagree with the engine (event < > systemc)" >&2
  exit 1
fi
cmp -s "$tmp/event.out" "$tmp/systemc.out" || { echo "program output differs under SystemC" >&2; exit 1; }
echo "engines agree on $(calls "$tmp/event.json" | wc -l) call(s): $(calls "$tmp/event.json" | awk '{s+=$4} END {print s}') cycles"
