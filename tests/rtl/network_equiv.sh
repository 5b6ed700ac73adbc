#!/usr/bin/env bash
# rtl.equiv.*: one call of a function on the event engine (`loom-sim sim --tokens`) and
# on its Verilated twin (`loom-sim rtl --dfg --probes` + tests/rtl/network_main.cpp):
# the two token logs must be byte-identical. A mismatch prints the first differing
# token of each (cycle, channel, value) and the channel's name.
# Usage: network_equiv.sh LOOM_SIM VERILATOR KERNEL FUNC EXT_WORDS SIM_ARGS --
#   SIM_ARGS: `sim`'s --arg/--mem options. The twin gets the entry tokens the host
#   armed (the scalars and the memrefs' dynamic sizes, as the engine's log shows them
#   pushed on the entry's channels). A memref given as `--mem INDEX=random:N` (N
#   words) is filled with N random values in [-50, 50] from a file both sides read;
#   other memories start at zero on both (use zeros for --mem).
set -euo pipefail
loom_sim=$(realpath "$1") verilator=$2 kernel=$(realpath "$3") func=$4 ext_words=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sim_args=()
twin_mems=()
while [ "$1" != "--" ]; do
  if [[ "$1" =~ ^([0-9]+)=random:([0-9]+)(.*)$ ]]; then
    # The same words for both: a file of N values (sim's FILE[:SHAPE] form).
    file="$work/mem${BASH_REMATCH[1]}.txt"
    for ((i = 0; i < BASH_REMATCH[2]; ++i)); do echo $((RANDOM % 101 - 50)); done > "$file"
    sim_args+=("${BASH_REMATCH[1]}=$file${BASH_REMATCH[3]}")
    twin_mems+=("${BASH_REMATCH[1]}=$file")
  else
    sim_args+=("$1")
  fi
  shift
done
shift
cd "$work"
"$loom_sim" lower "$kernel" --func "$func" -o g.dfg.mlir 2> lower.err
"$loom_sim" sim g.dfg.mlir "${sim_args[@]}" --tokens engine.log > sim.out
"$loom_sim" rtl g.dfg.mlir --dfg --probes --ext-words "$ext_words" -o rtl
top="loom_${func}"
# -O0: these calls run for milliseconds; optimizing the model's C++ would double the build.
"$verilator" --cc --exe --build -j 2 -Wno-fatal -Wno-WIDTH --top-module "$top" -Mdir obj \
  -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" \
  -CFLAGS "-include $work/rtl/${top}_bind.h" rtl/loom_*.sv "$here/network_main.cpp" -o twin \
  > build.log 2>&1 || { tail -30 build.log >&2; exit 1; }
# The host's entry tokens, by entry port: "<cycle> <channel> <value>" lines of the
# channels named "<func>/entry:<port> -> ...".
entry_args=()
ports=$(grep -c "^# channel [0-9]* [^ ]* ${func}/entry:" engine.log || true)
for ((p = 0; p < ports; ++p)); do
  ch=$(grep "^# channel [0-9]* [^ ]* ${func}/entry:${p} " engine.log | cut -d' ' -f3)
  entry_args+=("$(grep -m1 "^[0-9]* ${ch} " engine.log | cut -d' ' -f3)")
done
./obj/twin "${entry_args[@]}" "${twin_mems[@]}" > twin.log
tokens=$(grep -vc '^#' engine.log || true)
if cmp -s engine.log twin.log; then
  echo "$func: token logs identical ($tokens tokens, $(grep -c '^# channel' engine.log) channels, last cycle $(tail -1 engine.log | cut -d' ' -f1))"
  exit 0
fi
echo "$func: token logs differ" >&2
line=$(cmp engine.log twin.log | sed -n 's/.*line \([0-9]*\).*/\1/p')
[ -n "$line" ] || line=$(( $(wc -l < engine.log) + 1 ))
echo "  engine: $(sed -n "${line}p" engine.log)" >&2
echo "  twin:   $(sed -n "${line}p" twin.log)" >&2
ch=$(sed -n "${line}p" engine.log | cut -d' ' -f2)
grep "^# channel $ch " engine.log >&2 || true
exit 1
