#!/bin/sh
# tests/bench/ui.sh: the live screen's cost, beside references, in one run.
#   - CPU time over 30 s at the default refresh (1 s) of smtscope on this
#     machine and with the 384-CPU Zen 4 topology (-i), beside htop -d 10,
#     all three at once in 120x40 tmux panes; resident memory at the end.
#   - Time from start to the first full frame (SMTSCOPE_UI_FRAMES=1), live
#     and with the 384-CPU topology, beside lstopo --of console --no-io on
#     the same input (hwloc's own tool, without the I/O discovery smtscope
#     does not do); medians of 7 runs, in a 120x40 pane.
#   - Start to exit of `smtscope topo` beside `lstopo --of console --no-io`,
#     headless; medians of 11.
# Goals (issue 4): CPU under 0.5% of one CPU and at most half of htop's;
# RSS at most twice htop's; first frame within 1.2x of lstopo.
# A case whose input or reference is absent says "skip: REASON".
# Usage: sh tests/bench/ui.sh [SMTSCOPE]; BENCH_UI_SECONDS=30 by default.
cd "$(dirname "$0")/../.." || exit 2
SMTSCOPE=${1:-./smtscope}
case $SMTSCOPE in /*) ;; *) SMTSCOPE=$PWD/${SMTSCOPE#./} ;; esac
SECONDS_RUN=${BENCH_UI_SECONDS:-30}
TOPOLOGIES=${SMTSCOPE_TOPOLOGIES:-../shared/topologies}
XML=$TOPOLOGIES/amd-epyc-9654-zen4-2s.xml
SOCK=smtscope-bench-$$
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX")
# The screen writes its settings file on quit: not into the user's own.
XDG_CONFIG_HOME="$TMP/config"
export XDG_CONFIG_HOME
trap 'tmux -L "$SOCK" kill-server > /dev/null 2>&1
rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK" 2> /dev/null; rm -rf "$TMP"' EXIT INT TERM

command -v tmux > /dev/null 2>&1 || { echo "skip: every case: tmux not installed"; exit 0; }
have_htop=0
command -v htop > /dev/null 2>&1 && have_htop=1
have_lstopo=0
command -v lstopo > /dev/null 2>&1 && have_lstopo=1
have_xml=0
[ -f "$XML" ] && have_xml=1

# pane NAME CMD: run CMD in its own 120x40 window of the bench's tmux server.
pane() {
	if tmux -L "$SOCK" has-session 2> /dev/null; then
		tmux -L "$SOCK" new-window -d -n "$1" "$2"
	else
		tmux -u -L "$SOCK" -f /dev/null new-session -d -s bench -n "$1" \
		    -x 120 -y 40 "$2"
	fi
}

# pid_of NAME COMM: the process COMM running in the window NAME.
pid_of() {
	_pp=$(tmux -L "$SOCK" display-message -p -t "bench:$1" '#{pane_pid}')
	_i=0
	while [ "$_i" -lt 50 ]; do
		_p=$(pgrep -P "$_pp" -x "$2" | head -n 1)
		[ -z "$_p" ] && [ "$(cat /proc/"$_pp"/comm 2> /dev/null)" = "$2" ] && _p=$_pp
		[ -n "$_p" ] && { echo "$_p"; return 0; }
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# run_ns PID: nanoseconds the process has run (schedstat), or utime+stime.
run_ns() {
	if [ -r "/proc/$1/schedstat" ]; then
		cut -d' ' -f1 "/proc/$1/schedstat"
	else
		awk -v hz="$(getconf CLK_TCK)" '{ printf "%.0f\n", ($14 + $15) * 1e9 / hz }' \
		    "/proc/$1/stat"
	fi
}

# rss_kb PID: resident memory in kB.
rss_kb() {
	awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
}

# anon_kb PID: the part of it that is the process's own (not library files).
anon_kb() {
	awk '/^RssAnon:/ { print $2 }' "/proc/$1/status"
}

echo "smtscope UI bench: $(uname -m), $(getconf _NPROCESSORS_ONLN) CPUs, ${SECONDS_RUN} s"
[ "$have_xml" -eq 1 ] ||
    echo "skip: the 384-CPU cases: $XML absent (SMTSCOPE_TOPOLOGIES names the directory)"
[ "$have_htop" -eq 1 ] || echo "skip: the htop comparisons: htop not installed"
[ "$have_lstopo" -eq 1 ] ||
    echo "skip: the lstopo comparisons: lstopo not installed (hwloc-nox or hwloc)"
echo

# 1. CPU and memory over SECONDS_RUN, all at once.
names="live"
pane live "LANG=C.UTF-8 $SMTSCOPE"
if [ "$have_xml" -eq 1 ]; then
	pane zen4 "LANG=C.UTF-8 $SMTSCOPE -i $XML"
	names="$names zen4"
fi
if [ "$have_htop" -eq 1 ]; then
	pane htop "htop -d 10"
	names="$names htop"
fi
for n in $names; do
	comm=smtscope
	[ "$n" = htop ] && comm=htop
	eval "pid_$n=\$(pid_of $n $comm)" || { echo "$n did not start"; exit 1; }
done
sleep 2		# past the start: the steady state is what costs
for n in $names; do
	eval "t0_$n=\$(run_ns \$pid_$n)"
done
start=$(date +%s%N)
sleep "$SECONDS_RUN"
wall=$(( $(date +%s%N) - start ))
printf '%-28s %12s %10s %10s %10s\n' "steady state" "CPU time" "% of 1 CPU" "RSS kB" \
    "anon kB"
for n in $names; do
	eval "p=\$pid_$n; t0=\$t0_$n"
	t1=$(run_ns "$p")
	rss=$(rss_kb "$p")
	anon=$(anon_kb "$p")
	pct=$(awk -v d="$((t1 - t0))" -v w="$wall" 'BEGIN { printf "%.3f", d * 100 / w }')
	eval "pct_$n=$pct; rss_$n=$rss"
	case $n in
	live) label="smtscope (this machine)" ;;
	zen4) label="smtscope -i 384-CPU Zen 4" ;;
	htop) label="htop -d 10" ;;
	esac
	printf '%-28s %9.1f ms %10s %10s %10s\n' "$label" \
	    "$(awk -v d="$((t1 - t0))" 'BEGIN { print d / 1e6 }')" "$pct" "$rss" "$anon"
done
tmux -L "$SOCK" kill-server > /dev/null 2>&1
echo

# 2. Time to the first full frame, medians of 7, beside lstopo on the same input.
# first NAME CMD: start CMD 7 times in a pane and keep the median microseconds.
first() {
	out=$TMP/first-$1
	pane "f$1" "for i in 1 2 3 4 5 6 7; do s=\$(date +%s%N); $2 > /dev/tty; \
	    e=\$(date +%s%N); echo \$(( (e - s) / 1000 )) >> $out; done; echo done >> $out.done"
	_i=0
	while [ ! -f "$out.done" ] && [ "$_i" -lt 600 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	sort -n "$out" | sed -n 4p
}
LSTOPO="lstopo --of console --no-io"
ff_live=$(first live "SMTSCOPE_UI_FRAMES=1 LANG=C.UTF-8 $SMTSCOPE")
printf '%-44s %10s\n' "first full frame (median of 7)" "us"
printf '%-44s %10s\n' "smtscope (this machine)" "$ff_live"
if [ "$have_lstopo" -eq 1 ]; then
	ff_lstopo_live=$(first lstopo_live "$LSTOPO")
	printf '%-44s %10s\n' "$LSTOPO (this machine)" "$ff_lstopo_live"
fi
if [ "$have_xml" -eq 1 ]; then
	ff_zen4=$(first zen4 "SMTSCOPE_UI_FRAMES=1 LANG=C.UTF-8 $SMTSCOPE -i $XML")
	printf '%-44s %10s\n' "smtscope -i 384-CPU Zen 4" "$ff_zen4"
	if [ "$have_lstopo" -eq 1 ]; then
		ff_lstopo_zen4=$(first lstopo_zen4 "$LSTOPO -i $XML")
		printf '%-44s %10s\n' "$LSTOPO -i 384-CPU Zen 4" "$ff_lstopo_zen4"
	fi
fi
tmux -L "$SOCK" kill-server > /dev/null 2>&1
echo

# 3. Start to exit, headless, medians of 11 (microseconds).
# startup CMD...: the median time of 11 runs of CMD, output thrown away.
startup() {
	: > "$TMP/startup"
	for _i in 1 2 3 4 5 6 7 8 9 10 11; do
		_s=$(date +%s%N)
		"$@" > /dev/null 2>&1
		echo $(( ($(date +%s%N) - _s) / 1000 )) >> "$TMP/startup"
	done
	sort -n "$TMP/startup" | sed -n 6p
}
su_live=$(startup "$SMTSCOPE" topo)
printf '%-44s %10s\n' "start to exit, headless (median of 11)" "us"
printf '%-44s %10s\n' "smtscope topo (this machine)" "$su_live"
if [ "$have_lstopo" -eq 1 ]; then
	# shellcheck disable=SC2086
	su_lstopo_live=$(startup $LSTOPO)
	printf '%-44s %10s\n' "$LSTOPO (this machine)" "$su_lstopo_live"
fi
if [ "$have_xml" -eq 1 ]; then
	su_zen4=$(startup "$SMTSCOPE" topo -i "$XML")
	printf '%-44s %10s\n' "smtscope topo -i 384-CPU Zen 4" "$su_zen4"
	if [ "$have_lstopo" -eq 1 ]; then
		# shellcheck disable=SC2086
		su_lstopo_zen4=$(startup $LSTOPO -i "$XML")
		printf '%-44s %10s\n' "$LSTOPO -i 384-CPU Zen 4" "$su_lstopo_zen4"
	fi
fi
echo

# 4. The goals.
# goal WHAT CONDITION: print whether a goal is met.
goal() {
	if awk "BEGIN { exit !($2) }"; then
		echo "met:    $1"
	else
		echo "missed: $1"
	fi
}
goal "smtscope under 0.5% of one CPU ($pct_live%)" "$pct_live < 0.5"
[ "$have_xml" -eq 1 ] && goal "smtscope -i 384 CPUs under 0.5% of one CPU ($pct_zen4%)" \
    "$pct_zen4 < 0.5"
if [ "$have_htop" -eq 1 ]; then
	goal "at most half of htop's CPU ($pct_live% vs $pct_htop%)" \
	    "$pct_live <= $pct_htop / 2"
	goal "RSS at most twice htop's (${rss_live} kB vs ${rss_htop} kB)" \
	    "$rss_live <= 2 * $rss_htop"
	[ "$have_xml" -eq 1 ] && goal "RSS with 384 CPUs at most twice htop's (${rss_zen4} kB vs ${rss_htop} kB)" \
	    "$rss_zen4 <= 2 * $rss_htop"
else
	echo "skip: htop goals: htop not installed"
fi
if [ "$have_lstopo" -eq 1 ]; then
	goal "first frame within 1.2x of lstopo --no-io, live ($ff_live vs $ff_lstopo_live us)" \
	    "$ff_live <= 1.2 * $ff_lstopo_live"
	[ "$have_xml" -eq 1 ] && goal "first frame within 1.2x of lstopo --no-io, 384 CPUs ($ff_zen4 vs $ff_lstopo_zen4 us)" \
	    "$ff_zen4 <= 1.2 * $ff_lstopo_zen4"
	goal "smtscope topo within 1.2x of lstopo --no-io, live ($su_live vs $su_lstopo_live us)" \
	    "$su_live <= 1.2 * $su_lstopo_live"
	[ "$have_xml" -eq 1 ] && goal "smtscope topo within 1.2x of lstopo --no-io, 384 CPUs ($su_zen4 vs $su_lstopo_zen4 us)" \
	    "$su_zen4 <= 1.2 * $su_lstopo_zen4"
else
	echo "skip: lstopo goals: lstopo not installed"
fi
exit 0
