#!/usr/bin/env bash
# corpus_units.sh LOOM-SIM CORPUS: `loom-sim sim` on each of LOOM's unit DFGs (the 9
# main_*.mlir files of LOOM's current branch), one call with --arg and --mem per input,
# against what the specs say the call must give, derived by hand (spec-dataflow.txt's
# state machines; handshake's ops; docs/loom.md "LOOM's unit DFGs"):
#   all_pes              (a + b) * 2 with a = 3, b = 4: 14
#   function_unit_configs  constant 42; 5 > 3 (sgt): 1; 1.5 >= 2.5 (oge): 0; a stream from
#                        0 to bound 0 (!=): one token (0, false), so the call ends clean;
#                        to bound 3: N + 1 = 4 tokens per output, the return takes the
#                        first, 3 are left: 1 and 2 latched at the return (its two-slot
#                        channels), 3 held by the stream, not at rest
#   gate_only            value 7 with before_cond true: NeedHead emits after_value only
#                        and waits in NeedNext for the next pair; the return never gets
#                        after_cond: deadlock, the wait-for chain at the gate
#   stream_only          0 < 0: (0, false), clean; to bound 2: (0,T) (1,T) (2,F), two of
#                        each output latched at the return
#   memory_dual_loadstore  loads of 0 and 1, stores to 2 and 3 of a fresh on-chip memory
#                        (zeros): 0 and 0
#   mixed_extmemory_loadstore  load a[2] of 10 11 12 13: 12; store 99 to b[1]: 0 99 0 0
#   multi_extmemory      a[1] = 11, b[3] = 23
#   multi_extmemory_store  7 to a[0], 8 to b[3]: 7 0 0 0 and 0 0 0 8
#   multi_memory         two fresh on-chip memories: 0 and 0; index 256 of 256: the
#                        memory's out-of-bounds error, exit 1
# Each case checks the exit code and every expected line.
set -uo pipefail
sim=$1 corpus=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "10 11 12 13" >"$dir/a.txt"
echo "20 21 22 23" >"$dir/b.txt"
status=0
# case NAME FILE CODE ARGS... -- EXPECTED-LINES...
case_() {
  local name=$1 file=$2 code=$3
  shift 3
  local args=()
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  "$sim" sim "$corpus/main_$file.mlir" "${args[@]}" >"$dir/out" 2>"$dir/err"
  local rc=$? ok=1
  [ $rc -eq "$code" ] || { echo "$name: exit $rc, expected $code" >&2; ok=0; }
  for line in "$@"; do
    grep -qF -- "$line" "$dir/out" "$dir/err" || { echo "$name: missing: $line" >&2; ok=0; }
  done
  if [ $ok -eq 0 ]; then
    echo "--- stdout" >&2; cat "$dir/out" >&2; echo "--- stderr" >&2; cat "$dir/err" >&2
    status=1
  else
    echo "$name: exit $rc, as derived"
  fi
}
cfg=(--arg 2=5 --arg 3=3 --arg 4=1 --arg 5=1.5 --arg 6=2.5 --arg 7=0 --arg 8=1)

case_ all_pes all_pes 0 --arg 0=3 --arg 1=4 -- "@all_pes_test: done after" "result #0: 14"
case_ configs_clean function_unit_configs 0 "${cfg[@]}" --arg 9=0 -- \
  "result #0: 42" "result #1: none" "result #2: 1" "result #3: 0" "result #4: 0" "result #5: 0"
case_ configs_n3 function_unit_configs 1 "${cfg[@]}" --arg 9=3 -- \
  "result #4: 0" "result #5: 1" \
  "2 token(s) latched in handshake.return 'function_unit_configs/return' input 'in4' after the call" \
  "2 token(s) latched in handshake.return 'function_unit_configs/return' input 'in5' after the call" \
  "note      latched value(s): 1, 2" \
  "dataflow.stream 'function_unit_configs/%idx' is not at rest after the call"
case_ gate_only gate_only 1 --arg 0=7 --arg 1=true -- \
  "deadlock after" \
  "dataflow.gate 'function_unit_dataflow_gate_timing_invalid/%0' [NeedNext] waits for 'before_value'"
case_ stream_clean stream_only 0 --arg 0=0 --arg 1=1 --arg 2=0 -- "result #0: 0" "result #1: 0"
case_ stream_n2 stream_only 1 --arg 0=0 --arg 1=1 --arg 2=2 -- \
  "result #0: 0" "result #1: 1" "note      latched value(s): 1, 2" "note      latched value(s): 1, 0"
case_ dual_loadstore memory_dual_loadstore 0 --arg 0=0 --arg 1=1 --arg 2=2 --arg 3=5 --arg 4=3 \
  --arg 5=6 -- "result #0: 0" "result #1: 0"
case_ mixed mixed_extmemory_loadstore 0 --mem "0=$dir/a.txt:4" --mem 1=zeros:4 --arg 2=2 \
  --arg 3=1 --arg 4=99 -- "result #0: 12" "[10,  11,  12,  13]" "[0,  99,  0,  0]"
case_ multi_ext multi_extmemory 0 --mem "0=$dir/a.txt:4" --mem "1=$dir/b.txt:4" --arg 2=1 \
  --arg 3=3 -- "result #0: 11" "result #2: 23"
case_ multi_store multi_extmemory_store 0 --mem 0=zeros:4 --mem 1=zeros:4 --arg 2=0 --arg 3=7 \
  --arg 4=3 --arg 5=8 -- "[7,  0,  0,  0]" "[0,  0,  0,  8]"
case_ multi_memory multi_memory 0 --arg 0=4 --arg 1=200 -- "result #0: 0" "result #2: 0"
case_ multi_memory_oob multi_memory 1 --arg 0=4 --arg 1=256 -- \
  "handshake.memory 'multi_memory/%memif1' at cycle 2: load port 0: address 256 out of bounds (size 256)"
exit $status
