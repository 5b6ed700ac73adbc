#!/usr/bin/env bash
# corpus_ledger.sh LOOM-SIM CORPUS: the ledger on a program LOOM compiled (vecsum, N =
# 1,024). Its stream binds to the CPU version's scf.while marked loom.stream (a rotated
# do-while: N = the before region's executions), so every channel with a rate is counted
# against the CPU version's run:
#   - the network --try-fix repairs completes with no ledger and no shape finding;
#   - the same network with its stream started at 1 instead of 0 (one iteration fewer)
#     carries 1,024 tokens on the stream's outputs where the spec's N + 1 is 1,025, and
#     the ledger says so, although the program still prints its own PASSED line.
set -uo pipefail
sim=$1 corpus=$2
prog=$corpus/legacy_gen_vecsum.mlir
net=_Z10vecsum_dsaPKjjj_esi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*" >&2; echo "--- stderr" >&2; cat "$dir/err" >&2; exit 1; }

"$sim" -v run "$prog" --try-fix --brief --fixed-dfg "$dir/fixed.mlir" >"$dir/out" 2>"$dir/err"
grep -qF "[info] @$net: rates inferred for 63 of 63 channel(s); 1 of 1 loop(s) bound to an scf.while marked loom.stream of '@_Z10vecsum_cpuPKjjj'" "$dir/err" ||
  fail "the stream is not bound to the CPU version's loop"
[ -s "$dir/fixed.mlir" ] || fail "--fixed-dfg wrote nothing"

"$sim" -v run "$prog" --dfg "$net=$dir/fixed.mlir" --expand >"$dir/out" 2>"$dir/err"
grep -qF "1 of 1 loop(s) bound to an scf.while marked loom.stream" "$dir/err" ||
  fail "repaired: the stream is not bound"
grep -qxF "vecsum: PASSED" "$dir/out" || fail "repaired: no PASSED line"
! grep -qE "\[@$net, call 1, (ledger|shape)\]" "$dir/err" || fail "repaired: a ledger or shape finding"

sed 's/{value = 0 : i64} : i64/{value = 1 : i64} : i64/' "$dir/fixed.mlir" >"$dir/short.mlir"
cmp -s "$dir/fixed.mlir" "$dir/short.mlir" && fail "the start constant was not found in the repaired network"
"$sim" run "$prog" --dfg "$net=$dir/short.mlir" --expand >"$dir/out" 2>"$dir/err"
rc=$?
[ $rc -eq 1 ] || fail "started at 1: exit $rc, expected 1"
grep -qxF "vecsum: PASSED" "$dir/out" || fail "started at 1: the program's own check should still pass"
for port in idx cont; do
  grep -A3 -F "error: channel carried 1024 token(s) where its domain has 1025 (1 missing) [@$net, call 1, ledger]" "$dir/err" |
    grep -qF "dataflow.stream '$net/%index', output '$port'" || fail "started at 1: no ledger finding on the stream's $port"
done
# The repaired stream starts on the false side of the zero-trip guard, bound to the CPU
# version's scf.if around its scf.while (both at vecsum.cpp:16): calls - then(if)
# activations, each I + A + 1 tokens.
grep -qF "expected 1025 = calls + A(the scf.while at vecsum.cpp:16) + I(the scf.while at vecsum.cpp:16) - then(the scf.if at vecsum.cpp:16), observed 1024" "$dir/err" ||
  fail "started at 1: the domain's formula"
echo "vecsum: bound, repaired network counted clean, one iteration fewer found by the ledger"
