#!/usr/bin/env bash
# mutate_cli.sh LOOM-SIM ROOT [CORPUS]
# `loom-sim mutate` as a user runs it (docs/mutation.md). A small campaign over kernels
# whose networks have a site for every operator (dot, histogram, bubble_sort) and, with
# CORPUS, LOOM's axpy as `run --try-fix` repairs it: exit 0 (no mutant with a wrong run
# uncaught, no false finding), every mutant in the JSON report with its operator, site
# and one of the five classes, the classes summing to the mutants, the text's last line
# the counts; the clocked engine classifying every mutant as the event engine does. A
# survivor's reproducer: `--mutant OP:SITE --emit FORM` writes the mutant
# in both text forms, and `run --dfg` on either file finds what the campaign said.
# Bad input: a base with findings (LOOM's axpy unrepaired) refused with them named; an
# unknown operator, a malformed or out-of-range --mutant, --emit without --mutant.
set -uo pipefail
sim=$1 root=$2 corpus=${3:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; [ -n "${last:-}" ] && cut -c1-300 "$dir/$last" | tail -20 >&2; exit 1; }
cd "$root" || exit 1

# The report: every mutant classified, the counts adding up, every operator with a site.
check_report() { # REPORT TEXT
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read().splitlines()
classes = ["caught_static", "caught_runtime", "wrong_uncaught", "harmless", "timeout"]
assert r["mutants"], "no mutant"
for m in r["mutants"]:
    assert {"operator", "site", "class", "differs", "reached"} <= m.keys(), m
    assert m["class"] in classes, m
counts = {c: sum(1 for m in r["mutants"] if m["class"] == c) for c in classes}
assert counts == {c: r["counts"][c] for c in classes}, (counts, r["counts"])
assert counts["wrong_uncaught"] == 0 and r["false_findings"] == 0, r["counts"]
want = ", ".join(f"{c} {counts[c]}" for c in classes)
assert text[-1] == want, (text[-1], want)
print(len(r["mutants"]), "mutants:", want)
PY
}

ops=""
for k in dot histogram bubble_sort; do
  last=$k.txt
  "$sim" mutate kernels/$k.mlir -j 2 --report "$dir/$k.json" >"$dir/$k.txt" 2>&1 ||
    fail "$k: campaign not clean"
  check_report "$dir/$k.json" "$dir/$k.txt" || fail "$k: report"
  ops="$ops $(python3 -c "import json,sys; print(' '.join(sorted({m['operator'] for m in json.load(open(sys.argv[1]))['mutants']})))" "$dir/$k.json")"
done
for op in control-source carry-condition carry-init-swap split-bypass invariant-raw fork-to-sink \
  mux-select access-ctrl order-swap guard-removed; do
  echo "$ops" | grep -qw -- "$op" || fail "no mutant of $op in dot, histogram and bubble_sort"
done

# The clocked engine gives every mutant the same class, rules, checks and verdict.
last=clocked.txt
"$sim" mutate kernels/histogram.mlir -j 2 --engine clocked --report "$dir/clocked.json" \
  >"$dir/clocked.txt" 2>&1 || fail "histogram on the clocked engine: campaign not clean"
python3 - "$dir/histogram.json" "$dir/clocked.json" <<'PY' || fail "the engines classify differently"
import json, sys
key = lambda m: (m["operator"], m["site"], m["class"], m.get("rules"), m.get("checks"), m["differs"])
a, b = ([key(m) for m in json.load(open(f))["mutants"]] for f in sys.argv[1:])
assert a == b, [x for x in zip(a, b) if x[0] != x[1]][:3]
PY

# A site's reproducer, in both forms: the mutant runs as `run --dfg` and is caught.
last=emit.txt
"$sim" mutate kernels/dot.mlir --func dot --mutant control-source:0 --emit loom.dfg \
  -o "$dir/m.dfg.mlir" 2>"$dir/emit.txt" || fail "--emit loom.dfg"
grep -q "takes 'after_cond'" "$dir/emit.txt" || fail "--emit does not say what changed"
"$sim" mutate kernels/dot.mlir --func dot --mutant control-source:0 --emit loom \
  -o "$dir/m.loom.mlir" 2>>"$dir/emit.txt" || fail "--emit loom"
for form in dfg loom; do
  last=run-$form.txt
  "$sim" run kernels/dot.mlir --dfg "dot=$dir/m.$form.mlir" >/dev/null 2>"$dir/$last"
  [ $? -eq 1 ] || fail "the $form form of the mutant passes"
  grep -q "deadlock" "$dir/$last" || fail "the $form form of the mutant: no deadlock"
done
# One mutant's campaign alone: the same class as in the whole campaign.
last=one.txt
"$sim" mutate kernels/dot.mlir --func dot --mutant control-source:0 >"$dir/one.txt" 2>&1 ||
  fail "one mutant"
want=$(python3 -c "import json,sys; print([m['class'] for m in json.load(open(sys.argv[1]))['mutants'] if m['operator']=='control-source' and m['site']==0][0])" "$dir/dot.json")
tail -1 "$dir/one.txt" | grep -q "$want 1" || fail "one mutant: not $want as in the campaign"
# --list numbers the sites per operator.
last=list.txt
"$sim" mutate kernels/dot.mlir --list >"$dir/list.txt" 2>&1 || fail "--list"
[ "$(grep -c '^@dot split-bypass:' "$dir/list.txt")" -eq 15 ] || fail "--list: not 15 split-bypass sites"
grep -q '^@dot split-bypass:14 ' "$dir/list.txt" || fail "--list: sites not numbered from 0"

# Bad input: exit 2, with the reason.
bad() { # NAME EXPECTED-TEXT ARGS...
  last=$1.txt
  local want=$2
  shift 2
  "$sim" mutate "$@" >"$dir/$last" 2>&1
  [ $? -eq 2 ] || fail "$last: exit code, expected 2"
  grep -qF -- "$want" "$dir/$last" || fail "$last: no '$want'"
}
bad operator "no such operator (control-source" kernels/dot.mlir --operator bogus
bad mutant-syntax "OPERATOR:SITE" kernels/dot.mlir --func dot --mutant split-bypass
bad mutant-range "has 15 site(s) of split-bypass" kernels/dot.mlir --func dot --mutant split-bypass:99
bad emit "--emit writes one mutant" kernels/dot.mlir --emit loom
bad func "no function '@nosuch'" kernels/dot.mlir --func nosuch

if [ -n "$corpus" ] && [ -f "$corpus/legacy_gen_axpy.mlir" ]; then
  axpy=$corpus/legacy_gen_axpy.mlir
  bad loom-base "finding(s) already" "$axpy"
  last=fix.txt
  "$sim" run "$axpy" --try-fix --no-prove --fixed-dfg "$dir/axpy.fixed.mlir" >/dev/null 2>"$dir/fix.txt"
  grep -q "the fix is verified" "$dir/fix.txt" || fail "axpy's repair is not verified"
  last=axpy.txt
  "$sim" mutate "$axpy" --dfg "_Z8axpy_dsaPKjS0_Pjjj_esi=$dir/axpy.fixed.mlir" -j 2 \
    --report "$dir/axpy.json" >"$dir/axpy.txt" 2>&1 || fail "axpy: campaign not clean"
  check_report "$dir/axpy.json" "$dir/axpy.txt" || fail "axpy: report"
  grep -q "3 input(s) (own; %arg4 = 0 trips; %arg4 = 1 trip)" "$dir/axpy.txt" ||
    fail "axpy: its length is not varied"
fi
echo "mutate_cli: ok"
