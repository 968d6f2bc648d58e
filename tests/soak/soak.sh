#!/bin/sh
# tests/soak/soak.sh [SECONDS] [RUNS]: the live screen driven at 10 Hz with
# load churn (start, move, pause, resume, stop, solo re-measure, theme and
# view changes, resizes) for SECONDS (default 600). The warm-up lasts until
# the screen's history is full (the chart's 480 samples: 48 s at 10 Hz) and
# at least a tenth of the run. A sample of RSS and descriptors every
# SOAK_SAMPLE seconds (default 60, at most a tenth of the run), each taken
# at one window size, is printed as the curve (make soak SOAK_SECONDS=900:
# the 15-minute soak). RSS must be flat after the warm-up: the highest
# sample of the second half no more than 1 % and 64 kB above the highest
# before it, from the first time the screen was at its largest size on
# (curses' windows at 160x50 set the heap's high-water mark: RSS is back at
# it each time that size comes round, 160 kB over the samples between,
# which is no leak; a leak goes past it); with under four samples, the end
# within 5 % of the warm-up's. The open descriptors must end as they were,
# no load may be left, and stderr must hold no sanitizer report. Then
# `smtscope run` RUNS times (default 500) with short windows: no descriptor
# or process left behind. TAP output.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

secs=${1:-${SOAK_SECONDS:-600}}
runs=${2:-${SOAK_RUNS:-500}}
every=${SOAK_SAMPLE:-60}
[ "$every" -gt $((secs / 10)) ] && every=$((secs / 10))
[ "$every" -lt 5 ] && every=5
# The chart keeps CHART_N samples (src/ui/chart.h): full after this long at 10 Hz.
full=$(( $(sed -n 's/^#define CHART_N[^0-9]*\([0-9]*\).*/\1/p' src/ui/chart.h) / 10 + 2 ))
warm=$((secs / 10))
[ "$warm" -lt "$full" ] && warm=$full
[ "$warm" -ge "$secs" ] && warm=$((secs / 2))

# rss PID: resident kB. fds PID: open descriptors but those on /proc, which
# the screen keeps open for other processes' threads (foreign.c: two a
# thread, forgotten once gone threads outnumber the live ones by 64), so
# their number follows the machine. procfds PID: those on /proc.
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2> /dev/null; }
fds() {
	for _f in /proc/"$1"/fd/*; do readlink "$_f"; done 2> /dev/null | grep -vc '^/proc/'
}
procfds() {
	for _f in /proc/"$1"/fd/*; do readlink "$_f"; done 2> /dev/null | grep -c '^/proc/'
}

TM_SOCK="smtscope-soak-$$"
tm_start "LANG=C.UTF-8 $SMTSCOPE -d 1 -l spin@0 -l hash@1 2> '$TMP/stderr'" || exit 1
tm_wait '^ hash#2 ' 10 > /dev/null
pid=$(tm_smtscope_pid)
[ -n "$pid" ]
ok $? "the live screen runs (pid $pid)"

# One churn cycle: 20 events at 10 Hz.
cycle="a s Enter l a s Enter m h Enter Space Space c t v j k d Tab D"
start=$(date +%s)
now=$start
seen=
rss0= fds0= rss_min= post= pre=
i=0
next=0
diag "curve: seconds RSS-kB descriptors descriptors-on-/proc"
while [ $((now - start)) -lt "$secs" ]; do
	for k in $cycle; do
		tm_keys "$k"
		sleep 0.1
		case $k in c|Space) seen="$seen $(proc_kids "$pid")" ;; esac
	done
	i=$((i + 1))
	case $((i % 15)) in
	5) tm resize-window -x 80 -y 24 ;;
	10) tm resize-window -x 160 -y 50 ;;
	0) tm resize-window -x 120 -y 40 ;;
	esac
	now=$(date +%s)
	# Each sample at one size (curses' windows follow it): 120x40.
	if [ $((now - start)) -ge "$next" ]; then
		tm resize-window -x 120 -y 40
		sleep 0.3
		_r=$(rss "$pid")
		diag "curve: $((now - start)) $_r $(fds "$pid") $(procfds "$pid")"
		[ -n "$rss0" ] && post="$post $_r"
		# Once the largest size has been shown (cycle 10 on): its high-water mark.
		[ -z "$rss0" ] && [ "$i" -ge 10 ] && pre="$pre $_r"
		next=$((next + every))
	fi
	if [ -z "$rss0" ] && [ $((now - start)) -ge "$warm" ]; then
		tm_keys D
		tm resize-window -x 120 -y 40
		sleep 0.5
		rss0=$(rss "$pid") fds0=$(fds "$pid")
		diag "after warm-up ($warm s): RSS $rss0 kB, $fds0 descriptors"
	fi
done
tm_keys D
tm resize-window -x 120 -y 40
sleep 0.5
# Stopping every load takes its time on a busy machine (each is reaped, its
# pipes and counters closed): a leak stays, a stop in progress does not.
w=0
while [ "$(fds "$pid")" != "$fds0" ] && [ $w -lt 100 ]; do
	sleep 0.1
	w=$((w + 1))
done
rss1=$(rss "$pid") fds1=$(fds "$pid")
diag "after $secs s ($i cycles): RSS $rss1 kB, $fds1 descriptors"
if grep -q __asan_report "$SMTSCOPE" 2> /dev/null; then
	# AddressSanitizer keeps freed memory in quarantine (up to 256 MB):
	# RSS says nothing there; LeakSanitizer's report at exit does.
	skip "RSS growth: a sanitizer build holds freed memory in quarantine ($rss0 -> $rss1 kB)"
else
	post="$rss0 $post $rss1"
	if [ "$(echo $post | wc -w)" -ge 4 ]; then
		# The highest of each half, the first with the high-water mark
		# of the warm-up since the largest size: a leak raises the second's.
		m=$(echo $post | awk -v pre="$pre" '{ h = int(NF / 2); for (i = 1; i <= NF; i++)
		    if (i <= h) { if ($i > a) a = $i } else if ($i > b) b = $i
		    n = split(pre, p, " "); for (i = 1; i <= n; i++) if (p[i] + 0 > a) a = p[i] + 0
		    print a, b }')
		m1=${m% *} m2=${m#* }
		[ $((m2 * 100)) -le $((m1 * 101)) ] && [ $((m2 - m1)) -le 64 ]
		ok $? "RSS flat after the warm-up ($warm s): highest $m2 kB in its second half, $m1 kB before (its first half, and the warm-up from the first 160x50 on; within 1 % and 64 kB)"
	else
		[ -n "$rss1" ] && [ -n "$rss0" ] && [ $((rss1 * 100)) -lt $((rss0 * 105)) ]
		ok $? "RSS after warm-up $rss0 kB, at the end $rss1 kB: under 5 % growth"
	fi
fi
[ "$fds1" = "$fds0" ]
ok $? "open descriptors (but those on /proc) unchanged ($fds0 -> $fds1)"
# The /proc descriptors stay within foreign.c's bound: two a thread, for the
# live threads and at most twice as many gone ones plus 64.
pf=$(procfds "$pid")
nthr=$(ls -d /proc/[0-9]*/task/[0-9]* 2> /dev/null | wc -l)
[ "$pf" -le $((2 * (3 * nthr + 64))) ]
ok $? "descriptors on /proc within the cache's bound ($pf for $nthr threads here)"
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' 10 > /dev/null
ok $? "q quits cleanly after the soak"
# A load left is one of these identities (pid and start time: a pid reused
# by another program is not one) still alive and not dying.
seen=$(echo $seen | tr ' ' '\n' | sort -u | tr '\n' ' ')
procs_wait_gone 10 $seen
left=$(procs_real $seen | wc -w)
# One cycle in some may start no load the test sees (a busy machine).
[ "$left" -eq 0 ] && [ "$(echo $seen | wc -w)" -ge $((i / 2)) ]
ok $? "none of the $(echo $seen | wc -w) load processes started in $i cycles is left ($left: $(procs_real $seen || echo none))"
! grep -q -E 'AddressSanitizer|LeakSanitizer|runtime error' "$TMP/stderr"
ok $? "no sanitizer report on stderr ($(wc -c < "$TMP/stderr") bytes)"
tm_end

# `run` again and again: nothing accumulates. An orphan would be a load
# (smtscope:KERNEL) whose parent is gone: reparented, its parent is 1.
orphans() {
	for _s in /proc/[0-9]*/stat; do
		awk '$2 ~ /^\(smtscope:/ && $4 == 1 && $3 != "Z" { print $1 }' "$_s" 2> /dev/null
	done | wc -l
}
before=$(orphans)
fail=0 nofig=0
n=0
while [ $n -lt "$runs" ]; do
	$SMTSCOPE run --time 0.05 spin@0 pipe@0,1 > "$TMP/run-out" 2>> "$TMP/run-stderr"
	case $? in
	0) ;;
	1) nofig=$((nofig + 1)) ;;	# a figure could not be had in so short a window
	*) fail=$((fail + 1)); cat "$TMP/run-out" >> "$TMP/run-failed" ;;
	esac
	n=$((n + 1))
done
after=$(orphans)
diag "$nofig of $runs runs reported a figure it could not measure (exit 1)"
[ "$fail" -eq 0 ]
ok $? "$runs runs of smtscope run: $fail crashed or were refused"
[ "$after" -le "$before" ]
ok $? "no load orphaned by $runs runs (orphaned loads before $before, after $after)"
! grep -q -E 'AddressSanitizer|LeakSanitizer|runtime error' "$TMP/run-stderr"
ok $? "no sanitizer report from the runs"
done_testing
