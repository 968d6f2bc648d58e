#!/bin/sh
# tests/device/screen.sh: the screen's cost on a machine of 16 CPUs or more
# with 8 busy processes, beside htop where it is installed (issue 36, point
# 8): smtscope -d 1 and htop -d 1 (10 Hz), smtscope -d 10 and htop -d 10
# (1 Hz), at once, each in a 120x40 tmux window, for SCREEN_SECONDS (40);
# CPU time from /proc/PID/schedstat. Built binaries only (./smtscope, and
# tests/helpers/hog if built, else a shell loop). Writes $OUT/screen.txt
# (the figures, the goal line) and $OUT/screen-*.txt (each window's last
# frame). Where tmux or htop is absent it says so and measures what it can.
# At most about 2 minutes. Usage: OUT=DIR sh tests/device/screen.sh
cd "$(dirname "$0")/../.." || exit 2
OUT=${OUT:-/tmp/smtscope-device}
SECS=${SCREEN_SECONDS:-40}
mkdir -p "$OUT"
R=$OUT/screen.txt
SOCK=smtscope-device-screen-$$
HOGS=
XDG_CONFIG_HOME=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-dev.XXXXXX")
export XDG_CONFIG_HOME
cleanup() {
	tmux -L "$SOCK" kill-server > /dev/null 2>&1
	# shellcheck disable=SC2086
	[ -n "$HOGS" ] && kill $HOGS 2> /dev/null
	rm -rf "$XDG_CONFIG_HOME"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
say() { printf '%s\n' "$*" | tee -a "$R"; }
: > "$R"
ncpu=$(getconf _NPROCESSORS_ONLN)
say "smtscope screen cost: $(uname -m), $ncpu CPUs online, $(nproc) allowed, ${SECS} s, 8 busy processes"
[ -x ./smtscope ] || { say "skip: ./smtscope is not built"; exit 0; }
command -v tmux > /dev/null 2>&1 || { say "skip: tmux is not installed here: the screen needs a terminal to draw in"; exit 0; }
have_htop=1
command -v htop > /dev/null 2>&1 || { have_htop=0; say "htop is not installed here: smtscope measured alone"; }
[ "$ncpu" -ge 16 ] || say "note: fewer than 16 CPUs here ($ncpu)"
i=0
while [ $i -lt 8 ]; do
	if [ -x tests/helpers/hog ]; then
		tests/helpers/hog $((SECS + 40)) &
	else
		sh -c "end=\$((\$(date +%s) + $SECS + 40)); while [ \$(date +%s) -lt \$end ]; do :; done" &
	fi
	HOGS="$HOGS $!"
	i=$((i + 1))
done
tmux -u -L "$SOCK" -f /dev/null new-session -d -s b -n s10 -x 120 -y 40 \
    "LANG=C.UTF-8 ./smtscope -n -d 1; sleep 600"
tmux -L "$SOCK" new-window -d -n s1 "LANG=C.UTF-8 ./smtscope -n -d 10; sleep 600"
wins="s10 s1"
if [ $have_htop -eq 1 ]; then
	tmux -L "$SOCK" new-window -d -n h10 "htop -d 1; sleep 600"
	tmux -L "$SOCK" new-window -d -n h1 "htop -d 10; sleep 600"
	wins="$wins h10 h1"
fi
# pid_in WINDOW COMM: the process COMM under the window's shell.
pid_in() {
	_pp=$(tmux -L "$SOCK" display-message -p -t "b:$1" '#{pane_pid}') || return 1
	_i=0
	while [ $_i -lt 50 ]; do
		_p=$(pgrep -P "$_pp" -x "$2" | head -n 1)
		[ -n "$_p" ] && { echo "$_p"; return 0; }
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}
for w in $wins; do
	case $w in s*) c=smtscope ;; *) c=htop ;; esac
	p=$(pid_in "$w" "$c") || { say "$w ($c) did not start"; exit 0; }
	eval "pid_$w=$p"
done
sleep 3
for w in $wins; do
	eval "t0_$w=\$(cut -d' ' -f1 /proc/\$pid_$w/schedstat)"
done
sleep "$SECS"
for w in $wins; do
	eval "t1=\$(cut -d' ' -f1 /proc/\$pid_$w/schedstat); ms_$w=\$(( (t1 - t0_$w) / 1000000 ))"
	tmux -L "$SOCK" capture-pane -p -t "b:$w" > "$OUT/screen-$w.txt"
done
say "$(printf '%-24s %10s %10s' "CPU time over ${SECS} s" "10 Hz" "1 Hz")"
say "$(printf '%-24s %7s ms %7s ms' "smtscope" "$ms_s10" "$ms_s1")"
if [ $have_htop -eq 1 ]; then
	say "$(printf '%-24s %7s ms %7s ms' "htop" "$ms_h10" "$ms_h1")"
	r10=$(awk -v a="$ms_s10" -v b="$ms_h10" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')
	r1=$(awk -v a="$ms_s1" -v b="$ms_h1" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')
	if awk -v r="$r10" 'BEGIN { exit !(r != "n/a" && r <= 0.25) }'; then
		say "met:    smtscope -d 1 / htop -d 1 = $r10 (goal <= 0.25); 1 Hz: $r1"
	else
		say "missed: smtscope -d 1 / htop -d 1 = $r10 (goal <= 0.25); 1 Hz: $r1"
	fi
fi
say "CPUs drawn by smtscope: $(grep -c -E 'CPU +[0-9]+ [[|]|^ +[0-9]+[^0-9]' "$OUT/screen-s10.txt")"
exit 0
