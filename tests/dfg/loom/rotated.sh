#!/usr/bin/env bash
# rotated.sh LOOM_SIM INPUTS: the hand-written networks dotk*.mlir stand for @dotk written
# two ways: as an scf.for (dotk_src.mlir) and as LOOM's compiler prints a CPU version, a
# do-while scf.while marked loom.stream behind an scf.if (dotk_rotated_src.mlir). Each
# network's stream binds to either loop, and `run` must give the same verdict both ways:
# the same exit code, the same findings (check, call, place in the network), the same
# number of root causes, the same cycles. The correct network passes, each buggy one fails.
set -uo pipefail
sim=$1 in=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
summary() { # REPORT: one line per finding, places in the program file left out
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for f in r["findings"]:
    at = f.get("mlir", "")
    at = at.rsplit("/", 1)[-1]
    at = "program" if at.startswith(("dotk_src", "dotk_rotated_src")) else at
    print(f["check"], f["function"], f.get("invocation", 0), at)
print("causes", len(r["causes"]))
PY
}
status=0
for net in dotk dotk_raw_ctrl dotk_off_by_one; do
  for src in dotk_src dotk_rotated_src; do
    "$sim" -v run "$in/$src.mlir" --dfg "dotk=$in/$net.mlir" --report "$out/$src.json" \
      >"$out/$src.out" 2>"$out/$src.err"
    echo $? >"$out/$src.rc"
    summary "$out/$src.json" >"$out/$src.findings"
    grep -oE '[0-9,]+ cycles' "$out/$src.err" >>"$out/$src.findings"
  done
  grep -q "1 of 1 loop(s) bound to an scf.while marked loom.stream of '@dotk'" "$out/dotk_rotated_src.err" ||
    { echo "$net: the stream is not bound to the marked scf.while"; cat "$out/dotk_rotated_src.err"; status=1; }
  want=1
  [ "$net" = dotk ] && want=0
  for src in dotk_src dotk_rotated_src; do
    [ "$(cat "$out/$src.rc")" = $want ] || { echo "$net on $src: exit $(cat "$out/$src.rc"), expected $want"; status=1; }
  done
  cmp -s "$out/dotk_src.out" "$out/dotk_rotated_src.out" ||
    { echo "$net: the program's output differs"; status=1; }
  diff -u "$out/dotk_src.findings" "$out/dotk_rotated_src.findings" ||
    { echo "$net: the verdicts differ (scf.for vs rotated scf.while)"; status=1; }
  echo "$net: exit $want both ways, $(grep -c . "$out/dotk_src.findings") line(s) alike"
done
exit $status
