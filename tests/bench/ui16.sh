#!/bin/sh
# tests/bench/ui16.sh: the screen's cost at 16 CPUs with 8 busy processes,
# beside htop, at 10 Hz (-d 1) and 1 Hz (-d 10) (issue 36, point 8).
# Where this machine has fewer than 16 CPUs, smtscope is given a 16-CPU view
# of it: a 16-CPU topology (hwloc XML from the synthetic string
# "package:1 core:8 pu:2", declared this system) and a /proc/stat of 16
# CPUs (tests/helpers/stat16: each CPU K this machine's K modulo its count,
# rewritten every 50 ms) bind-mounted over /proc/stat in a private mount
# namespace (unshare -m: root), so the rest of /proc is the real one: the 8
# busy processes, named as others' work. htop sees the machine as it is
# (it has no proc root), which flatters htop: it draws fewer CPUs.
# All four at once in 120x40 tmux windows for BENCH_SECONDS (60); CPU time
# from schedstat. Goal: smtscope -d 1 at most 0.25x htop -d 1; the 1 Hz
# ratio is said as a figure.
# Usage: sh tests/bench/ui16.sh [SMTSCOPE]
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
SMTSCOPE=${1:-./smtscope}
case $SMTSCOPE in /*) ;; *) SMTSCOPE=$PWD/${SMTSCOPE#./} ;; esac
SECS=${BENCH_SECONDS:-60}
SOCK=smtscope-bench-ui16-$$
HOGS=
STATPID=
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 1
XDG_CONFIG_HOME="$TMP/config"
export XDG_CONFIG_HOME
cleanup() {
	tmux -L "$SOCK" kill-server > /dev/null 2>&1
	# shellcheck disable=SC2086
	[ -n "$HOGS" ] && kill $HOGS 2> /dev/null
	[ -n "$STATPID" ] && kill "$STATPID" 2> /dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

have tmux || { say "skip: every case: tmux is not installed"; exit 0; }
have htop || { say "skip: every case: htop is not installed (apt-get install -y htop)"; exit 0; }
for h in hog stat16; do
	[ -x "tests/helpers/$h" ] ||
	    { say "skip: every case: tests/helpers/$h is not built (make check builds it)"; exit 0; }
done
ncpu=$(getconf _NPROCESSORS_ONLN)
view=
if [ "$ncpu" -lt 16 ]; then
	if ! have lstopo; then
		say "skip: the 16-CPU view: lstopo is not installed (hwloc-nox)"
	elif ! unshare -m true 2> /dev/null; then
		say "skip: the 16-CPU view: unshare -m needs root here; measured on $ncpu CPUs"
	else
		lstopo -i "package:1 core:8 pu:2" --of xml "$TMP/m16.xml" 2> /dev/null
		tests/helpers/stat16 "$TMP/stat" 16 $((SECS + 60)) &
		STATPID=$!
		sleep 0.2
		view="unshare -m sh -c 'mount --bind $TMP/stat /proc/stat && exec env \
		    HWLOC_XMLFILE=$TMP/m16.xml HWLOC_THISSYSTEM=1"
	fi
fi
i=0
while [ $i -lt 8 ]; do
	tests/helpers/hog $((SECS + 60)) &
	HOGS="$HOGS $!"
	i=$((i + 1))
done
# screen D: smtscope at -d D, in the 16-CPU view where there is one.
screen() {
	if [ -n "$view" ]; then
		echo "$view LANG=C.UTF-8 $SMTSCOPE -n -d $1'; sleep 600"
	else
		echo "LANG=C.UTF-8 $SMTSCOPE -n -d $1; sleep 600"
	fi
}
tmux -u -L "$SOCK" -f /dev/null new-session -d -s b -n s10 -x 120 -y 40 "$(screen 1)"
tmux -L "$SOCK" new-window -d -n s1 "$(screen 10)"
tmux -L "$SOCK" new-window -d -n h10 "htop -d 1; sleep 600"
tmux -L "$SOCK" new-window -d -n h1 "htop -d 10; sleep 600"

# pid_in WINDOW COMM: the process COMM in the window (its shell's child, or deeper).
pid_in() {
	_pp=$(tmux -L "$SOCK" display-message -p -t "b:$1" '#{pane_pid}') || return 1
	_i=0
	while [ $_i -lt 50 ]; do
		for _c in $_pp $(pgrep -P "$_pp"); do
			_p=$(pgrep -P "$_c" -x "$2" | head -n 1)
			[ -z "$_p" ] && [ "$(cat "/proc/$_c/comm" 2> /dev/null)" = "$2" ] && _p=$_c
			[ -n "$_p" ] && { echo "$_p"; return 0; }
		done
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}
for w in s10:smtscope s1:smtscope h10:htop h1:htop; do
	p=$(pid_in "${w%%:*}" "${w#*:}") || { say "${w%%:*} did not start"; exit 1; }
	eval "pid_${w%%:*}=$p"
done
sleep 3
cpus=$(tmux -L "$SOCK" capture-pane -p -t b:s10 | grep -c -E 'CPU +[0-9]+ [[|]')
say "smtscope draws $cpus CPUs in its tree ($([ -n "$view" ] && echo "a 16-CPU view of this" ||
    echo "this") $ncpu-CPU machine); 8 busy processes; htop on the real $ncpu CPUs; ${SECS} s"
for w in s10 s1 h10 h1; do
	eval "t0_$w=\$(cut -d' ' -f1 /proc/\$pid_$w/schedstat)"
done
sleep "$SECS"
for w in s10 s1 h10 h1; do
	eval "t1=\$(cut -d' ' -f1 /proc/\$pid_$w/schedstat); ms_$w=\$(( (t1 - t0_$w) / 1000000 ))"
done
say "$(printf '%-28s %10s %10s' "CPU time over ${SECS} s" "10 Hz" "1 Hz")"
say "$(printf '%-28s %7s ms %7s ms' "smtscope (16-CPU view)" "$ms_s10" "$ms_s1")"
say "$(printf '%-28s %7s ms %7s ms' "htop" "$ms_h10" "$ms_h1")"
goal "ui16: smtscope -d 1 / htop -d 1, 16 CPUs, 8 busy" "$(ratio "$ms_s10" "$ms_h10")" "<=" 0.25
say "figure: smtscope -d 10 / htop -d 10, 16 CPUs, 8 busy: $(ratio "$ms_s1" "$ms_h1") (no goal at 1 Hz: others' scan of /proc, once a second, is most of it)"
exit 0
