#!/usr/bin/env bash
# sweep_rate.sh [MANIFEST]: how many tasks a second a sweep runs here (docs/sweeps.md
# "Scale"): the manifest (default examples/sweep/sweep.toml) run by `sweep run` at -j 1 and
# -j 2, and through scripts/slurm-local.sh's one-node Slurm (submit, then collect; one
# element per chunk of 50 tasks, as many at once as the node has CPUs), each into a fresh
# folder, with a process per task (--no-batch; bench/sweep_batch.py measures batches). Prints per backend the wall time, tasks per second, and the mean time of one
# task (the table's seconds column), from which a sweep of any size is costed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim=${LOOM_SIM:-$root/build/loom-sim}
manifest=$(realpath "${1:-$root/examples/sweep/sweep.toml}")
work=$(mktemp -d /tmp/loom-sweep-rate.XXXXXX)
chmod 0755 "$work" # munged wants its socket's folders searchable by all
state=$work/cluster
trap 'bash "$root/scripts/slurm-local.sh" stop --state "$state" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

# backend wall_seconds folder: one line of the table.
line() {
  local tasks mean
  "$sim" sweep report "$3" --no-plots --csv - --json "$work/t.json" 2>/dev/null > "$work/t.csv" || true
  tasks=$(($(wc -l < "$work/t.csv") - 1))
  mean=$(awk -F, 'NR > 1 { s += $NF; n++ } END { printf "%.3f", s / n }' "$work/t.csv")
  printf '%-22s %7d %9.1f %11.1f %13s\n' "$1" "$tasks" "$2" "$(awk "BEGIN {print $tasks / $2}")" "$mean"
}
seconds() { date +%s.%N; }

printf '%-22s %7s %9s %11s %13s\n' backend tasks wall_s tasks_per_s task_mean_s
for j in 1 2; do
  t0=$(seconds)
  "$sim" sweep run "$manifest" --out "$work/local-j$j" -j "$j" --no-batch > /dev/null || true
  line "sweep run -j $j" "$(awk "BEGIN {print $(seconds) - $t0}")" "$work/local-j$j"
done
if bash "$root/scripts/slurm-local.sh" start --state "$state" --port 7217 > /dev/null 2>&1; then
  export SLURM_CONF=$state/slurm.conf
  t0=$(seconds)
  "$sim" sweep submit "$manifest" --out "$work/slurm" --tasks-per-element 50 --no-batch > /dev/null
  "$sim" sweep collect "$work/slurm" --poll 1 --no-plots > /dev/null || true
  line "slurm, 50 tasks/element" "$(awk "BEGIN {print $(seconds) - $t0}")" "$work/slurm"
else
  echo "slurm: the one-node cluster could not start here (bash scripts/slurm-local.sh start)"
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
