#!/usr/bin/env bash
# slurm-local.sh start|stop|status|env [--state DIR] [--port N]
#
# A real one-node Slurm cluster on this machine (Debian 12's Slurm 22.05), so that
# `loom-sim sweep submit` and its tests talk to the real sbatch, squeue, scancel and
# scontrol rather than to stand-ins. Needs root and the packages slurm-wlm and munge
# (scripts/install-deps.sh).
#
#   start   starts munged, slurmctld and slurmd and waits (60 s at most) until the node
#           is idle; on a running cluster it says so and exits 0.
#   stop    cancels the cluster's jobs, stops the three daemons from their pid files and
#           waits for them; the logs stay. Exit 0, also when nothing was running.
#   status  exit 0 when all three daemons run, 3 when not.
#   env     prints `export SLURM_CONF=...`: after `eval "$(bash scripts/slurm-local.sh env)"`
#           plain sbatch, squeue, scancel, scontrol and sacct use this cluster.
# Errors (missing packages, not root, a port in use, a daemon dying at start) exit 2 with
# the log file to read.
#
# Choices, and why:
# - Everything lives in the state directory (default /tmp/loom-slurm): the munge key and
#   socket, slurm.conf, state, spool, pid files, logs. /etc/slurm and /etc/munge stay as
#   the packages left them, and a second cluster (the ctest's) can run beside this one
#   with its own --state and --port.
# - munged runs with its own key, socket, pid, seed and log file; slurm.conf's
#   AuthInfo=socket= points the daemons and the clients at that socket. The socket's
#   directory is mode 0755 because munged refuses a socket others cannot reach.
# - SlurmUser=root: we are root anyway (slurmd must be, to run jobs as their users), and
#   it spares the slurm user's ownership of every file here.
# - Host and node on 127.0.0.1: no name resolution, no traffic off the machine.
# - One node: this host's short name, CPUs=$(nproc), RealMemory = MemTotal in MiB (what
#   slurmd measures itself; more would drain the node). One default partition, loom.
#   SelectTypeParameters=CR_Core: cores are the only consumable, so tiny jobs run side by
#   side instead of each taking the node's whole memory.
# - ProctrackType=proctrack/linuxproc follows a job's processes through /proc, and
#   TaskPlugin=task/none binds nothing: both work in a container without a cgroup tree
#   slurmd may manage or a systemd to delegate one, which proctrack/cgroup and
#   task/cgroup need. The mpi/pmix errors in the logs are harmless: MpiDefault=none, and
#   no PMIx library is installed.
# - Accounting: no slurmdbd. Debian's Slurm 22.05 has no file-based accounting storage
#   (its plugins are accounting_storage/none and /slurmdbd only), and slurmdbd needs
#   MariaDB: 24 packages with it, and a database server to initialise and run for every
#   cluster, not light. So AccountingStorageType=accounting_storage/none, and plain
#   `sacct` answers "Slurm accounting storage is disabled" (exit 1). Instead JobCompType=jobcomp/filetxt appends
#   one line per job that ended after it had started to DIR/jobcomp.txt, with JobState
#   (COMPLETED, FAILED, CANCELLED, TIMEOUT...), ExitCode, ArrayJobId and ArrayTaskId;
#   `sacct -c` reads that file, but knows elements only by their own job ids (it warns on
#   stderr about the array fields it cannot parse).
# - How an array element's end shows, then: `scontrol show job` and `squeue -t all` keep
#   finished elements (COMPLETED, FAILED with ExitCode=1:0, CANCELLED with 0:15; the
#   jobcomp line of a cancelled one says ExitCode=0:0) for MinJobAge=600 s, ten minutes,
#   and jobcomp.txt keeps them for good. An element cancelled alone (scancel JOB_4) while
#   still pending leaves no record anywhere: it just drops out of the array's pending
#   range (scontrol's ArrayTaskId=2-3,5 loses the 4). `scancel JOB` on the whole array
#   leaves the pending ones CANCELLED in the array's own record (ArrayTaskId=2-4), but
#   without jobcomp lines.
# - Short timeouts (SlurmctldTimeout, SlurmdTimeout 10 s, MessageTimeout 5 s, KillWait
#   2 s) so a test notices a dead daemon and a cancel takes effect quickly.
# - Ports 6817 and 6818, Slurm's own; --port N uses N for slurmctld and N+1 for slurmd.
# - stop cancels every job first: a job's slurmstepd outlives slurmd, so a job still
#   running would go on after the cluster is gone.
set -euo pipefail

me=slurm-local
usage() { echo "usage: slurm-local.sh start|stop|status|env [--state DIR] [--port N]" >&2; exit 2; }
die() { echo "$me: $*" >&2; exit 2; }

cmd=${1:-}
[ $# -gt 0 ] && shift
state=/tmp/loom-slurm
port=6817
while [ $# -gt 0 ]; do
  case $1 in
    --state) [ $# -ge 2 ] || usage; state=$2; shift 2 ;;
    --state=*) state=${1#--state=}; shift ;;
    --port) [ $# -ge 2 ] || usage; port=$2; shift 2 ;;
    --port=*) port=${1#--port=}; shift ;;
    *) usage ;;
  esac
done
if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1024 ] || [ "$port" -gt 65534 ]; then
  die "--port: a number from 1024 to 65534"
fi
case $state in /*) ;; *) state=$PWD/$state ;; esac

conf=$state/slurm.conf
mdir=$state/munge
logs=$state/log
# Daemon name, its pid file, its log: stop goes through them in this order.
names=(slurmd slurmctld munged)
declare -A pidfile=([slurmd]=$state/slurmd.pid [slurmctld]=$state/slurmctld.pid [munged]=$mdir/munged.pid)
declare -A logfile=([slurmd]=$logs/slurmd.log [slurmctld]=$logs/slurmctld.log [munged]=$logs/munged.log)

# The pid in NAME's pid file, if that process runs and is NAME (not a reused pid, not a zombie).
pid_of() {
  local f=${pidfile[$1]} pid st
  pid=$({ tr -dc 0-9 <"$f"; } 2>/dev/null) || return 1
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ] || return 1
  st=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  st=${st##*) }
  [ "${st%% *}" != Z ] || return 1
  echo "$pid"
}
running() { pid_of "$1" >/dev/null; }
all_running() { local n; for n in "${names[@]}"; do running "$n" || return 1; done; }
any_running() { local n; for n in "${names[@]}"; do running "$n" && return 0; done; return 1; }

show_log() {
  echo "$me: read $1; its last lines:" >&2
  tail -n 15 "$1" 2>/dev/null | sed 's/^/  /' >&2 || true
}

# A TCP port something listens on, from /proc (no ss or netstat needed); state 0A = LISTEN.
port_in_use() {
  local hex
  hex=$(printf '%04X' "$1")
  awk -v p=":$hex" 'FNR > 1 && $4 == "0A" && substr($2, length($2) - 4) == p { f = 1 } END { exit !f }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

clients() { SLURM_CONF=$conf timeout 10 "$@"; }

stop_daemons() {
  local n pid t
  if running slurmctld && running munged; then
    # Cancel what is queued or running, and wait (bounded) until no job is running.
    local ids
    ids=$(clients squeue -h -o %A -t pending,running,suspended,completing 2>/dev/null | sort -u || true)
    if [ -n "$ids" ]; then
      # shellcheck disable=SC2086  # one job id per word
      clients scancel $ids 2>/dev/null || true
      t=$((SECONDS + 15))
      while [ $SECONDS -lt $t ]; do
        [ -z "$(clients squeue -h -o %A -t running,completing 2>/dev/null || true)" ] && break
        sleep 0.25
      done
    fi
  fi
  for n in "${names[@]}"; do
    pid=$(pid_of "$n") || continue
    kill -TERM "$pid" 2>/dev/null || true
    for ((t = 0; t < 80; t++)); do running "$n" || break; sleep 0.25; done
    if running "$n"; then
      echo "$me: $n (pid $pid) still runs 20 s after SIGTERM: SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
    fi
    rm -f "${pidfile[$n]}"
  done
}

need_machine() {
  local t missing=()
  for t in munged mungekey munge unmunge slurmctld slurmd sinfo squeue sbatch scancel scontrol; do
    command -v "$t" >/dev/null || missing+=("$t")
  done
  [ ${#missing[@]} -eq 0 ] || die "missing ${missing[*]}: install slurm-wlm and munge (bash scripts/install-deps.sh)"
  [ "$(id -u)" -eq 0 ] || die "must run as root: slurmd runs every job as its user, and SlurmUser is root"
}

# Starts NAME (the command after it) and waits until its pid file names a live NAME.
launch() {
  local n=$1 t
  shift
  "$@" </dev/null >>"${logfile[$n]}" 2>&1 || start_failed "$n exited with status $? at start" "${logfile[$n]}"
  for ((t = 0; t < 40; t++)); do running "$n" && return 0; sleep 0.25; done
  start_failed "$n is not running 10 s after its start" "${logfile[$n]}"
}

start_failed() {
  echo "$me: $1" >&2
  show_log "$2"
  stop_daemons
  exit 2
}

write_conf() {
  local node=$1 cpus mem
  cpus=$(nproc)
  mem=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
  cat >"$conf" <<EOF
# Written by scripts/slurm-local.sh start (anew on every start): a one-node cluster in
# $state. The script's header says why each setting is what it is.
ClusterName=loom
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$mdir/munge.socket.2
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=${pidfile[slurmctld]}
SlurmdPidFile=${pidfile[slurmd]}
SlurmctldLogFile=${logfile[slurmctld]}
SlurmdLogFile=${logfile[slurmd]}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$state/jobcomp.txt
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
MinJobAge=600
SlurmctldTimeout=10
SlurmdTimeout=10
MessageTimeout=5
KillWait=2
Waittime=0
InactiveLimit=0
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=loom Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
}

do_start() {
  if all_running; then
    echo "$me: already running in $state (SLURM_CONF=$conf)"
    exit 0
  fi
  need_machine
  # A half-running cluster (a daemon died) is stopped and started whole.
  any_running && stop_daemons
  local p node t st t0=$SECONDS
  for p in "$port" $((port + 1)); do
    port_in_use "$p" && die "port $p is in use (another slurmctld or slurmd?): stop it, or choose other ports with --port"
  done
  node=$(hostname -s 2>/dev/null || uname -n)
  node=${node%%.*}
  { mkdir -p "$state/ctld" "$state/spool" "$logs" "$mdir" && chmod 0755 "$state" "$mdir"; } ||
    die "cannot make the state directories in $state"
  # munged refuses a socket below a directory that not everyone may search (mktemp -d's 0700).
  local d=$state
  while d=$(dirname "$d") && [ "$d" != / ]; do
    [ "$(($(stat -c %#a "$d") & 1))" = 1 ] ||
      die "munged needs every directory above its socket searchable by all, and $d is mode $(stat -c %a "$d"): chmod o+x it, or choose another --state"
  done
  if [ ! -s "$mdir/munge.key" ]; then
    mungekey --create --keyfile="$mdir/munge.key" >>"${logfile[munged]}" 2>&1 ||
      start_failed "mungekey could not create $mdir/munge.key" "${logfile[munged]}"
  fi
  chmod 0600 "$mdir/munge.key"
  launch munged munged --socket="$mdir/munge.socket.2" --key-file="$mdir/munge.key" \
    --pid-file="${pidfile[munged]}" --log-file="${logfile[munged]}" --seed-file="$mdir/munged.seed"
  munge -n -S "$mdir/munge.socket.2" | unmunge -S "$mdir/munge.socket.2" >/dev/null 2>&1 ||
    start_failed "munged runs but a credential does not round-trip through $mdir/munge.socket.2" "${logfile[munged]}"
  write_conf "$node"
  launch slurmctld slurmctld -f "$conf"
  launch slurmd slurmd -f "$conf"
  # The node counts as up once idle (or busy with jobs recovered from the state dir).
  t=$((SECONDS + 60))
  while [ $SECONDS -lt $t ]; do
    for p in slurmctld slurmd; do
      running "$p" || start_failed "$p died while the node came up" "${logfile[$p]}"
    done
    st=$(clients sinfo -h -N -n "$node" -o %T 2>/dev/null || true)
    case $st in
      idle | mixed | allocated | completing)
        echo "$me: running in $state: node $node ($(nproc) CPUs), partition loom, ports $port and $((port + 1)), up in $((SECONDS - t0)) s"
        echo "$me: eval \"\$(bash $0 env --state $state)\" to use it"
        return 0
        ;;
    esac
    sleep 0.5
  done
  start_failed "node $node is not idle after 60 s (sinfo says '${st:-nothing}')" "${logfile[slurmctld]}"
}

do_stop() {
  if ! any_running; then
    echo "$me: not running in $state"
    exit 0
  fi
  stop_daemons
  echo "$me: stopped; logs in $logs"
}

do_status() {
  local n pid up=0
  for n in "${names[@]}"; do
    if pid=$(pid_of "$n"); then
      echo "$me: $n runs (pid $pid)"
      up=$((up + 1))
    else
      echo "$me: $n does not run"
    fi
  done
  if [ "$up" -eq ${#names[@]} ]; then
    echo "$me: running in $state (SLURM_CONF=$conf)"
    exit 0
  fi
  echo "$me: not running in $state"
  exit 3
}

case $cmd in
  start) do_start ;;
  stop) do_stop ;;
  status) do_status ;;
  env)
    all_running || echo "$me: not running in $state (start it first)" >&2
    printf 'export SLURM_CONF=%q\n' "$conf"
    ;;
  *) usage ;;
esac
