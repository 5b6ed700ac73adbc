#!/usr/bin/env bash
# tune.sh SIM ROOT [CORPUS]: `loom-sim tune` against expectations it does not make itself.
#   skew (tests/analysis/inputs/skew.mlir): the sum's recurrence bounds its loop at II 3
#     (carry, split, addi: docs/timing.md); as given the fork before the divider stalls it.
#     After tune: ii_steady is exactly 3, `run --timing CAPS` gives the cycles tune printed
#     as "after" and the ceiling's, the program prints what mlir-runner prints, every
#     tuned channel with one slot less is slower (no slot is wasted), and a timing file
#     with channelCapacity at the ceiling gives the "ceiling" cycles tune printed;
#   dot: as given at its ceiling: no channel changes, the file has no "channels";
#   bad input: -o onto the program, a timing file naming a channel or a function that does
#     not exist (exit 2, the name in the message);
#   CORPUS (LOOM's programs, repaired by --try-fix): each tuned on its repaired networks, and
#     `run --dfg ... --timing CAPS` passes with the cycles tune printed as "after", never
#     more than "before"; a program as LOOM compiled it fails with every channel large
#     too, and tune says buffering is not what it lacks (exit 1).
set -uo pipefail
sim=$1 root=$2 corpus=${3:-}
source "$(dirname "${BASH_SOURCE[0]}")/repaired.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tune.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# cycles WORD FILE: the cycles of tune's line WORD ("before", "ceiling", "after").
cycles() { awk -v w="$1" '$1 == w && $3 == "cycles" { gsub(",", "", $2); print $2 }' "$2"; }
# runcycles ARGS...: the cycles of `loom-sim run ARGS` (which must pass).
runcycles() {
  "$sim" run "$@" >"$work/out" 2>"$work/err" || { tail -3 "$work/err"; return 1; }
  grep -o '[0-9,]* cycles' "$work/err" | tail -1 | tr -d ', cycles'
}

skew=$root/tests/analysis/inputs/skew.mlir
"$sim" tune "$skew" -o "$work/caps.json" >"$work/tune" 2>&1 || { cat "$work/tune"; fail "tune skew: exit $?"; }
cat "$work/tune"
before=$(cycles before "$work/tune") ceiling=$(cycles ceiling "$work/tune") after=$(cycles after "$work/tune")
[ -n "$before" ] && [ -n "$after" ] || fail "skew: no cycles in tune's table"
[ "$after" -lt "$before" ] || fail "skew: after ($after) is not below before ($before)"
[ "$after" = "$ceiling" ] || fail "skew: after ($after) is not the ceiling ($ceiling)"
got=$(runcycles "$skew" --timing "$work/caps.json" --report "$work/r.json") || fail "skew: run --timing failed"
[ "$got" = "$after" ] || fail "skew: run --timing took $got cycles, tune said $after"
bash "$root/scripts/oracle.sh" "$skew" >"$work/oracle" 2>/dev/null || fail "skew: oracle failed"
cmp -s "$work/oracle" "$work/out" || fail "skew: tuned output differs from mlir-runner's"
steady=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["calls"][0]["loops"][0]["ii_steady"])' "$work/r.json")
[ "$steady" = "3.0" ] || fail "skew: ii_steady after tune is $steady, the bound is 3"
echo '{"channelCapacity": 64}' >"$work/c64.json"
got=$(runcycles "$skew" --timing "$work/c64.json") || fail "skew: run at 64 slots failed"
[ "$got" = "$ceiling" ] || fail "skew: every channel at 64 slots took $got cycles, tune said $ceiling"
# One slot less on any tuned channel: slower.
python3 - "$work/caps.json" "$work" <<'EOF' || fail "skew: cannot write the one-less files"
import json, sys
caps = json.load(open(sys.argv[1]))
n = 0
for f, chans in caps["channels"].items():
    for name, slots in chans.items():
        less = json.loads(json.dumps(caps))
        less["channels"][f][name] = slots - 1
        json.dump(less, open("%s/less%d.json" % (sys.argv[2], n), "w"))
        n += 1
print("skew: %d tuned channel(s)" % n)
EOF
for f in "$work"/less*.json; do
  got=$(runcycles "$skew" --timing "$f") || fail "skew: run with $f failed"
  [ "$got" -gt "$after" ] || fail "skew: one slot less ($f) took $got cycles, not more than $after"
done

dot=$root/kernels/dot.mlir
"$sim" tune "$dot" -o "$work/dot.json" >"$work/tune" 2>&1 || fail "tune dot: exit $?"
[ "$(cycles before "$work/tune")" = "$(cycles after "$work/tune")" ] || fail "dot: cycles changed"
grep -q '"channels"' "$work/dot.json" && fail "dot: channels written where none changed"

# Bad input.
"$sim" tune "$skew" -o "$skew" >/dev/null 2>"$work/err"
[ $? = 2 ] || fail "-o onto the program: not exit 2"
echo '{"channels": {"@skew": {"no -> such:0": 3}}}' >"$work/bad.json"
"$sim" run "$skew" --timing "$work/bad.json" >/dev/null 2>"$work/err"
[ $? = 2 ] && grep -q "has no channel 'no -> such:0'" "$work/err" || { cat "$work/err"; fail "unknown channel"; }
echo '{"channels": {"@nosuch": {}}}' >"$work/bad.json"
"$sim" tune "$skew" --timing "$work/bad.json" >/dev/null 2>"$work/err"
[ $? = 2 ] && grep -q "no function '@nosuch'" "$work/err" || { cat "$work/err"; fail "unknown function"; }

if [ -n "$corpus" ]; then
  tuned=0 faster=0
  for f in "$corpus"/legacy_gen_*.mlir; do
    name=$(basename "$f" .mlir)
    repair "$sim" "$f" "$work/$name.fixed.mlir" || continue
    "$sim" tune "$f" "${dfgs[@]}" -o "$work/$name.json" >"$work/tune" 2>&1 ||
      { cat "$work/tune"; fail "$name: tune exit $?"; }
    before=$(cycles before "$work/tune") after=$(cycles after "$work/tune")
    [ "$after" -le "$before" ] || fail "$name: after ($after) above before ($before)"
    [ "$after" -lt "$before" ] && faster=$((faster + 1))
    got=$(runcycles "$f" "${dfgs[@]}" --timing "$work/$name.json") || fail "$name: tuned run failed"
    [ "$got" = "$after" ] || fail "$name: run --timing took $got cycles, tune said $after"
    tuned=$((tuned + 1))
  done
  [ "$tuned" -gt 0 ] || fail "no LOOM program was repaired and tuned"
  echo "tune.sh: $tuned LOOM program(s) repaired and tuned, $faster faster"
  first=$(ls "$corpus"/legacy_gen_*.mlir | head -1)
  "$sim" tune "$first" >/dev/null 2>"$work/err"
  rc=$?
  [ $rc = 1 ] && grep -q "buffering is not what it lacks" "$work/err" ||
    { cat "$work/err"; fail "$(basename "$first") as LOOM compiled it: exit $rc"; }
fi
echo "tune.sh: passed"
