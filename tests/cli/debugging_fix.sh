#!/usr/bin/env bash
# debugging_fix.sh LOOM_SIM INVARIANT.mlir
# docs/debugging.md section 4, as written there: lower with the mem-ctrl-raw miswire,
# rewire the carry, the split and the invariant to a new fork of after_cond (sinking the
# two raw outputs), then `verify` passes and `sim` gives the result and memory the page
# shows; the unedited DFG deadlocks.
set -uo pipefail
sim=$1 src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
"$sim" lower "$src" --inject mem-ctrl-raw -o bad.dfg.mlir 2>lower.err
[ $? -eq 1 ] || { echo "lower --inject mem-ctrl-raw should exit 1 (static findings)"; cat lower.err; exit 1; }
python3 - <<'PY' || exit 1
s = open('bad.dfg.mlir').read()
for a, b in [('"dataflow.invariant"(%9#1,', '"dataflow.invariant"(%ac#0,'),
             ('"dataflow.carry"(%30#3,', '"dataflow.carry"(%ac#1,'),
             ('"handshake.cond_br"(%30#4,', '"handshake.cond_br"(%ac#2,')]:
    if s.count(a) != 1:
        raise SystemExit("docs/debugging.md is out of date: bad.dfg.mlir has no single " + a)
    s = s.replace(a, b)
lines = s.split('\n')
gate = [k for k, l in enumerate(lines) if '"dataflow.gate"' in l and 'for0.gate' in l][0]
if not lines[gate].lstrip().startswith('%9:2 = '):
    raise SystemExit("docs/debugging.md is out of date: the gate is not %9")
lines[gate + 1:gate + 1] = [
    '  %ac:3 = "handshake.fork"(%9#1) {loom.name = "scale/for0.guard/fork.after_cond", loom.scope = 1 : i64} : (i1) -> (i1, i1, i1)',
    '  "handshake.sink"(%30#3) {loom.name = "scale/for0.guard/sink.raw3", loom.scope = 1 : i64} : (i1) -> ()',
    '  "handshake.sink"(%30#4) {loom.name = "scale/for0.guard/sink.raw4", loom.scope = 1 : i64} : (i1) -> ()']
open('fixed.dfg.mlir', 'w').write('\n'.join(lines))
PY
"$sim" verify fixed.dfg.mlir || { echo "verify of the fixed DFG failed"; exit 1; }
printf '0 1 2 3 4 5 6 7\n' > a.txt
"$sim" sim fixed.dfg.mlir --mem 0=a.txt --arg 1=4 --arg 2=3 >fixed.out 2>fixed.err || { cat fixed.err; exit 1; }
cat >want.out <<'OUT'
@scale: done after 130 cycles
result #0: 18
memory #0: Unranked Memref base@ = 0x10000000 rank = 1 offset = 0 sizes = [8] strides = [1] data = 
[0,  3,  6,  9,  4,  5,  6,  7]
OUT
diff -u want.out fixed.out || { echo "sim output differs from docs/debugging.md"; exit 1; }
"$sim" sim bad.dfg.mlir --mem 0=a.txt --arg 1=4 --arg 2=3 >bad.out 2>bad.err
[ $? -eq 1 ] && grep -q "^@scale: deadlock after 130 cycles" bad.out || { echo "the unedited DFG should deadlock"; cat bad.out bad.err; exit 1; }
echo "ok: the fix of docs/debugging.md verifies and simulates; the miswired DFG deadlocks"
