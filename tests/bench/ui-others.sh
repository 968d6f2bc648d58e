#!/bin/sh
# tests/bench/ui-others.sh: the live screen's cost against what others run,
# at 1 Hz and at 10 Hz, beside htop at the same rates: smtscope -d 10 and
# -d 1, htop -d 10 and -d 1, all four in 120x40 tmux windows at once for
# BENCH_SECONDS (60), CPU time from schedstat before and after.
# Cases: quiet (what this machine runs anyway); procs200+hog (200 more
# processes, sleeping, one of them a hog that keeps CPU BENCH_CPU busy: the
# screen then names others' work, which costs it a scan of /proc, at most
# once a second whatever the refresh rate).
# Goal (issue 24): at 10 Hz with the 200 processes and the hog, at most 0.25x
# htop -d 1.
# Usage: sh tests/bench/ui-others.sh [SMTSCOPE] [CASE...]
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
SMTSCOPE=${1:-./smtscope}
[ $# -gt 0 ] && shift
case $SMTSCOPE in /*) ;; *) SMTSCOPE=$PWD/${SMTSCOPE#./} ;; esac
CASES=${*:-quiet procs200+hog}
SECS=${BENCH_SECONDS:-60}
SOCK0=smtscope-bench-others-$$
SOCK=$SOCK0
SLEEPERS=
HOGPID=
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 1
XDG_CONFIG_HOME="$TMP/config"
export XDG_CONFIG_HOME
cleanup() {
	tmux -L "$SOCK" kill-server > /dev/null 2>&1
	# shellcheck disable=SC2086
	[ -n "$SLEEPERS" ] && kill $SLEEPERS 2> /dev/null
	[ -n "$HOGPID" ] && kill "$HOGPID" 2> /dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

have tmux || { say "skip: every case: tmux is not installed"; exit 0; }
have htop || { say "skip: every case: htop is not installed (apt-get install -y htop)"; exit 0; }
[ -x tests/helpers/hog ] || { say "skip: every case: tests/helpers/hog is not built (make check builds it)"; exit 0; }

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

# one CASE: smtscope and htop, each at 1 and 10 Hz, side by side for SECS.
one() {
	SOCK=$SOCK0-$1
	case $1 in *procs200*)
		i=0
		while [ $i -lt 199 ]; do
			sleep 600 &
			SLEEPERS="$SLEEPERS $!"
			i=$((i + 1))
		done
	esac
	case $1 in *hog*)
		taskset -c "$BENCH_CPU" tests/helpers/hog $((SECS + 30)) &
		HOGPID=$!
	esac
	tmux -u -L "$SOCK" -f /dev/null new-session -d -s b -n s1 -x 120 -y 40 \
	    "LANG=C.UTF-8 $SMTSCOPE -n -d 10; sleep 600"
	tmux -L "$SOCK" new-window -d -n s10 "LANG=C.UTF-8 $SMTSCOPE -n -d 1; sleep 600"
	tmux -L "$SOCK" new-window -d -n h1 "htop -d 10; sleep 600"
	tmux -L "$SOCK" new-window -d -n h10 "htop -d 1; sleep 600"
	if ! p1=$(child_of s1 smtscope) || ! p10=$(child_of s10 smtscope) ||
	    ! q1=$(child_of h1 htop) || ! q10=$(child_of h10 htop); then
		say "$1: did not start"
		tmux -L "$SOCK" kill-server > /dev/null 2>&1
		return
	fi
	sleep 3
	a1=$(sched "$p1"); a10=$(sched "$p10"); b1=$(sched "$q1"); b10=$(sched "$q10")
	t0=$(date +%s%N)
	sleep "$SECS"
	c1=$(sched "$p1"); c10=$(sched "$p10"); d1=$(sched "$q1"); d10=$(sched "$q10")
	t1=$(date +%s%N)
	nproc=$(ls -d /proc/[0-9]* | wc -l)
	awk -v c="$1" -v w="$((t1 - t0))" -v s1="$((c1 - a1))" -v s10="$((c10 - a10))" \
	    -v h1="$((d1 - b1))" -v h10="$((d10 - b10))" -v n="$nproc" 'BEGIN {
		printf "%-13s %5d %9.3f%% %9.3f%% %9.3f%% %9.3f%% %8.2fx %8.2fx\n",
		    c, n, s1 * 100 / w, s10 * 100 / w, h1 * 100 / w, h10 * 100 / w,
		    (h1 > 0 ? s1 / h1 : 0), (h10 > 0 ? s10 / h10 : 0) }' | tee -a "$TMP/rows"
	tmux -L "$SOCK" kill-server > /dev/null 2>&1
	# shellcheck disable=SC2086
	[ -n "$SLEEPERS" ] && kill $SLEEPERS 2> /dev/null
	[ -n "$HOGPID" ] && kill "$HOGPID" 2> /dev/null
	SLEEPERS= HOGPID=
	wait 2> /dev/null
}

say "the screen's cost beside htop's, ${SECS} s each, % of one CPU (schedstat); the hog on" \
    "CPU $BENCH_CPU; $(load_average)"
printf '%-13s %5s %10s %10s %10s %10s %9s %9s\n' CASE PROCS "smtscope1" "smtscope10" \
    "htop-d10" "htop-d1" "1Hz/htop" "10Hz/htop"
for c in $CASES; do
	one "$c"
done
# The goal: the 10 Hz screen with 200 processes and a hog against htop -d 1.
busy=$(awk '$1 == "procs200+hog" { gsub(/%/, ""); print $4 }' "$TMP/rows")
hd1=$(awk '$1 == "procs200+hog" { gsub(/%/, ""); print $6 }' "$TMP/rows")
quiet=$(awk '$1 == "quiet" { gsub(/%/, ""); print $4 }' "$TMP/rows")
[ -n "$quiet" ] && [ -n "$busy" ] &&
    say "the 10 Hz screen with 200 processes and a hog over quiet: $(ratio "$busy" "$quiet")"
goal "smtscope -d 1 over htop -d 1, 200 processes and a hog" "$(ratio "$busy" "$hd1")" "<=" 0.25
