#!/usr/bin/env bash
# deep_nesting.sh LOOM_SIM
# 4,000 nested scf.for in an accelerated function (it used to grow to 3.8 GB and die
# with SIGSEGV): refused with a located error, exit 2, at the 129th loop; run on the host
# (--no-accel) it prints its result. 128 levels, the limit, are accelerated and checked.
set -uo pipefail
sim=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
gen() { # gen DEPTH FILE
  python3 - "$1" "$2" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
s = "func.func @deep(%n: index) -> index {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
for i in range(n): s += "scf.for %%i%d = %%c0 to %%n step %%c1 {\n" % i
s += "%%x = arith.addi %%i%d, %%c1 : index\n" % (n - 1)
s += "}\n" * n
s += ("func.return %c1 : index\n}\nfunc.func @main() {\n  %c1 = arith.constant 1 : index\n"
      "  %r = func.call @deep(%c1) : (index) -> index\n  vector.print %r : index\n  func.return\n}\n")
open(path, "w").write(s)
PY
}
gen 4000 "$dir/deep.mlir"
"$sim" run "$dir/deep.mlir" >"$dir/out" 2>"$dir/err"
rc=$?
[ $rc -eq 2 ] || { echo "expected exit 2, got $rc"; cat "$dir/err"; exit 1; }
grep -qF "deep.mlir:132:1: error: 'scf.for' nested 129 regions deep in an accelerated function; more than 128 is not supported (keep the function on the host)" "$dir/err" ||
  { echo "unexpected message"; cat "$dir/err"; exit 1; }
[ "$("$sim" run "$dir/deep.mlir" --no-accel 2>/dev/null)" = "1" ] || { echo "the host run failed"; exit 1; }
gen 128 "$dir/ok.mlir"
[ "$("$sim" run "$dir/ok.mlir" 2>/dev/null)" = "1" ] || { echo "128 nested loops should be accelerated"; exit 1; }
echo "ok: 4,000 nested loops refused in an accelerated function, run on the host; 128 accelerated"
