#!/usr/bin/env bash
# program_case.sh LOOM-SIM PROGRAM CASE
# One case of `loom-sim run` on a hand-written program in the shape LOOM compiles one to
# (inputs/program_scale.mlir, docs/loom.md "LOOM's programs"). Each case but `runs` and
# `interp` edits a copy of the program (the file itself is never written) and checks the
# exit code and the located message:
#   runs       exit 0, the program's own lines, "scale: PASSED", no finding
#   interp     --no-accel: the same lines from the CPU version standing in
#   raw_ctrl   the load's memory-control carry on raw will_continue, its ctrl therefore
#              one token too many (9 for 8 loads): exit 1, the carry named as the cause
#              (static: a memory-control carry belongs on after_cond) and the 9th d
#              token latched in it
#   raw_loop   the carry and the cond_br that feeds it the load's dones both on raw
#              will_continue, as LOOM's legacy lowering wires them (vecsum): the 9th
#              cond_br firing waits for a 9th done that no load gives: deadlock, exit 1
#   no_invariant  the muli takes k as it enters the loop (once per activation) instead
#              of the invariant that repeats it per iteration: the second iteration
#              waits forever (deadlock, exit 1), the static rule names the muli, and
#              --try-fix adds dataflow.invariant(after_cond, k) before it: verified
#   printf_n   a format with %n: exit 2 at the printf call
#   unknown_c  a call of fopen, which loom-sim does not model: exit 2 at the call
#   no_cpu     the CPU version renamed: no function to check the network against, exit 2
#   no_func    the esi_instance names no handshake.func: exit 2 at it
#   esi_syntax an esi_instance without its reset: exit 2, located
set -uo pipefail
sim=$1 prog=$2 case=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
copy=$dir/program_scale.mlir
cp "$prog" "$copy"
edit() { sed -i "$1" "$copy" && ! cmp -s "$prog" "$copy" || { echo "the edit '$1' changed nothing" >&2; exit 1; }; }
expect() { # CODE STREAM TEXT...
  local code=$1 stream=$2
  shift 2
  "$sim" run "${args[@]}" "$copy" >"$dir/out" 2>"$dir/err"
  local rc=$?
  local ok=1
  [ "$rc" -eq "$code" ] || { echo "exit $rc, expected $code" >&2; ok=0; }
  for text in "$@"; do
    grep -qF -- "$text" "$dir/$stream" || { echo "missing in $stream: $text" >&2; ok=0; }
  done
  if [ $ok -eq 0 ]; then
    echo "--- stdout" >&2; cat "$dir/out" >&2; echo "--- stderr" >&2; cat "$dir/err" >&2
    exit 1
  fi
  cat "$dir/$stream"
}
args=()
case $case in
runs)
  expect 0 out "b[7] = 21 (cpu 21)" "scale: PASSED"
  expect 0 err "1 accelerated call(s)" "all checks passed (0 finding(s))" ;;
interp)
  args=(--no-accel)
  expect 0 out "b[0] = 0 (cpu 0)" "b[7] = 21 (cpu 21)" "scale: PASSED" ;;
raw_ctrl)
  edit 's/%ldc = dataflow.carry %ac, /%ldc = dataflow.carry %wc, /'
  expect 1 err "error: dataflow.carry 'scale_dsa_esi/%ldc' input 'd' (port 0) is raw_will_continue" \
    "1 token(s) latched in dataflow.carry 'scale_dsa_esi/%ldc' input 'd' after the call" \
    "a loop-body memory-control carry must be driven by after_cond, not raw_will_continue" \
    "FAILED (2 finding(s), 1 root cause)" ;;
raw_loop)
  edit 's/%ldc = dataflow.carry %ac, /%ldc = dataflow.carry %wc, /; s/%ld_next, %ld_exit = cond_br %ac, /%ld_next, %ld_exit = cond_br %wc, /'
  expect 1 err "stopped: deadlock" "handshake.mux 'scale_dsa_esi/%ld_done' waits for" \
    "did not complete (deadlock)" ;;
no_invariant)
  edit 's/%y = arith.muli %x, %kk : i32/%y = arith.muli %x, %kin : i32/'
  args=(--try-fix)
  expect 1 err "error: arith.muli 'scale_dsa_esi/%y' input 'in1' (port 1) carries data from 'scale_dsa_esi/%kin.fork'" \
    "a value made outside a loop enters its body through a dataflow.invariant on after_cond" \
    "did not complete (deadlock)" \
    "loom-sim: try-fix: @scale_dsa_esi: arith.muli 'scale_dsa_esi/%y' input 'in1' takes dataflow.invariant 'scale_dsa_esi/%y.fix_invariant' of it on after_cond of dataflow.gate 'scale_dsa_esi/%iv'" \
    "loom-sim: try-fix: the program printed:" "    b[7] = 21 (cpu 21)" "    scale: PASSED" \
    "loom-sim: try-fix: the fix is verified" ;;
printf_n)
  # "b[%u]..." becomes "b[%n]...": the first conversion writes through its argument.
  edit '0,/dense<\[98, 91, 37, 117/s//dense<[98, 91, 37, 110/'
  expect 2 err "program_scale.mlir:" "printf's format '@fmt'" "'%n' writes to memory; it is not supported" ;;
unknown_c)
  edit 's/llvm.func @puts(!llvm.ptr) -> i32/llvm.func @fopen(!llvm.ptr) -> i32/; s/llvm.call @puts(/llvm.call @fopen(/'
  expect 2 err "error: call of '@fopen', a function loom-sim does not model (it models puts, printf" ;;
no_cpu)
  edit 's/@scale_cpu/@scale_reference/g'
  expect 2 err "error: 'handshake.esi_instance' of '@scale_dsa_esi': the program has no function that computes what it does" ;;
no_func)
  edit 's/handshake.esi_instance @scale_dsa_esi/handshake.esi_instance @scale_dsa/'
  expect 2 err "error: 'handshake.esi_instance' runs '@scale_dsa', which is no handshake.func of this file" ;;
esi_syntax)
  edit 's/ rst %false(/(/'
  expect 2 err "program_scale.mlir:" "error: " ;;
*) echo "unknown case $case" >&2; exit 2 ;;
esac
