#!/usr/bin/env bash
# first_build.sh [RUNS] [DIR]: the build part of the README's first command
# (scripts/run-example.sh), timed from an empty build directory RUNS times (default 2):
# `scripts/build.sh --target loom-sim` into the scratch directory DIR (default
# build-first/, removed before each run and at the end). With the packages already
# installed, install-deps.sh only checks them, so the time is configure + build.
# Prints per run the wall time, the CPU time of all processes (user + sys) and the load
# average before and after (another job on the machine lengthens the wall time); then the
# machine. docs/performance.md, "First build", quotes it.
set -euo pipefail
runs=${1:-2}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${2:-$root/build-first}
cd "$root"
log=$(mktemp)
trap 'rm -rf "$dir" "$log"' EXIT

load() { cut -d' ' -f1 /proc/loadavg; }
TIMEFORMAT='%R %U %S' # bash's time: wall, then user and sys of the command and its children
printf '%-4s %9s %9s %12s %11s\n' run wall_s cpu_s load_before load_after
for i in $(seq "$runs"); do
  rm -rf "$dir"
  before=$(load)
  times=$({ time bash scripts/build.sh --target loom-sim --dir "$dir" > "$log" 2>&1; } 2>&1) ||
    { cat "$log" >&2; echo "first_build: the build failed" >&2; exit 1; }
  after=$(load)
  read -r wall user sys <<< "$times"
  printf '%-4s %9.0f %9.0f %12s %11s\n' "$i" "$wall" "$(awk "BEGIN {print $user + $sys}")" \
    "$before" "$after"
done
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
  "$(free -g | awk '/^Mem:/ {print $2}') GB; $(c++ --version | head -1); $(ninja --version) ninja"
