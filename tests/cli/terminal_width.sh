#!/usr/bin/env bash
# terminal_width.sh LOOM_SIM CORPUS KERNELS OUTDIR: `verify` and `sim` show their findings
# as `run` does: with --width N (a terminal's default, 160), each op named within its
# function, the function by its C++ name in the line's tag, no line longer than N; with
# --width 0 (a pipe's default) every name and line as the file has them; --expand keeps
# the short names with whole lines; --width under 40 is refused.
set -euo pipefail
sim=$1 corpus=$2 kernels=$3 out=$4
vecsum=$corpus/legacy_gen_vecsum.mlir
longest() { awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }'; }

# LOOM's vecsum: both handshake.funcs break L202 at their stream (exit 1).
set +e
"$sim" verify "$vecsum" --width 160 2>"$out/w160.txt"; rc=$?
"$sim" verify "$vecsum" 2>"$out/w0.txt"
"$sim" verify "$vecsum" --width 160 --expand 2>"$out/wx.txt"
"$sim" verify "$vecsum" --width 30 2>"$out/w30.txt"; rc30=$?
set -e
test "$rc" = 1
test "$(longest <"$out/w160.txt")" -le 160
grep -q "dataflow.stream '%index' input 'start' carries" "$out/w160.txt"
grep -q "\[@vecsum_dsa_esi, static\]" "$out/w160.txt"
grep -q "\[@vecsum_dsa, static\]" "$out/w160.txt"
! grep -q "_Z10vecsum" "$out/w160.txt"
grep -q "'_Z10vecsum_dsaPKjjj_esi/%index' input 'start' (port 0)" "$out/w0.txt"
test "$(longest <"$out/w0.txt")" -gt 160
test "$(wc -l <"$out/wx.txt")" = 2
! grep -q "_Z10vecsum" "$out/wx.txt"
test "$rc30" = 2
grep -q "error: --width 30 leaves no room" "$out/w30.txt"

# sim on dot lowered with its memory control on raw_will_continue: static and run-time
# findings alike within 80 characters.
set +e
"$sim" lower "$kernels/dot.mlir" --func dot --inject mem-ctrl-raw -o "$out/dot.mlir" 2>/dev/null
set -e
printf '1 2 3 4\n' >"$out/v4.txt"
set +e
"$sim" sim "$out/dot.mlir" --mem 0="$out/v4.txt":4 --mem 1="$out/v4.txt":4 --arg 2=4 \
  --width 80 2>"$out/sim80.txt"; rc=$?
set -e
test "$rc" = 1
test "$(longest <"$out/sim80.txt")" -le 80
tr '\n' ' ' <"$out/sim80.txt" | tr -s ' ' | grep -q "error: dataflow.carry 'for0.guard/mem.carry' input 'd' is raw_will_continue"
grep -q "^loom-sim: 1 call, [0-9]* cycles, [0-9]* transfers, FAILED" "$out/sim80.txt"
echo "terminal width: verify and sim as run shows them"
