#!/usr/bin/env bash
# forms_agree.sh LOOM-SIM KERNELS [KERNEL:FUNC ...]: one network, two forms. Each kernel's
# function is lowered with each of the lowering's known bugs injected and written both
# in loom-sim's DFG text (which prints the rates the lowering derived) and in LOOM's form
# (which prints none: they are inferred from the network and bound to the function's
# loops); `run --dfg` of the program on each must give the same verdict: the same exit
# code, the same findings (check, call, op kind) and the same number of root causes.
set -uo pipefail
sim=$1 kernels=$2
shift 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
verdict() { # REPORT RC: exit code, causes, and one line per finding
  python3 - "$1" "$2" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
print("exit", sys.argv[2], "causes", len(r["causes"]))
lines = []
for f in r["findings"]:
    op = re.search(r"\b(dataflow|handshake|arith|loom)\.[a-z_]+", f["summary"])
    lines.append("%s call %s %s" % (f["check"], f.get("invocation", "-"), op.group(0) if op else "-"))
print("\n".join(sorted(lines)))
PY
}
status=0 compared=0 failing=0 nosite=0
for pair in "$@"; do
  kernel=${pair%%:*} func=${pair#*:}
  for inj in none mem-ctrl-raw body-ctrl-raw invariant-raw iter-carry-gated no-zero-trip-guard no-branch-gate no-mem-order; do
    flags=()
    [ "$inj" = none ] || flags=(--inject "$inj")
    for fmt in loom loom.dfg; do
      "$sim" lower "$kernels/$kernel.mlir" --func "$func" --format $fmt "${flags[@]}" -o "$out/$fmt.mlir" \
        >/dev/null 2>"$out/lower.err"
      # An injection with no site in the function is refused (exit 2): nothing to compare.
      if grep -q "changes nothing" "$out/lower.err"; then nosite=$((nosite + 1)); continue 2; fi
      [ -s "$out/$fmt.mlir" ] || { echo "$kernel $inj: lower --format $fmt wrote nothing"; status=1; continue 2; }
      "$sim" run "$kernels/$kernel.mlir" --dfg "$func=$out/$fmt.mlir" --report "$out/$fmt.json" \
        >/dev/null 2>"$out/$fmt.err"
      verdict "$out/$fmt.json" $? >"$out/$fmt.verdict"
      rm -f "$out/$fmt.mlir"
    done
    compared=$((compared + 1))
    grep -q "^exit 1" "$out/loom.verdict" && failing=$((failing + 1))
    diff -u "$out/loom.dfg.verdict" "$out/loom.verdict" >"$out/diff" ||
      { echo "$kernel $inj: the two forms disagree (- loom.dfg, + LOOM's form)"; cat "$out/diff"; status=1; }
  done
done
echo "forms agree: $compared network(s) compared, $failing with findings ($nosite injection(s) without a site)"
exit $status
