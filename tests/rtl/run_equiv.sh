#!/usr/bin/env bash
# rtl.equiv.*: a whole program run on the event engine and on the Verilated twins
# (`loom-sim run --engine verilator --rtl-fast-build`: the twins' C++ at -O0, which
# halves their builds): stdout, the token log, the summary line's calls,
# cycles and transfers, and each call's cycles, latency, transfers and results in the
# report must be identical. A token-log mismatch prints the first differing token of
# each side: cycle, channel number and name, value.
# Usage: run_equiv.sh LOOM_SIM KERNEL CACHE_DIR [run options...]
set -uo pipefail
loom_sim=$(realpath "$1") kernel=$(realpath "$2") cache=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$loom_sim" run "$kernel" "$@" --tokens "$work/event.log" --report "$work/event.json" \
  > "$work/event.out" 2> "$work/event.err"
erc=$?
"$loom_sim" run "$kernel" "$@" --engine verilator --rtl-fast-build --rtl-cache "$cache" --tokens "$work/twin.log" \
  --report "$work/twin.json" > "$work/twin.out" 2> "$work/twin.err"
trc=$?
if [ $erc -ge 126 ] || [ $trc -ge 126 ]; then
  echo "cannot run $loom_sim (exit $erc, $trc)" >&2
  exit 1
fi
if [ $trc -eq 2 ] && [ $erc -ne 2 ]; then
  echo "refused: $(grep -m1 error "$work/twin.err")"
  exit 2
fi
status=0
differ() { echo "$(basename "$kernel"): $*" >&2; status=1; }
[ $erc -eq $trc ] || differ "exit codes differ: event $erc, verilator $trc ($(tail -3 "$work/twin.err"))"
cmp -s "$work/event.out" "$work/twin.out" || differ "stdout differs"
# The summary line without its wall-clock time.
summary() { tail -1 "$1" | sed 's/, [0-9.,]* ms$//'; }
[ "$(summary "$work/event.err")" = "$(summary "$work/twin.err")" ] ||
  differ "summary differs: '$(summary "$work/event.err")' vs '$(summary "$work/twin.err")'"
calls() { python3 -c 'import json,sys
for c in json.load(open(sys.argv[1]))["calls"]:
    print(c["function"], c["invocation"], c["start_cycle"], c["cycles"], c["latency"], c["transfers"], c["results"])' "$1"; }
if [ -s "$work/event.json" ] && [ -s "$work/twin.json" ]; then
  [ "$(calls "$work/event.json")" = "$(calls "$work/twin.json")" ] || differ "report calls differ"
fi
if ! cmp -s "$work/event.log" "$work/twin.log"; then
  line=$(cmp "$work/event.log" "$work/twin.log" 2>&1 | sed -n 's/.*line \([0-9]*\).*/\1/p')
  [ -n "$line" ] || line=$(( $(wc -l < "$work/event.log") + 1 ))
  e=$(sed -n "${line}p" "$work/event.log") t=$(sed -n "${line}p" "$work/twin.log")
  ch=$(echo "${e:-$t}" | cut -d' ' -f2)
  name=$(grep -m1 "^# channel $ch " "$work/event.log" | cut -d' ' -f4-)
  differ "token logs differ at line $line (channel $ch $name): event '${e:-<end>}', verilator '${t:-<end>}'"
fi
[ $status -eq 0 ] && echo "$(basename "$kernel"): identical ($(summary "$work/event.err" | sed 's/^loom-sim: //'))"
exit $status
