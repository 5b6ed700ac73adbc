#!/usr/bin/env bash
# difftest.sh [OPTIONS] SEED...        differential test of generated programs
# difftest.sh [OPTIONS] --file F.mlir... the same checks on given programs
#
# For every seed: `loom-gen --seed SEED` writes a program, then
#   (a) `loom-sim check` parses and verifies it;
#   (b) the outputs of `loom-sim run --no-accel`, `run --engine event`,
#       `run --engine clocked` and scripts/oracle.sh (MLIR 22: mlir-opt + mlir-runner) agree
#       (modulo the pointer print_memref prints after `base@ =`);
#   (c) the accelerated runs exit 0 (every harness check passed).
# A failing seed keeps its program, every output and stderr under OUT/seed-SEED/ (the
# failure class in OUT/seed-SEED/class) and prints one line:
#   FAIL seed 17: event-rc1 [ledger]: channel carried N token(s) where ...
# The last line is "N passed, M failed"; the exit code is 1 if anything failed.
#
# Options:
#   --size small|medium|large|mixed   program size (default small; mixed: by seed)
#   --kernels K                       number of kernel functions (default: by seed)
#   --shape normal|deep|wide|mixed|recurrence
#                                     loom-gen --shape (default normal; deep: one path of
#                                     each kernel nested 16..120 levels; wide: 8..40
#                                     scalar parameters, ten times the statements; mixed:
#                                     the three by seed; recurrence: one loop of known II,
#                                     which the event engine must reach exactly)
#   --out DIR                         failure directory (default out/difftest)
#   --fresh                           empty the failure directory first
#   -j N                              seeds in parallel (default 1)
#   -v                                also print one line per passing seed
#   --file                            the arguments are .mlir files, not seeds
#   --class                           with --file: print only the failure class of the
#                                     first file ("pass" if none); for reducer predicates
# A seed argument may be a range A-B (inclusive).
# Environment: LOOM_SIM, LOOM_GEN (default build/loom-sim, build/loom-gen), ORACLE
# (default scripts/oracle.sh), DIFFTEST_TIMEOUT (seconds per run, default 120),
# DIFFTEST_FAST=1 (stop at the first failing step; used by scripts/reduce.sh),
# DIFFTEST_MAX_STEPS / DIFFTEST_MAX_CYCLES (passed to loom-sim run as --max-steps /
# --max-cycles).
#
# Failure classes (first failing step wins): gen-error, check-rcN (loom-sim rejects the
# program), oracle-error (mlir-opt/mlir-runner reject or fail: a generator bug),
# interp-rcN (the reference interpreter failed: a UB/out-of-bounds generator bug or an
# interpreter bug), interp-vs-oracle, event-rcN [checks], event-vs-oracle, clocked-rcN
# [checks], clocked-vs-oracle, timeout-STEP, ii-below-bound (a loop of the event engine's
# report ran faster than its static II bound, or its recurrence's costs do not add up),
# ii-not-known (a --shape recurrence program's loop missed the II it has by construction).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Its helper scripts sit beside it (soak.sh runs a copy of both from its own folder).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SIM=${LOOM_SIM:-$root/build/loom-sim}
GEN=${LOOM_GEN:-$root/build/loom-gen}
ORACLE=${ORACLE:-$root/scripts/oracle.sh}
TMO=${DIFFTEST_TIMEOUT:-120}

size=small
shape=normal
kernels=
out=out/difftest
jobs=1
verbose=0
files=0
classonly=0
worker=0
fresh=0
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --kernels) kernels=$2; shift 2 ;;
    --shape) shape=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -v) verbose=1; shift ;;
    --fresh) fresh=1; shift ;;
    --file) files=1; shift ;;
    --class) classonly=1; shift ;;
    --worker) worker=1; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --*) echo "difftest.sh: unknown option $1" >&2; exit 2 ;;
    *) if [[ "$1" =~ ^([0-9]+)-([0-9]+)$ ]]; then
         for ((i = BASH_REMATCH[1]; i <= BASH_REMATCH[2]; i++)); do args+=("$i"); done
       else
         args+=("$1")
       fi
       shift ;;
  esac
done
FAST=${DIFFTEST_FAST:-0}
limits=()
[ -n "${DIFFTEST_MAX_STEPS:-}" ] && limits+=(--max-steps "$DIFFTEST_MAX_STEPS")
[ -n "${DIFFTEST_MAX_CYCLES:-}" ] && limits+=(--max-cycles "$DIFFTEST_MAX_CYCLES")
[ ${#args[@]} -gt 0 ] || { echo "usage: difftest.sh [--size S] [--kernels K] [--out DIR] [-j N] SEED... | --file F.mlir..." >&2; exit 2; }
case "$size" in small|medium|large|mixed) ;; *) echo "difftest.sh: bad --size $size" >&2; exit 2 ;; esac
case "$shape" in normal|deep|wide|mixed|recurrence) ;; *) echo "difftest.sh: bad --shape $shape" >&2; exit 2 ;; esac
for t in "$SIM" "$ORACLE"; do [ -x "$t" ] || { echo "difftest.sh: $t not found (build first)" >&2; exit 2; }; done
[ $files -eq 1 ] || [ -x "$GEN" ] || { echo "difftest.sh: $GEN not found (build first)" >&2; exit 2; }

if [ $fresh -eq 1 ] && [ $worker -eq 0 ] && [ -d "$out" ]; then
  for d in "$out"/*/; do [ -f "$d/class" ] && rm -rf -- "$d"; done
fi

# Parallel: the same script on each seed, one process per seed, then a summary.
if [ "$jobs" -gt 1 ] && [ $worker -eq 0 ] && [ $classonly -eq 0 ]; then
  self=("$0" --worker --size "$size" --shape "$shape" --out "$out")
  [ -n "$kernels" ] && self+=(--kernels "$kernels")
  [ $files -eq 1 ] && self+=(--file)
  [ $verbose -eq 1 ] && self+=(-v)
  res=$(printf '%s\n' "${args[@]}" | xargs -P "$jobs" -n 4 "${self[@]}")
  pass=$(printf '%s\n' "$res" | grep -c '^PASS' || true)
  fail=$(printf '%s\n' "$res" | grep -c '^FAIL' || true)
  # A worker that died (e.g. a binary replaced under it) reports nothing: count it.
  lost=$(( ${#args[@]} - pass - fail ))
  printf '%s\n' "$res" | grep '^FAIL' | sort -t' ' -k3,3n || true
  [ $verbose -eq 1 ] && printf '%s\n' "$res" | grep '^PASS' | sed 's/^PASS /ok /' | sort -t' ' -k3,3n
  if [ $lost -gt 0 ]; then
    echo "$lost seed(s) gave no result (a worker failed)"
    fail=$((fail + lost))
  fi
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
  exit
fi

strip_ptr() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = 0x?/' "$1"; }
# The first error of a loom-sim stderr, without location, names and numbers.
sig() {
  grep -m1 -E 'error:' "$1" 2>/dev/null | sed -E "s/^[^ ]*: error: //; s/'[^']*'/'_'/g; s/[0-9]+/N/g; s/ \[@[^]]*\]\$//" | cut -c1-150
}
# The check kinds named in `[@func, call N, KIND]` tails.
kinds() { grep -oE '\[@[^]]*\]' "$1" 2>/dev/null | sed -E 's/.*, //; s/\]//' | sort -u | paste -sd, -; }

# check_prog FILE DIR: runs every step, leaves outputs in DIR, prints the class ("" = pass).
# Order: check, interpreter, oracle, event engine, clocked engine.
check_prog() {
  local f=$1 d=$2 rc cls= mode name
  timeout "$TMO" "$SIM" check "$f" >"$d/check.out" 2>"$d/check.err"
  rc=$?
  if [ $rc -ne 0 ]; then echo "check-rc$rc: $(sig "$d/check.err")"; return; fi
  for mode in interp oracle event clocked; do
    case $mode in
      interp) name=("$SIM" run "$f" --no-accel "${limits[@]}") ;;
      oracle) name=(env ORACLE_TIMEOUT="$TMO" "$ORACLE" "$f") ;;
      event) name=("$SIM" run "$f" --engine event --report "$d/event.json" "${limits[@]}") ;;
      clocked) name=("$SIM" run "$f" --engine clocked --report "$d/clocked.json" "${limits[@]}") ;;
    esac
    timeout "$TMO" "${name[@]}" >"$d/$mode.out" 2>"$d/$mode.err"
    rc=$?
    if [ $mode = oracle ]; then
      if [ $rc -ne 0 ]; then
        # mlir-opt / mlir-runner rejected or crashed: a generator problem.
        # rc 124: our timeout killed the oracle script (its own per-tool timeout did
        # not fire first): a hang, not a rejection.
        [ -z "$cls" ] && [ $rc -eq 124 ] && cls="timeout-oracle"
        [ -z "$cls" ] && cls="oracle-error: $(grep -m1 -E 'error|Segmentation|Stack dump|failed' "$d/oracle.err" | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //; s/[0-9]+/N/g' | cut -c1-120)"
        break # nothing to compare with
      fi
      if [ -f "$d/interp.out" ] && [ -z "$cls" ] && ! cmp -s <(strip_ptr "$d/oracle.out") <(strip_ptr "$d/interp.out"); then
        diff <(strip_ptr "$d/oracle.out") <(strip_ptr "$d/interp.out") >"$d/interp.diff"
        cls="interp-vs-oracle: $(grep -m1 -E '^[<>]' "$d/interp.diff" | cut -c1-80)"
      fi
    elif [ $rc -eq 124 ]; then
      [ -z "$cls" ] && cls="timeout-$mode"
    elif [ $rc -ne 0 ]; then
      [ -z "$cls" ] && cls="$mode-rc$rc [$(kinds "$d/$mode.err")]: $(sig "$d/$mode.err")"
    elif [ $mode != interp ] && [ -f "$d/oracle.out" ] && ! cmp -s <(strip_ptr "$d/oracle.out") <(strip_ptr "$d/$mode.out"); then
      diff <(strip_ptr "$d/oracle.out") <(strip_ptr "$d/$mode.out") >"$d/$mode.diff"
      [ -z "$cls" ] && cls="$mode-vs-oracle: $(grep -m1 -E '^[<>]' "$d/$mode.diff" | cut -c1-80)"
    fi
    [ "$FAST" = 1 ] && [ -n "$cls" ] && break
  done
  # The static II bound is a bound (scripts/check-ii-bound.py): no loop ran faster.
  # A --shape recurrence program's loop reaches its known II exactly.
  local known=()
  grep -q '^// loom-gen: known II' "$f" && known=(--program "$f")
  if [ -z "$cls" ] && [ -f "$d/event.json" ] &&
     ! python3 "$here/check-ii-bound.py" "${known[@]}" "$d/event.json" >"$d/ii-bound.out" 2>&1; then
    if grep -qE 'the known II|no loop at line' "$d/ii-bound.out"; then
      cls="ii-not-known: $(head -n 1 "$d/ii-bound.out" | sed -E 's/.*(ii_bound|ii_steady|no loop)/\1/; s/[0-9.]+/N/g' | cut -c1-100)"
    else
      cls="ii-below-bound: $(head -n 1 "$d/ii-bound.out" | sed -E 's/^[^:]*: //; s/[0-9.]+/N/g' | cut -c1-100)"
    fi
  fi
  echo "$cls"
}

seedsize() { # mixed: 50% small, 35% medium, 15% large, by seed
  if [ "$size" != mixed ]; then echo "$size"; return; fi
  local m=$(( $1 % 20 ))
  if [ $m -lt 10 ]; then echo small; elif [ $m -lt 17 ]; then echo medium; else echo large; fi
}

seedshape() { # mixed: normal, deep, wide in turn, by seed
  if [ "$shape" != mixed ]; then echo "$shape"; return; fi
  local shapes=(normal deep wide)
  echo "${shapes[$(( $1 % 3 ))]}"
}

pass=0
fail=0
for a in "${args[@]}"; do
  work=$(mktemp -d "${TMPDIR:-/tmp}/difftest.XXXXXX")
  if [ $files -eq 1 ]; then
    label="file $a"
    key=$(basename "$a" .mlir)
    cp "$a" "$work/prog.mlir" 2>/dev/null || { echo "difftest.sh: cannot read $a" >&2; rm -rf "$work"; exit 2; }
    cls=$(check_prog "$work/prog.mlir" "$work")
  else
    label="seed $a"
    key="seed-$a"
    s=$(seedsize "$a")
    gargs=(--seed "$a" --size "$s" --shape "$(seedshape "$a")")
    [ -n "$kernels" ] && gargs+=(--kernels "$kernels")
    if ! "$GEN" "${gargs[@]}" >"$work/prog.mlir" 2>"$work/gen.err"; then
      cls="gen-error: $(head -n 1 "$work/gen.err")"
    else
      cls=$(check_prog "$work/prog.mlir" "$work")
    fi
  fi
  if [ $classonly -eq 1 ]; then
    echo "${cls:-pass}"
    rm -rf "$work"
    exit 0
  fi
  if [ -z "$cls" ]; then
    pass=$((pass + 1))
    if [ $worker -eq 1 ]; then echo "PASS $label"; elif [ $verbose -eq 1 ]; then echo "ok $label"; fi
  else
    fail=$((fail + 1))
    rm -rf -- "${out:?}/$key"
    mkdir -p "$out/$key"
    cp "$work"/* "$out/$key/" 2>/dev/null
    echo "$cls" >"$out/$key/class"
    if [ $worker -eq 1 ]; then echo "FAIL $label: $cls"; else echo "FAIL $label: $cls"; fi
  fi
  rm -rf "$work"
done
[ $worker -eq 1 ] && exit 0
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
