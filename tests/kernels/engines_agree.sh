#!/usr/bin/env bash
# engines_agree.sh LOOM_SIM KERNEL: runs the kernel on the event-driven and the clocked
# engine and checks that every accelerated call took the same cycles, moved the same
# number of tokens and returned the same results, and that every run passed. (SystemC
# runs are checked by tests/systemc/systemc_agree.sh, byte for byte against the event
# engine: token log, stats, report.)
set -uo pipefail
sim=$1 kernel=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for e in event clocked; do
  args=(--engine "$e")
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
echo "engines agree on $(calls "$tmp/event.json" | wc -l) call(s): $(calls "$tmp/event.json" | awk '{s+=$4} END {print s}') cycles"
