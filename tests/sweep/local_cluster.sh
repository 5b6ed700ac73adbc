#!/usr/bin/env bash
# local_cluster.sh SLURM-LOCAL: scripts/slurm-local.sh's cluster really runs jobs. In a
# state directory of its own and on ports of its own (a cluster in /tmp/loom-slurm may
# run beside it), it starts the cluster, submits a 4-element array whose elements sleep
# 4 s and then write done.<index>, cancels element 2 once it runs (2 CPUs: it starts when
# 0 and 1 end), waits for the array, and checks that exactly 0, 1 and 3 wrote their files
# and that element 2 is CANCELLED (sacct if the cluster has accounting, which
# slurm-local's has not, else scontrol; squeue and jobcomp.txt too), then stops it. The
# cluster is stopped on every way out. Where Slurm cannot start at all (not root, no
# packages, daemons that refuse this environment) it prints why and exits 77, a skip;
# LOOM_SLURM_REQUIRE=1 makes that a failure instead.
set -uo pipefail
script=$1
name=slurm.local_cluster
t0=$SECONDS

skip() {
  echo "$name: skipped: $*"
  [ "${LOOM_SLURM_REQUIRE:-0}" = 1 ] && { echo "$name: LOOM_SLURM_REQUIRE=1: a skip fails" >&2; exit 1; }
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "not root, and slurmd must run as root"
for t in munged slurmctld slurmd sbatch squeue scancel scontrol; do
  command -v "$t" >/dev/null || skip "$t is missing: Slurm is not installed (bash scripts/install-deps.sh)"
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/loom-slurm-test.XXXXXX")
chmod 0755 "$dir" # munged wants its socket's directories searchable by all
state=$dir/cluster
keep=0
cleanup() {
  bash "$script" stop --state "$state" >/dev/null 2>&1
  if [ "$keep" = 1 ]; then echo "$name: state and logs kept in $dir" >&2; else rm -rf "$dir"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
fail() {
  echo "$name: FAIL: $*" >&2
  local f
  for f in "$state/log/slurmctld.log" "$state/log/slurmd.log"; do
    echo "--- last lines of $f" >&2
    tail -n 10 "$f" >&2 2>/dev/null
  done
  keep=1
  exit 1
}

# Two free ports (slurmctld N, slurmd N+1), away from Slurm's 6817 and 6818.
listening() {
  awk -v p=":$(printf '%04X' "$1")" 'FNR > 1 && $4 == "0A" && substr($2, length($2) - 4) == p { f = 1 } END { exit !f }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
port=
for p in 6917 6927 6937 6947 6957 6967 6977 6987; do
  listening "$p" || listening $((p + 1)) || { port=$p; break; }
done
[ -n "$port" ] || fail "no two free ports from 6917 to 6988"

start_out=$(bash "$script" start --state "$state" --port "$port" 2>&1)
rc=$?
if [ $rc -ne 0 ]; then
  keep=1
  why=$(grep -m1 '^slurm-local:' <<<"$start_out")
  while IFS= read -r line; do echo "  $line"; done <<<"$start_out"
  skip "the cluster could not start here (exit $rc): ${why#slurm-local: }"
fi
echo "$name: cluster up in $((SECONDS - t0)) s"

# Nothing from the environment (a job around ctest, say) may steer sbatch elsewhere.
# shellcheck disable=SC2046
unset $(compgen -v SLURM_) $(compgen -v SBATCH_)
eval "$(bash "$script" env --state "$state" 2>/dev/null)"
[ "${SLURM_CONF:-}" = "$state/slurm.conf" ] || fail "slurm-local env did not give SLURM_CONF=$state/slurm.conf"

out=$dir/out
mkdir -p "$out"
cat >"$dir/job.sh" <<'JOB'
#!/bin/sh
# Only a sleep that ran its 4 s writes the file: scancel's SIGTERM may reach the sleep
# an instant before this shell, which would otherwise go on to the echo.
sleep 4 || exit 1
echo "$SLURM_ARRAY_JOB_ID" >"done.$SLURM_ARRAY_TASK_ID"
JOB
jid=$(sbatch --parsable --array=0-3 --chdir="$out" --output="$out/%a.log" "$dir/job.sh") ||
  fail "sbatch refused the array"
jid=${jid%%;*}
echo "$name: array job $jid submitted"

# squeue's state of one element, or nothing.
state_of() { squeue -h -r -t all -j "${jid}_$1" -o %T 2>/dev/null; }
deadline=$((SECONDS + 30))
until [ "$(state_of 2)" = RUNNING ]; do
  [ $SECONDS -lt $deadline ] || fail "element 2 is not running 30 s after the submission: $(squeue -r -t all 2>&1)"
  sleep 0.2
done
scancel "${jid}_2" || fail "scancel ${jid}_2 failed"
echo "$name: element 2 cancelled while running"

deadline=$((SECONDS + 40))
while [ -n "$(squeue -h -r -j "$jid" -t pending,running,completing,configuring,suspended -o %i 2>/dev/null)" ]; do
  [ $SECONDS -lt $deadline ] || fail "the array has not finished 40 s after the cancel: $(squeue -r 2>&1)"
  sleep 0.5
done

written=$(cd "$out" && echo done.*)
[ "$written" = "done.0 done.1 done.3" ] || fail "files written: '$written', expected 'done.0 done.1 done.3'"
for i in 0 1 3; do
  [ "$(cat "$out/done.$i")" = "$jid" ] || fail "done.$i does not name the array job $jid"
done

# The cancelled element as the cluster reports it: sacct where accounting works.
if acct=$(sacct -n -X -P -j "${jid}_2" -o State 2>&1) && [ -n "$acct" ]; then
  [[ "$acct" == CANCELLED* ]] || fail "sacct says element 2 is '$acct', expected CANCELLED"
  echo "$name: sacct: element 2 $acct"
else
  echo "$name: sacct: '${acct:-nothing}': scontrol and squeue instead"
fi
sc=$(scontrol show job "${jid}_2" 2>&1) || fail "scontrol show job ${jid}_2: $sc"
grep -q 'JobState=CANCELLED ' <<<"$sc" || fail "scontrol: element 2 is not CANCELLED: $(grep -o 'JobState=[A-Z_]*' <<<"$sc")"
[ "$(state_of 2)" = CANCELLED ] || fail "squeue says element 2 is '$(state_of 2)', expected CANCELLED"
for i in 0 1 3; do
  [ "$(state_of "$i")" = COMPLETED ] || fail "squeue says element $i is '$(state_of "$i")', expected COMPLETED"
done
# jobcomp.txt keeps what scontrol forgets after MinJobAge.
comp=$(grep "ArrayJobId=$jid ArrayTaskId=2 " "$state/jobcomp.txt") || fail "no line for element 2 in $state/jobcomp.txt"
grep -q 'JobState=CANCELLED ' <<<"$comp" || fail "jobcomp.txt: element 2 is not CANCELLED: $comp"
echo "$name: scontrol, squeue and jobcomp.txt: element 2 CANCELLED, 0 1 3 COMPLETED"

bash "$script" stop --state "$state" >/dev/null || fail "slurm-local stop failed"
bash "$script" status --state "$state" >/dev/null
[ $? -eq 3 ] || fail "slurm-local status after stop: expected exit 3 (not running)"
echo "$name: passed in $((SECONDS - t0)) s"
