#!/usr/bin/env bash
# many_kernels.sh LOOM_SIM KERNELS INPUTS: `run a.mlir b.mlir dir/` runs each kernel on
# its own: a line per kernel in the order given (a directory's *.mlir sorted), whatever
# -j; a total; the worst exit code; outputs per kernel through {} and directories;
# --junit read back by junitparser (a JUnit consumer's parser, Debian's
# python3-junitparser); the per-kernel verdicts equal those of single runs. And the
# pipes: --report - is the report on stdout with the program's output on stderr, -o
# takes the program's output.
set -euo pipefail
sim=$1 kernels=$2 in=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
mkdir ks
cp "$kernels/gemm.mlir" "$kernels/dot.mlir" ks/
cp "$in/accel_oob.mlir" ks/b_oob.mlir # fails: a runtime error in @peek's call
cp "$in/no_main.mlir" ks/c_no_main.mlir # bad input: no @main
echo "not a kernel" > ks/notes.txt

# Single runs first: their exit codes and summaries are what the batch must report.
declare -A want
for k in ks/*.mlir; do
  rc=0
  "$sim" run "$k" > /dev/null 2> single.err || rc=$?
  want[$k]=$rc
done
[ "${want[ks/gemm.mlir]}${want[ks/b_oob.mlir]}${want[ks/c_no_main.mlir]}" = 012 ] ||
  fail "single runs: ${want[*]}"

strip_ms() { sed -E 's/[0-9,]+ ms$/N ms/' "$1"; }
for j in 1 3; do
  rc=0
  "$sim" run ks/ -j $j --junit "j$j.xml" --report "rep$j/{}.json" --vcd "vcd$j/" > "out$j" 2> "err$j" || rc=$?
  [ "$rc" = 2 ] || fail "-j $j: exit $rc, expected 2 (the worst: c_no_main's)"
  [ ! -s "err$j" ] || fail "-j $j: stderr is not empty: $(cat "err$j")"
  # One line per kernel, in name order; the failing ones' logs indented below them.
  grep -E '^(PASS |FAIL |ERROR|CRASH)' "out$j" | awk '{print $1, $2}' > "verdicts$j"
  printf '%s\n' "FAIL ks/b_oob.mlir" "ERROR ks/c_no_main.mlir" "PASS ks/dot.mlir" "PASS ks/gemm.mlir" |
    cmp -s - "verdicts$j" || fail "-j $j: verdict lines: $(cat "out$j")"
  tail -1 "out$j" | grep -qE '^4 kernel\(s\): 2 passed, 1 failed, 1 bad input, [0-9,]+ ms$' ||
    fail "-j $j: total line: $(tail -1 "out$j")"
  grep -q '^    ks/b_oob.mlir:2:8: error: out-of-bounds access: index 9' "out$j" ||
    fail "-j $j: the failing kernel's finding is not shown under it: $(cat "out$j")"
  grep -q "^ERROR ks/c_no_main.mlir  *ks/c_no_main.mlir: error: no function '@main' to run$" "out$j" ||
    fail "-j $j: the bad input's line: $(cat "out$j")"
  # Each kernel's line carries the summary its single run prints.
  for k in gemm dot; do
    "$sim" run "ks/$k.mlir" 2>&1 > /dev/null | grep '^loom-sim: ' | sed 's/^loom-sim: //' |
      sed -E 's/[0-9,]+ ms$//' > want_summary
    grep "^PASS  *ks/$k.mlir" "out$j" | sed -E 's/^PASS  *ks\/[a-z_]+\.mlir  *//; s/[0-9,]+ ms$//' |
      cmp -s want_summary - || fail "-j $j: $k's summary differs from its single run's"
  done
  # Outputs per kernel: {} and a directory; none for the kernel that never ran.
  [ -s "rep$j/gemm.json" ] && [ -s "rep$j/dot.json" ] && [ -s "rep$j/b_oob.json" ] ||
    fail "-j $j: reports: $(ls "rep$j")"
  [ ! -e "rep$j/c_no_main.json" ] || fail "-j $j: a report for the bad input"
  head -c 200 "vcd$j/gemm.vcd" | grep -q '\$date\|\$version' || fail "-j $j: vcd$j/gemm.vcd"
  python3 -c "import json,sys; r=json.load(open('rep$j/b_oob.json')); sys.exit(0 if r['file']=='ks/b_oob.mlir' and not r['passed'] else 'bad report')"
done
cmp -s <(strip_ms out1) <(strip_ms out3) || fail "the output depends on -j: $(diff <(strip_ms out1) <(strip_ms out3))"

# JUnit, read by a consumer's parser: a suite per kernel, a case for the program and
# each call, the finding as the call's failure, the bad input as an error.
/usr/bin/python3 - j3.xml <<'PY'
import sys
from junitparser import JUnitXml, Failure, Error
xml = JUnitXml.fromfile(sys.argv[1])
suites = {s.name: s for s in xml}
assert sorted(suites) == ["ks/b_oob.mlir", "ks/c_no_main.mlir", "ks/dot.mlir", "ks/gemm.mlir"], sorted(suites)
def cases(name):
    return {c.name: c for c in suites[name]}
gemm = cases("ks/gemm.mlir")
assert sorted(gemm) == ["@gemm call 1", "program"], sorted(gemm)
assert all(c.is_passed for c in gemm.values())
assert len(cases("ks/dot.mlir")) == 4  # the program and its 3 calls of @dot
oob = cases("ks/b_oob.mlir")
peek = oob["@peek call 1"]
results = list(peek.result)
assert len(results) == 1 and isinstance(results[0], Failure), results
assert "out-of-bounds access: index 9" in results[0].message, results[0].message
assert "b_oob.mlir:2:8" in results[0].text
prog = list(oob["program"].result)
assert len(prog) == 1 and isinstance(prog[0], Failure) and "stopped by a runtime error" in prog[0].message, prog
bad = list(cases("ks/c_no_main.mlir")["program"].result)
assert len(bad) == 1 and isinstance(bad[0], Error) and "no function '@main'" in bad[0].message, bad
# The totals the file states are the ones its cases add up to: 2 + 4 + 2 + 1 cases, the
# runtime error twice (the program's and @peek's), the bad input once.
stated = (xml.tests, xml.failures, xml.errors)
xml.update_statistics()
assert stated == (xml.tests, xml.failures, xml.errors) == (9, 2, 1), (stated, xml.tests)
PY

# One kernel with --junit: the same document, one suite, its log as the failure text.
rc=0
"$sim" run ks/b_oob.mlir --junit one.xml > /dev/null 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "one kernel --junit: exit $rc"
/usr/bin/python3 -c "
from junitparser import JUnitXml
x = JUnitXml.fromfile('one.xml'); s = list(x)
assert len(s) == 1 and s[0].name == 'ks/b_oob.mlir'
p = [c for c in s[0] if c.name == 'program'][0]
assert 'loom-sim: 1 accelerated call(s)' in p.result[0].text, p.result[0].text
"

# Bad combinations: exit 2, one message, nothing run.
expect2() {
  local msg=$1 rc=0
  shift
  "$@" > x.out 2> x.err || rc=$?
  [ "$rc" = 2 ] || fail "$*: exit $rc"
  grep -qF -- "$msg" x.err || fail "$*: expected '$msg', got: $(cat x.err)"
  [ ! -s x.out ] || fail "$*: printed on stdout: $(cat x.out)"
}
expect2 "loom-sim: error: --report r.json: with 2 kernels each needs a file of its own: put {} in the name (--report 'out/{}.json') or name a directory (--report out/)" \
  "$sim" run ks/gemm.mlir ks/dot.mlir --report r.json
expect2 "loom-sim: error: --report -: with 2 kernels each writes its own" "$sim" run ks/gemm.mlir ks/dot.mlir --report -
expect2 "loom-sim: error: --vcd -: --vcd is written while the program runs, not to stdout; name a file" \
  "$sim" run ks/gemm.mlir --vcd -
expect2 "loom-sim: error: unknown injection 'nope'" "$sim" run ks/gemm.mlir ks/dot.mlir --inject nope
expect2 "loom-sim: error: the directory 'empty' holds no kernel (*.mlir)" bash -c "mkdir -p empty && '$sim' run empty"
mkdir -p other && cp ks/gemm.mlir other/
expect2 "loom-sim: error: ks/gemm.mlir and other/gemm.mlir have the same name 'gemm': their output files would be one; run them apart" \
  "$sim" run ks/gemm.mlir other/gemm.mlir --report 'o/{}.json'
[ ! -e o ] || fail "a refused batch made its output directory"
cp ks/gemm.mlir keep.mlir
expect2 "loom-sim: error: --junit keep.mlir is the input program keep.mlir; refusing to overwrite it" \
  "$sim" run keep.mlir --junit keep.mlir
cmp -s ks/gemm.mlir keep.mlir || fail "--junit overwrote the input program"
expect2 "loom-sim: error: --report - and --dot - both name stdout" "$sim" run ks/gemm.mlir --report - --dot -
expect2 "loom-sim: error: --junit -: with several kernels stdout holds their lines; name a file" \
  "$sim" run ks/gemm.mlir ks/dot.mlir --junit -
rc=0
"$sim" run ks/gemm.mlir > /dev/full 2> full.err || rc=$?
[ "$rc" = 1 ] && grep -q "^loom-sim: error: cannot write the program's output to stdout$" full.err ||
  fail "a full stdout: exit $rc, $(cat full.err)"

# Pipes: --report - puts the report on stdout (jq reads it) and the program's output on
# stderr; -o puts the program's output in a file, identical to a plain run's stdout.
"$sim" run ks/gemm.mlir > plain.out 2> /dev/null
"$sim" run ks/gemm.mlir --report - > piped.json 2> piped.err
[ "$(jq -r .passed piped.json)" = true ] || fail "--report -: $(head -c 300 piped.json)"
[ "$(jq '.calls | length' piped.json)" = 1 ] || fail "--report -: calls"
grep -qF "$(head -1 plain.out)" piped.err || fail "--report -: the program's output is not on stderr"
"$sim" run ks/gemm.mlir -o prog.out > stdout.out 2> /dev/null
cmp -s plain.out prog.out || fail "-o: the program's output differs from a plain run's"
[ ! -s stdout.out ] || fail "-o: stdout is not empty"
"$sim" run ks/gemm.mlir ks/dot.mlir -o 'progs/{}.txt' > /dev/null
# sim --report -: the report alone on stdout, the results on stderr.
"$sim" lower ks/dot.mlir --func dot -o dot.dfg.mlir
"$sim" sim dot.dfg.mlir --mem 0=zeros:8 --mem 1=zeros:8 --arg 2=8 --report - > sim.json 2> sim.err
[ "$(jq -r .command sim.json)" = sim ] || fail "sim --report -: $(head -c 300 sim.json)"
grep -q "^result #0: 0$" sim.err || fail "sim --report -: the results are not on stderr: $(cat sim.err)"
cmp -s plain.out progs/gemm.txt || fail "-o progs/{}.txt: gemm's output"
echo "many kernels: verdicts, outputs, JUnit and pipes as specified"
