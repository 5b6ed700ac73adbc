#!/usr/bin/env bash
# corpus_fix.sh LOOM-SIM CORPUS: the repair of one of LOOM's programs (vecsum), proved
# beyond the program's own call. `run --try-fix --fixed-dfg` verifies it on the call
# main makes (N = 1,024); then the written network, and LOOM's own, run under `sim` on
# calls derived by hand (A = 10 20 30 40, init = 5):
#   N = 0  the loop must not run: the result is init, 5. LOOM's network gives 5 but its
#          zero-trip guard gave only the step, so the stream's start and bound stay
#          latched (1 token each, to pair with the next call's step); the repaired one
#          ends at rest, no finding.
#   N = 3  5 + 10 + 20 + 30 = 65;  N = 4  5 + 100 = 105: the repaired network, no finding.
# The repaired network read back by `verify` and by `run --dfg` passes too, and the
# corpus file is left as it was.
# Then rotate_bits, whose repair splits both inputs of a mux on its select (docs/design.md
# "Trying a fix"): the repaired network rotates x = 0x80000001, 0x12345678, 5 left by r = 0, 4, 33
# (r % 32 = 0, 4, 1) to 0x80000001, 0x23456781, 10. Where r = 0 it computes x >> 32,
# poison (docs/design.md "Poison"), which the new cond_br sends to a sink: no finding.
# Then cdma (DST[i] = SRC[i] for i < N), whose stream takes start, step and bound whichever
# way its zero-trip guard goes and whose memory control splits the carry's output before
# the body: SRC = 10 20 30 40; N = 0 leaves DST 0 0 0 0, where LOOM's network leaves the
# stream's will-continue latched in a memory-control carry and its cond_br; N = 3 gives
# 10 20 30 0; the repaired network, no finding.
# Then gather (DST[i] = IDX[i] < B ? SRC[IDX[i]] : 0), whose load in the `if` takes an
# address computed before it: SRC = 10 20 30 40, IDX = 3 0 9 1, B = 4; N = 4 gives
# 40 10 0 20 (9 >= 4), N = 0 leaves DST 0 0 0 0; LOOM's network deadlocks at N = 4.
# Then popcount (DST[i] = the ones of SRC[i], an unsigned i32, shifted out one by one by an
# inner >>= stream), whose inner stream starts from arith.index_cast, sign-extending
# (L108): SRC = 0x80000000, 0xFFFFFFFF, 7, 0 gives 1 32 3 0 (sign-extended, the first two
# would count 33 and 64); the repaired network's start is zero-extended.
set -uo pipefail
sim=$1 corpus=$2
prog=$corpus/legacy_gen_vecsum.mlir
net=_Z10vecsum_dsaPKjjj_esi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*" >&2; echo "--- stderr" >&2; cut -c1-300 "$dir/err" >&2; exit 1; }
sum_before=$(cksum <"$prog")

"$sim" run "$prog" --try-fix --brief --fixed-dfg "$dir/fixed.mlir" >"$dir/out" 2>"$dir/err"
[ $? -eq 1 ] || fail "LOOM's network: exit code, expected 1"
grep -qF "loom-sim: try-fix: the fix is verified" "$dir/err" || fail "the fix is not verified"
[ "$(cksum <"$prog")" = "$sum_before" ] || fail "the corpus file was changed"
# LOOM's return gives the sum a port of its own: it comes (A[i] = i for i < 1,024, init
# 100: 100 + 523,776), though the done token never does.
grep -qF "did not complete (deadlock): result #0 came, 523876 as the reference gives; the done token never came" \
  "$dir/err" || fail "LOOM's network: the stop does not say which result came"

echo "10 20 30 40" >"$dir/a.txt"
call() { # FILE N [--func F]
  local file=$1 n=$2
  shift 2
  "$sim" sim "$file" "$@" --mem "0=$dir/a.txt:4" --arg 1=5 --arg "2=$n" >"$dir/out" 2>"$dir/err"
}

call "$prog" 0 --func "$net"
[ $? -eq 1 ] || fail "LOOM's network, N = 0: exit code, expected 1"
grep -qx "result #0: 5" "$dir/out" || fail "LOOM's network, N = 0: result, expected 5"
for input in start bound; do
  grep -qF "error: 1 token(s) latched in dataflow.stream '$net/%index' input '$input' after the call" "$dir/err" ||
    fail "LOOM's network, N = 0: the stream's $input is not found latched"
done

for nr in 0:5 3:65 4:105; do
  n=${nr%%:*} r=${nr##*:}
  call "$dir/fixed.mlir" "$n" || fail "repaired, N = $n: exit code, expected 0"
  grep -qx "result #0: $r" "$dir/out" || fail "repaired, N = $n: result, expected $r"
  ! grep -q "error:" "$dir/err" || fail "repaired, N = $n: a finding"
done

"$sim" verify "$dir/fixed.mlir" 2>"$dir/err" || fail "verify rejects the repaired network"
"$sim" run "$prog" --dfg "$net=$dir/fixed.mlir" >"$dir/out" 2>"$dir/err" ||
  fail "run with the repaired network: exit code, expected 0"
grep -qxF "vecsum: PASSED" "$dir/out" || fail "run with the repaired network: no PASSED line"
grep -qF "all checks passed (0 finding(s))" "$dir/err" || fail "run with the repaired network: findings"

prog=$corpus/legacy_gen_rotate_bits.mlir
net=_Z15rotate_bits_dsaPKjS0_Pjj_esi
"$sim" run "$prog" --try-fix --brief --fixed-dfg "$dir/rot.mlir" >"$dir/out" 2>"$dir/err"
[ $? -eq 1 ] || fail "rotate_bits, LOOM's network: exit code, expected 1"
grep -qF "handshake.mux '$net/%22' takes each data input through a new handshake.cond_br on its select" "$dir/err" ||
  fail "rotate_bits: the mux's inputs are not split"
grep -qF "loom-sim: try-fix: the fix is verified" "$dir/err" || fail "rotate_bits: not verified"
echo "2147483649 305419896 5" >"$dir/x.txt"
echo "0 4 33" >"$dir/r.txt"
"$sim" sim "$dir/rot.mlir" --func "$net" --mem "0=$dir/x.txt:3" --mem "1=$dir/r.txt:3" \
  --mem 2=zeros:3 --arg 3=3 >"$dir/out" 2>"$dir/err" || fail "rotate_bits, repaired: exit code, expected 0"
grep -qxF "[-2147483647,  591751041,  10]" "$dir/out" || fail "rotate_bits, repaired: results"
! grep -q "error:" "$dir/err" || fail "rotate_bits, repaired: a finding"
prog=$corpus/legacy_gen_cdma.mlir
net=_Z8cdma_dsaPKjPjm_esi
"$sim" run "$prog" --try-fix --brief --fixed-dfg "$dir/cdma.mlir" >"$dir/out" 2>"$dir/err"
[ $? -eq 1 ] || fail "cdma, LOOM's network: exit code, expected 1"
for text in "dataflow.stream '$net/%index' input 'bound' takes the false side of handshake.cond_br" \
  "the cond_br splits the body's done token after the body" "loom-sim: try-fix: the fix is verified"; do
  grep -qF "$text" "$dir/err" || fail "cdma: missing: $text"
done
cdma() { # FILE N
  "$sim" sim "$1" --func "$net" --mem "0=$dir/a.txt:4" --mem 1=zeros:4 --arg "2=$2" >"$dir/out" 2>"$dir/err"
}
cdma "$prog" 0
[ $? -eq 1 ] || fail "cdma, LOOM's network, N = 0: exit code, expected 1"
grep -qF "error: 1 token(s) latched in dataflow.carry '$net/%13' input 'd' after the call" "$dir/err" ||
  fail "cdma, LOOM's network, N = 0: no will-continue latched in the carry"
for nr in "0:[0,  0,  0,  0]" "3:[10,  20,  30,  0]"; do
  n=${nr%%:*} r=${nr#*:}
  cdma "$dir/cdma.mlir" "$n" || fail "cdma, repaired, N = $n: exit code, expected 0"
  [ "$(tail -n 1 "$dir/out")" = "$r" ] || fail "cdma, repaired, N = $n: DST, expected $r"
  ! grep -q "error:" "$dir/err" || fail "cdma, repaired, N = $n: a finding"
done
"$sim" verify "$dir/cdma.mlir" 2>"$dir/err" || fail "cdma: verify rejects the repaired network"
prog=$corpus/legacy_gen_gather.mlir
net=_Z10gather_dsaPKjS0_Pjjj_esi
"$sim" run "$prog" --try-fix --brief --fixed-dfg "$dir/gather.mlir" >"$dir/out" 2>"$dir/err"
[ $? -eq 1 ] || fail "gather, LOOM's network: exit code, expected 1"
for text in "handshake.load '$net/%dataResult_0' input 'addr' takes the true side of handshake.cond_br" \
  "loom-sim: try-fix: the fix is verified"; do
  grep -qF "$text" "$dir/err" || fail "gather: missing: $text"
done
echo "10 20 30 40" >"$dir/src.txt"
echo "3 0 9 1" >"$dir/idx.txt"
gather() { # FILE N
  "$sim" sim "$1" --func "$net" --mem "0=$dir/src.txt:4" --mem "1=$dir/idx.txt:4" --mem 2=zeros:4 \
    --arg "3=$2" --arg 4=4 >"$dir/out" 2>"$dir/err"
}
gather "$prog" 4
[ $? -eq 1 ] || fail "gather, LOOM's network, N = 4: exit code, expected 1"
grep -qx "@$net: deadlock after [0-9]* cycles" "$dir/out" || fail "gather, LOOM's network: no deadlock"
for nr in "0:[0,  0,  0,  0]" "4:[40,  10,  0,  20]"; do
  n=${nr%%:*} r=${nr#*:}
  gather "$dir/gather.mlir" "$n" || fail "gather, repaired, N = $n: exit code, expected 0"
  [ "$(tail -n 1 "$dir/out")" = "$r" ] || fail "gather, repaired, N = $n: DST, expected $r"
  ! grep -q "error:" "$dir/err" || fail "gather, repaired, N = $n: a finding"
done

prog=$corpus/legacy_gen_popcount.mlir
net=_Z12popcount_dsaPKjPjj_esi
"$sim" run "$prog" --try-fix --brief --fixed-dfg "$dir/popcount.mlir" >"$dir/out" 2>"$dir/err"
[ $? -eq 1 ] || fail "popcount, LOOM's network: exit code, expected 1"
for text in "L108 stream-start-sign" "takes arith.index_castui" \
  "loom-sim: try-fix: the fix is verified"; do
  grep -qF "$text" "$dir/err" || fail "popcount: missing: $text"
done
echo "-2147483648 -1 7 0" >"$dir/bits.txt"
"$sim" sim "$dir/popcount.mlir" --func "$net" --mem "0=$dir/bits.txt:4" --mem 1=zeros:4 \
  --arg 2=4 >"$dir/out" 2>"$dir/err" || fail "popcount, repaired: exit code, expected 0"
[ "$(tail -n 1 "$dir/out")" = "[1,  32,  3,  0]" ] || fail "popcount, repaired: DST, expected 1 32 3 0"
! grep -q "error:" "$dir/err" || fail "popcount, repaired: a finding"

echo "vecsum: repaired, verified, and right at N = 0, 3, 4 where LOOM's network latches at N = 0"
echo "rotate_bits: repaired (the mux's inputs split), verified, and right where x >> 32 is poison"
echo "cdma: repaired (the guard, the memory-control split after the body), verified, right at N = 0, 3"
echo "gather: repaired (the load's address split into its branch), verified, right at N = 0, 4"
echo "popcount: repaired (the inner stream's start zero-extended), verified, right on 0x80000000 and 0xFFFFFFFF"
