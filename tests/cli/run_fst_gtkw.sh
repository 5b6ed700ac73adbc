#!/usr/bin/env bash
# run_fst_gtkw.sh LOOM-SIM ROOT: `run --vcd/--fst/--gtkw` on
# tests/harness/inputs/invariant.mlir with the classic bug (--inject mem-ctrl-raw: the
# loop body's memory-control carry on raw_will_continue, one control token left in
# load.a's ctrl input). Checked against GTKWave's own reader (fst2vcd): the FST holds the
# VCD's signals and changes; the findings name the latched channel by its name in the
# trace; the view shows that channel, the cursor on the end of the call (the report's
# start_cycle + cycles - 1); every signal the view names is in the trace. A name that
# says the other format, and --gtkw without a trace, are refused (exit 2).
set -uo pipefail
sim=$1 root=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
k=$root/tests/harness/inputs/invariant.mlir
check=$root/tests/cli/wave_check.py
fail() { echo "$*" >&2; exit 1; }

"$sim" run "$k" --inject mem-ctrl-raw --expand --vcd "$dir/a.vcd" --fst "$dir/a.fst" \
  --gtkw "$dir/a.gtkw" --report "$dir/a.json" > /dev/null 2> "$dir/err.txt"
[ $? -eq 1 ] || fail "the injected run does not fail with exit 1: $(cat "$dir/err.txt")"
fst2vcd -e "$dir/a.fst" > "$dir/back.vcd" 2> /dev/null || fail "fst2vcd cannot read the FST"
grep -q "NeedInit" "$dir/back.vcd" || fail "the FST has no enum table of the carry's phases"
python3 "$check" "$dir/a.vcd" "$dir/back.vcd" "$dir/a.gtkw" || fail "FST, VCD and view disagree"

wave=scale.for0_guard.for0.load_a.ctrl
grep -qE "^  wave +$wave\$" "$dir/err.txt" || fail "the latched channel's finding does not name $wave"
grep -q "\"wave\": \"$wave\"" "$dir/a.json" || fail "the report does not name $wave"
grep -qx "+{load_a/ctrl/valid} $wave.valid" "$dir/a.gtkw" || fail "the view does not show $wave.valid"
grep -qF "[dumpfile] \"$dir/a.fst\"" "$dir/a.gtkw" || fail "the view does not open the FST"
grep -qx -- '-cause 1 (static): scale/for0.guard/mem.carry' "$dir/a.gtkw" || fail "the view has no group for cause 1"
end=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["calls"][0]; print(c["start_cycle"]+c["cycles"]-1)' "$dir/a.json")
cursor=$(grep '^\*' "$dir/a.gtkw" | cut -d' ' -f2)
[ "$cursor" = "$end" ] || fail "the cursor is at $cursor, not at the call's end $end"
grep -q "^\[markername\] Acause 1$" "$dir/a.gtkw" || fail "no marker A on cause 1"
grep -q "^\[markername\] .call 1 @scale$" "$dir/a.gtkw" || fail "no marker on the call's start"

# Without findings: the view opens on the loop's critical recurrence, its title the
# report's bound and achieved II; then each loop's raw_will_continue and after_cond.
"$sim" run "$k" --fst "$dir/b.fst" --gtkw "$dir/b.gtkw" --report "$dir/b.json" > /dev/null 2>&1 || fail "clean run failed"
title=$(python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["calls"][0]["loops"][0]; print("-loop invariant.mlir:6:8 (%s): II bound %d, achieved %.2f" % (l["bottleneck"]["kind"], l["ii_bound"], l["ii_achieved"]))' "$dir/b.json")
[ "$(grep -m1 '^-' "$dir/b.gtkw")" = "$title" ] || fail "the clean view does not open on '$title'"
# The way round, by hand from spec-dataflow-memory: the control carry, the load's ctrl,
# the memory's load address, the load's data, muli, the fork, the store, the memory's
# store data, the done's split, back into the carry's b.
got=$(awk '/^-loop invariant/{n++} n==1' "$dir/b.gtkw" | grep '^+' | awk '{print $2}' |
  sed -E 's/\.(valid|ready|data.*|transfer|phase.*)$//' | uniq | paste -sd' ')
want="scale.for0_guard.mem_carry scale.for0_guard.for0.load_a.ctrl scale.extmem_arg0.ld0_addr scale.for0_guard.for0.load_a.mem_data scale.for0_guard.for0.muli_w.in0 scale.for0_guard.for0.fork.in0 scale.for0_guard.for0.store_a scale.extmem_arg0.st0_data scale.for0_guard.mem_split scale.for0_guard.mem_carry.b"
[ "$got" = "$want" ] || fail "the critical loop's group shows: $got"
[ "$(grep '^\*' "$dir/b.gtkw" | cut -d' ' -f2)" = 0 ] || fail "the clean view's cursor is not on call 1's start"
grep -q '^-loop scale/for0.guard/for0.stream' "$dir/b.gtkw" || fail "the clean view has no loop group"
grep -qx '+{for0_gate/after_cond/valid} scale.for0_guard.for0_gate.after_cond.valid' "$dir/b.gtkw" ||
  fail "no after_cond in the clean view"
fst2vcd "$dir/b.fst" > "$dir/b.vcd" 2> /dev/null || fail "fst2vcd cannot read the clean FST"
python3 "$check" "$dir/b.vcd" "$dir/b.vcd" "$dir/b.gtkw" || fail "the clean view names missing signals"

# A run whose VCD is several MiB: the FST is written in several blocks (traces/fst.cpp),
# from the conversion's own thread; fst2vcd reads every one back (fstapi's parallel
# mode failed this one time in four).
python3 "$root/bench/gen.py" gemm 16 16 16 -o "$dir/gemm.mlir"
"$sim" run "$dir/gemm.mlir" --vcd "$dir/g.vcd" --fst "$dir/g.fst" > /dev/null 2>&1 || fail "gemm 16^3 failed"
[ "$(stat -c %s "$dir/g.vcd")" -gt 3000000 ] || fail "gemm 16^3's VCD is too small to need several blocks"
fst2vcd "$dir/g.fst" > "$dir/g.back.vcd" 2> "$dir/g.err" || fail "fst2vcd cannot read gemm's FST: $(cat "$dir/g.err")"
python3 "$check" "$dir/g.vcd" "$dir/g.back.vcd" || fail "gemm's FST differs from its VCD"

# Names that say the other format, a view without a trace.
"$sim" run "$k" --vcd "$dir/w.fst" > /dev/null 2> "$dir/e1"
[ $? -eq 2 ] || fail "--vcd w.fst is not refused"
grep -qF -- "--vcd $dir/w.fst: the name says FST, but --vcd writes VCD text (for FST: --fst $dir/w.fst)" "$dir/e1" ||
  fail "--vcd w.fst: $(cat "$dir/e1")"
[ -e "$dir/w.fst" ] && fail "--vcd w.fst wrote the file anyway"
"$sim" run "$k" --fst "$dir/w.VCD" > /dev/null 2> "$dir/e2"
[ $? -eq 2 ] || fail "--fst w.VCD is not refused"
"$sim" run "$k" --gtkw "$dir/v.gtkw" > /dev/null 2> "$dir/e3"
[ $? -eq 2 ] || fail "--gtkw without a trace is not refused"
echo
echo "run --fst: the VCD's waveforms (fst2vcd), phases by name; --gtkw opens on cycle $end"
