#!/usr/bin/env bash
# file_kinds.sh LOOM_SIM KERNELS [CORPUS]: each command recognises a file meant for
# another and names the commands that read it, at the op that tells the kind, exit 2:
# an SCF program given to sim / verify / diff --dfg, loom-sim's loom.dfg text and
# LOOM's networks (a file of LOOM's own, CORPUS/main_gate_only.mlir) given to run /
# lower / check / upgrade. A program LOOM compiled (CORPUS/legacy_gen_vecsum.mlir) is read by
# both families; rtl takes either kind without being told. And --func is the one way to
# choose functions: --accel is its alias, and --dfg FILE takes its function from it.
# Given CORPUS, only the checks on LOOM's files run (ctest loom.corpus_file_kinds, which
# exists where the corpus does, as every loom-corpus test); without it, all the others.
set -euo pipefail
sim=$1 kernels=$2 corpus=${3-}
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
[ -z "$corpus" ] || [ -f "$corpus/main_gate_only.mlir" ] || fail "LOOM's corpus is not at $corpus"

# expect CODE MESSAGE -- COMMAND...: the exit code, and MESSAGE as a line of stderr.
expect() {
  local code=$1 msg=$2 rc=0
  shift 3
  "$@" > "$dir/out" 2> "$dir/err" || rc=$?
  [ "$rc" = "$code" ] || fail "$*: exit $rc, expected $code: $(cat "$dir/err")"
  grep -qxF -- "$msg" "$dir/err" || fail "$*: expected the line
$msg
got:
$(cat "$dir/err")"
}

# reads COMMAND FILE...: read, whatever the verdict (exit 0 or 1, not 2).
reads() {
  local rc=0
  "$sim" "$@" > "$dir/out" 2>&1 || rc=$?
  [ "$rc" != 2 ] || fail "$* did not read the file: $(cat "$dir/out")"
}

k=$kernels/gemm.mlir
"$sim" lower "$k" -o "$dir/g.dfg.mlir"
"$sim" lower "$k" --format loom -o "$dir/g.loom.mlir"
prog="this file holds an SCF program, not a dataflow graph: \`loom-sim lower $k\` lowers it to one (and verifies it), \`loom-sim run $k\` runs it"
for cmd in "sim $k" "verify $k" "rtl $k -o $dir/rtl --dfg"; do
  expect 2 "$k:2:1: error: $prog" -- "$sim" $cmd
done
expect 2 "$k:2:1: error: $prog" -- "$sim" diff "$k" --dfg "gemm=$k"
expect 2 "$k:2:1: error: $prog" -- "$sim" run "$k" --func gemm --dfg "$k"

# not_a_program FILE|WHAT|LINE:COL...: refused by the commands that read programs, read by
# those that read DFGs.
not_a_program() {
  local f file what at msg cmd
  for f in "$@"; do
    IFS='|' read -r file what at <<< "$f"
    msg="$file:$at: error: this file holds $what, not a program: \`loom-sim sim $file\` simulates a call of it, \`loom-sim verify $file\` checks it"
    for cmd in run lower check upgrade; do
      expect 2 "$msg" -- "$sim" $cmd "$file"
    done
    reads verify "$file" # ... while the commands that read DFGs read it
  done
}

if [ -n "$corpus" ]; then
  not_a_program "$corpus/main_gate_only.mlir|LOOM's dataflow networks (handshake.func, no host code)|5:3"
  # A program LOOM compiled: a program and networks at once.
  v=$corpus/legacy_gen_vecsum.mlir
  "$sim" run "$v" --no-accel > "$dir/out" 2>&1 || fail "run --no-accel $v: $(cat "$dir/out")"
  reads verify "$v" # its networks break the specs' rules: verify says so, exit 1
  expect 2 "$v:110:3: error: this file holds a program LOOM compiled (host code and handshake.funcs), which \`loom-sim run $v\` reads as it is: \`upgrade\` rewrites SCF programs written in MLIR 14's spelling" \
    -- "$sim" upgrade "$v"
  echo "file kinds of LOOM's own files recognised by every command"
  exit 0
fi

not_a_program "$dir/g.dfg.mlir|a dataflow graph in loom-sim's form (loom.dfg)|1:1" \
  "$dir/g.loom.mlir|LOOM's dataflow networks (handshake.func, no host code)|1:1"

# rtl recognises a DFG file: the same SystemVerilog as from the program it was lowered
# from, --dfg or not (the same lines: the text's channel order is not the lowering's).
s=$kernels/gcd.mlir
"$sim" lower "$s" -o "$dir/s.dfg.mlir"
"$sim" rtl "$s" --ext-words 64 -o "$dir/from_program"
"$sim" rtl "$dir/s.dfg.mlir" --ext-words 64 -o "$dir/from_dfg"
"$sim" rtl "$dir/s.dfg.mlir" --ext-words 64 --dfg -o "$dir/from_dfg_flag"
same_lines() {
  [ "$(cd "$1" && ls)" = "$(cd "$2" && ls)" ] || return 1
  for f in "$1"/*; do
    cmp -s <(sort "$f") <(sort "$2/$(basename "$f")") || return 1
  done
}
same_lines "$dir/from_program" "$dir/from_dfg" || fail "rtl: a DFG file gives other RTL than its program"
diff -r "$dir/from_dfg" "$dir/from_dfg_flag" > /dev/null || fail "rtl: --dfg changes the RTL"

# --func and its alias --accel choose the same calls; --dfg FILE takes --func's function.
"$sim" run "$k" --func gemm > "$dir/a" 2> "$dir/a.err"
"$sim" run "$k" --accel gemm > "$dir/b" 2> "$dir/b.err"
cmp -s "$dir/a" "$dir/b" || fail "run --func and --accel print different outputs"
grep -q "1 accelerated call(s)" "$dir/a.err" || fail "run --func gemm: $(cat "$dir/a.err")"
"$sim" diff "$k" --func gemm --dfg "$dir/g.loom.mlir" > "$dir/d1"
"$sim" diff "$k" --dfg "gemm=$dir/g.loom.mlir" > "$dir/d2"
cmp -s "$dir/d1" "$dir/d2" || fail "diff --func F --dfg FILE differs from --dfg F=FILE"
expect 2 "loom-sim: error: --dfg '$dir/g.loom.mlir': expected FUNC=FILE, or FILE with one --func FUNC" \
  -- "$sim" diff "$k" --dfg "$dir/g.loom.mlir"
# verify --func: one graph of several; a name the file lacks is bad input.
"$sim" verify "$dir/g.dfg.mlir" --func gemm > /dev/null 2>&1 || fail "verify --func gemm"
expect 2 "$dir/g.dfg.mlir: error: no function '@nope' in the file" -- "$sim" verify "$dir/g.dfg.mlir" --func nope
expect 2 "$k: error: no function '@nope' with a body to lower" -- "$sim" lower "$k" --func nope
echo "file kinds recognised by every command"
