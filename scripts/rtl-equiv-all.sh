#!/usr/bin/env bash
# rtl-equiv-all.sh [--sim LOOM_SIM] [--seeds N] [--jobs J] [--cache DIR]
#                  [--only-kernels|--only-generated] [--containing TEXT]:
# Every shipped kernel and N (default 100) programs of loom-gen (seeds
# 1..N, size small: several kernels, each called 1-3 times), each run on the event engine
# and on the Verilated twins (`run --engine verilator`) through
# tests/rtl/run_equiv.sh: stdout, token log, summary and the report's calls identical.
# Prints one line per program and a tally: equal / differ / refused (with the reason);
# a difference prints the first differing token (cycle, channel number and name, both
# values). Each distinct network is Verilated once (the cache, default build/rtl-cache);
# a first run over everything takes a while (most of it Verilator's builds).
# --containing TEXT keeps the programs whose text has TEXT (e.g. scf.parallel).
# Exit 0 when nothing differs.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim=$root/build/loom-sim gen=${LOOM_GEN:-$root/build/loom-gen} seeds=100 jobs=2 cache=$root/build/rtl-cache
kernels=1 generated=1 containing=
while [ $# -gt 0 ]; do
  case "$1" in
    --sim) sim=$(realpath "$2"); shift ;;
    --seeds) seeds=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --cache) cache=$2; shift ;;
    --only-kernels) generated=0 ;;
    --only-generated) kernels=0 ;;
    --containing) containing=$2; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "rtl-equiv-all.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
programs=()
[ $kernels = 1 ] && programs+=("$root"/kernels/*.mlir)
if [ $generated = 1 ]; then
  for seed in $(seq 1 "$seeds"); do
    "$gen" --seed "$seed" --size small > "$tmp/gen-$seed.mlir"
    programs+=("$tmp/gen-$seed.mlir")
  done
fi
if [ -n "$containing" ]; then
  kept=()
  for p in "${programs[@]}"; do grep -qF -- "$containing" "$p" && kept+=("$p"); done
  programs=("${kept[@]}")
fi
one() { # PROGRAM: one line "equal|differ|refused NAME: detail"
  local p=$1 out rc
  out=$(bash "$root/tests/rtl/run_equiv.sh" "$sim" "$p" "$cache" --max-cycles 2000000 2>&1)
  rc=$?
  case $rc in
    0) echo "equal   $(basename "$p")" ;;
    2) echo "refused $(basename "$p"): $(echo "$out" | grep -m1 '^refused' | sed 's/^refused: //')" ;;
    *) echo "differ  $(basename "$p"): $(echo "$out" | tr '\n' ' ')" ;;
  esac
}
export -f one
export root sim cache
printf '%s\n' "${programs[@]}" | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} | tee "$tmp/results"
equal=$(grep -c '^equal' "$tmp/results") differ=$(grep -c '^differ' "$tmp/results")
refused=$(grep -c '^refused' "$tmp/results")
echo "tally: ${#programs[@]} programs: $equal equal, $differ differ, $refused refused"
grep '^refused' "$tmp/results" | sed 's/^refused [^:]*: //' | sort | uniq -c | sed 's/^/  refused: /'
[ "$differ" = 0 ]
