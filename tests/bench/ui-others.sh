#!/bin/sh
# tests/bench/ui-others.sh: the live screen's cost beside htop -d 10 while it
# counts others' work: both in 120x40 tmux windows for BENCH_SECONDS (60),
# CPU time from utime+stime (and schedstat) of /proc/PID before and after.
# Cases: quiet; 300 idle processes (sleep); a hog pinned to CPU 1 (others'
# work on a CPU: the screen scans /proc each refresh); both.
# Goal (issue 11): smtscope at most 0.5x htop's CPU in every case.
# Usage: sh tests/bench/ui-others.sh [SMTSCOPE] [CASE...]
cd "$(dirname "$0")/../.." || exit 2
SMTSCOPE=${1:-./smtscope}
[ $# -gt 0 ] && shift
case $SMTSCOPE in /*) ;; *) SMTSCOPE=$PWD/${SMTSCOPE#./} ;; esac
CASES=${*:-quiet procs300 hog procs300+hog}
SECS=${BENCH_SECONDS:-60}
SOCK0=smtscope-bench-others-$$
SOCK=$SOCK0
HZ=$(getconf CLK_TCK)
SLEEPERS=
HOGPID=
cleanup() {
	tmux -L "$SOCK" kill-server > /dev/null 2>&1
	# shellcheck disable=SC2086
	[ -n "$SLEEPERS" ] && kill $SLEEPERS 2> /dev/null
	[ -n "$HOGPID" ] && kill "$HOGPID" 2> /dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM

command -v tmux > /dev/null 2>&1 || { echo "tmux is needed"; exit 1; }
command -v htop > /dev/null 2>&1 || { echo "htop is needed (apt-get install -y htop)"; exit 1; }
[ -x tests/helpers/hog ] || { echo "tests/helpers/hog is needed (make check builds it)"; exit 1; }

# ticks PID: utime+stime in clock ticks.
ticks() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# sched PID: run time in ns from schedstat.
sched() {
	cut -d' ' -f1 "/proc/$1/schedstat"
}

# child_of WINDOW COMM: the process COMM under the window's shell.
child_of() {
	_pp=$(tmux -L "$SOCK" display-message -p -t "b:$1" '#{pane_pid}') || return 1
	[ -n "$_pp" ] || return 1
	_i=0
	while [ $_i -lt 50 ]; do
		_p=$(pgrep -P "$_pp" -x "$2" | head -n 1)
		[ -n "$_p" ] && { echo "$_p"; return 0; }
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# one CASE: smtscope and htop side by side for SECS.
one() {
	SOCK=$SOCK0-$1
	case $1 in *procs300*)
		i=0
		while [ $i -lt 300 ]; do
			sleep 600 &
			SLEEPERS="$SLEEPERS $!"
			i=$((i + 1))
		done
	esac
	case $1 in *hog*)
		taskset -c 1 tests/helpers/hog $((SECS + 30)) &
		HOGPID=$!
	esac
	tmux -u -L "$SOCK" -f /dev/null new-session -d -s b -n s -x 120 -y 40 \
	    "LANG=C.UTF-8 $SMTSCOPE -n; sleep 600"
	tmux -L "$SOCK" new-window -d -n h "htop -d 10; sleep 600"
	if ! ps=$(child_of s smtscope) || ! ph=$(child_of h htop); then
		echo "$1: did not start"
		tmux -L "$SOCK" kill-server > /dev/null 2>&1
		return
	fi
	sleep 3
	s0=$(ticks "$ps"); h0=$(ticks "$ph"); S0=$(sched "$ps"); H0=$(sched "$ph")
	t0=$(date +%s%N)
	sleep "$SECS"
	s1=$(ticks "$ps"); h1=$(ticks "$ph"); S1=$(sched "$ps"); H1=$(sched "$ph")
	t1=$(date +%s%N)
	nproc=$(ls -d /proc/[0-9]* | wc -l)
	awk -v c="$1" -v hz="$HZ" -v w="$((t1 - t0))" -v s="$((s1 - s0))" -v h="$((h1 - h0))" \
	    -v S="$((S1 - S0))" -v H="$((H1 - H0))" -v n="$nproc" 'BEGIN {
		printf "%-14s %5d procs  smtscope %6.3f%% (%4d ticks, %7.1f ms)  htop %6.3f%% (%4d ticks, %7.1f ms)  ratio %.2f (ticks %.2f)\n",
		    c, n, S * 100 / w, s, S / 1e6, H * 100 / w, h, H / 1e6,
		    (H > 0 ? S / H : 0), (h > 0 ? s / h : 0) }'
	tmux -L "$SOCK" kill-server > /dev/null 2>&1
	# shellcheck disable=SC2086
	[ -n "$SLEEPERS" ] && kill $SLEEPERS 2> /dev/null
	[ -n "$HOGPID" ] && kill "$HOGPID" 2> /dev/null
	SLEEPERS= HOGPID=
	wait 2> /dev/null
}

echo "smtscope vs htop -d 10, ${SECS} s each, $(getconf _NPROCESSORS_ONLN) CPUs; % of one CPU"
for c in $CASES; do
	one "$c"
done
