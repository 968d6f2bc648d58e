#!/bin/sh
# tests/fleet/slurm.sh: smtscope under a real one-node Slurm (make check-fleet).
# Starts munged (its own key and socket) and slurmctld and slurmd (a generated
# minimal slurm.conf: own ports, state and spool directories, no cgroups) in a
# temporary directory; runs `smtscope check --json -o DIR/%h.json` through srun
# twice (the second under another name, as a second "node"), then `smtscope
# compare DIR`. Every daemon it started is stopped, whatever happens; every
# wait is bounded; `skip` with the daemon's own error when Slurm cannot start.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
SMTSCOPE_ABS=$PWD/${SMTSCOPE#./}
T=$TMP/slurm
mkdir -p "$T/state" "$T/spool" "$T/results" "$T/munge"
pids=

# stop_all: every daemon this test started, by its pid; SIGKILL after 10 s.
stop_all() {
	for p in $pids; do
		kill "$p" 2> /dev/null
	done
	for p in $pids; do
		i=0
		while kill -0 "$p" 2> /dev/null && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		kill -9 "$p" 2> /dev/null
	done
	pids=
}
trap 'stop_all; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP

# skip_all WHY: Slurm cannot run here; one skip and the end.
skip_all() {
	skip "Slurm cannot start here: $1"
	done_testing
	exit 0
}

# last_error LOG: the daemon's last error line, or its last line.
last_error() {
	{ grep -i 'error\|fatal' "$1" 2> /dev/null || cat "$1" 2> /dev/null; } | tail -n 1 |
	    cut -c1-200
}

for p in munged slurmctld slurmd srun sinfo; do
	command -v $p > /dev/null 2>&1 || PATH=$PATH:/usr/sbin
	command -v $p > /dev/null 2>&1 ||
	    skip_all "$p not installed (apt-get install slurmctld slurmd slurm-client munge)"
done
[ "$(id -u)" -eq 0 ] || skip_all "slurmd runs jobs as their users only as root"

# munge: its own key, socket, pid and log.
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 2> /dev/null
chmod 700 "$T/munge"
chmod 400 "$T/munge/munge.key"
munged -F --force --key-file="$T/munge/munge.key" --socket="$T/munge/sock" \
    --pid-file="$T/munge/pid" --log-file="$T/munge/log" --seed-file="$T/munge/seed" \
    > "$T/munge/out" 2>&1 &
pids="$pids $!"
i=0
while [ ! -S "$T/munge/sock" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -S "$T/munge/sock" ] || skip_all "munged: $(last_error "$T/munge/out")$(last_error "$T/munge/log")"

host=$(hostname -s)
ncpu=$(getconf _NPROCESSORS_ONLN)
port=$((20000 + $$ % 20000))
# slurmd's HealthCheckProgram: smtscope check --health, its line and status logged.
cat > "$T/health.sh" <<HEALTH
#!/bin/sh
line=\$("$SMTSCOPE_ABS" check --health --expect-cpus $ncpu 2>&1)
echo "\$? \$line" >> "$T/health.log"
HEALTH
chmod 755 "$T/health.sh"
cat > "$T/slurm.conf" <<CONF
ClusterName=smtscope
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$T/munge/sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
HealthCheckProgram=$T/health.sh
HealthCheckInterval=5
HealthCheckNodeState=ANY
NodeName=$host CPUs=$ncpu State=UNKNOWN
PartitionName=smtscope Nodes=$host Default=YES MaxTime=10 State=UP
CONF
export SLURM_CONF="$T/slurm.conf"
slurmctld -D -c -i -f "$T/slurm.conf" > "$T/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -f "$T/slurm.conf" > "$T/slurmd.out" 2>&1 &
pids="$pids $!"
t0=$(date +%s)
state=
while [ $(( $(date +%s) - t0 )) -lt 30 ]; do
	state=$(timeout 5 sinfo -h -n "$host" -o %T 2> /dev/null)
	case $state in idle*|mixed*|allocated*) break ;; esac
	sleep 0.5
done
case $state in
idle*|mixed*|allocated*) ;;
*)	skip_all "node '$host' not idle in 30 s (state '${state:-none}'): slurmctld: $(last_error "$T/slurmctld.log") $(last_error "$T/slurmctld.out"); slurmd: $(last_error "$T/slurmd.log") $(last_error "$T/slurmd.out")" ;;
esac
ok 0 "one-node Slurm up in $(( $(date +%s) - t0 )) s: node $host $state, $ncpu CPUs"

# slurmd runs the health check at its start and every 5 s: exit 0, one line.
i=0
while [ ! -s "$T/health.log" ] && [ $i -lt 150 ]; do
	sleep 0.1
	i=$((i + 1))
done
h=$(head -n 1 "$T/health.log" 2> /dev/null)
case $h in
"0 smtscope health: OK: $ncpu CPUs online"*) ok 0 "slurmd's HealthCheckProgram: $h" ;;
*) ok 1 "slurmd's HealthCheckProgram: '${h:-never run}'" ;;
esac

# Two "nodes": the same machine twice, the second under another name.
R=$T/results
for name in %h %h-second; do
	line="srun --nodes=1 --ntasks-per-node=1 --exclusive --time=5 $SMTSCOPE_ABS check --json --time 0.3 -o $R/$name.json"
	diag "$line"
	# shellcheck disable=SC2086
	timeout 300 $line > "$T/srun.out" 2>&1
	st=$?
	# 3: written whole, but others' work left the verdict unknown
	{ [ $st -eq 0 ] || [ $st -eq 3 ]; } && [ -s "$R/$(echo "$name" | sed "s/%h/$host/").json" ]
	ok $? "srun smtscope check -o $name.json: exit $st$( [ $st -eq 0 ] || echo ": $(tail -n 2 "$T/srun.out" | tr '\n' ' ')")"
done
# The health check with the capacity scan, as a job: exit 1 exactly when a
# line says FAIL (an outlier CPU); else one OK line with the scan's words.
line="srun --nodes=1 --ntasks-per-node=1 --exclusive --time=5 $SMTSCOPE_ABS check --health --capacity --expect-cpus $ncpu"
diag "$line"
# shellcheck disable=SC2086
timeout 300 $line > "$T/hc.out" 2> "$T/hc.err"
st=$?
nf=$(grep -c '^smtscope health: FAIL: CPU [0-9]* is a capacity outlier' "$T/hc.out")
{ [ $st -eq 1 ] && [ "$nf" -ge 1 ]; } || { [ $st -eq 0 ] && [ "$(grep -c . "$T/hc.out")" -eq 1 ] &&
    grep -q "^smtscope health: OK: $ncpu CPUs online.*; capacity (int): no \(outlier among\|CPU measured\)" "$T/hc.out"; }
ok $? "srun smtscope check --health --capacity: exit $st ($(tr '\n' '|' < "$T/hc.out")$(head -n 1 "$T/hc.err"))"
# The health check when the CPUs differ from what is expected, as a job:
# exit 1 and one FAIL line naming the count (issue 38: non-zero under Slurm).
line="srun --nodes=1 --ntasks-per-node=1 --exclusive --time=5 $SMTSCOPE_ABS check --health --expect-cpus $((ncpu + 1))"
diag "$line"
# shellcheck disable=SC2086
timeout 300 $line > "$T/hf.out" 2> "$T/hf.err"
st=$?
[ $st -eq 1 ] && [ "$(grep -c . "$T/hf.out")" -eq 1 ] &&
    grep -q "^smtscope health: FAIL: $ncpu CPUs online, $((ncpu + 1)) expected" "$T/hf.out"
ok $? "srun smtscope check --health --expect-cpus $((ncpu + 1)): exit $st ($(tr '\n' '|' < "$T/hf.out")$(head -n 1 "$T/hf.err"))"
diag "files: $(cd "$R" && ls -l | awk 'NR > 1 { printf "%s (%s bytes) ", $NF, $5 }')"
$SMTSCOPE compare "$R" > "$T/compare.txt" 2>&1
st=$?
sed 's/^/# /' "$T/compare.txt"
[ $st -le 1 ] && grep -qE "^ +($host-second +$host|$host +$host-second) *$" "$T/compare.txt"
ok $? "smtscope compare $R: both results side by side (exit $st)"
grep -q "^  ! $host.*: microcode\|^  ! $host.*: SMT\|logical CPUs where" "$T/compare.txt"
[ $? -ne 0 ]
ok $? "one machine twice: no topology, microcode or SMT difference among them"
stop_all
left=
for p in $(cat "$T/slurmctld.pid" "$T/slurmd.pid" "$T/munge/pid" 2> /dev/null); do
	kill -0 "$p" 2> /dev/null && left="$left $p"
done
[ -z "$left" ]
ok $? "every daemon stopped (left:${left:- none})"
done_testing
