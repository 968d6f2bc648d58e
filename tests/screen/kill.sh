#!/bin/sh
# tests/screen/kill.sh: a live screen killed by SIGKILL at any moment leaves
# no load alive, however busy the machine. SMTSCOPE_KILLS kills (100),
# beside a fork storm on each allowed CPU: half at moments spread over the
# first 2 s of a screen started with loads (-l: hash, a pipe's two ends,
# int, fork), half over a running session 2-5 s old in which a load was
# paused. Every process of a screen is found by a tag in its environment,
# so a load given to init is found too (a pid alone names another process
# once pids wrap), and is its load by its identity: named smtscope* and
# started (/proc/PID/stat's start time) no earlier than the screen killed.
# 3 s after its kill, a real leftover is one still alive: not a zombie
# waiting for init to reap it, and not one with SIGKILL pending (the
# parent-death signal delivered: the kernel ends it when it next runs,
# which a fork storm can put off for seconds; each of those must be gone
# within 30 s). Prints "kills: N, real leftovers: M" and the wall time;
# make check-kill runs it alone (KILLS=N).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

KILLS=${SMTSCOPE_KILLS:-100}
ROUND=10
B=${CPU_B:-$CPU_A}
TAG=smtscope-kill-$$
storm=
stop_storm() {
	[ -n "$storm" ] && kill $storm 2> /dev/null
	storm=
}
trap 'stop_storm; tm_end; rm -rf "$TMP"' EXIT

# tagged K: the pids of the processes carrying screen K's tag now.
tagged() {
	grep -l -s -a -z -x "SMTSCOPE_KILLTAG=$TAG-$1" /proc/[0-9]*/environ 2> /dev/null |
	    sed 's|/proc/\([0-9]*\)/environ|\1|'
}

# now_ms: the monotonic-enough wall clock in milliseconds.
now_ms() {
	date +%s%3N
}

t_begin=$(now_ms)
for c in $ALLOWED_CPUS; do
	taskset -c "$c" sh -c 'while :; do /bin/true; done' &
	storm="$storm $!"
done
diag "fork storm on CPUs $ALLOWED_LIST:$storm"

TM_SOCK="smtscope-test-kill-$$"
tm -f /dev/null new-session -d -x 120 -y 40 "sleep 900" 2> "$TMP/tm.err" ||
    diag "tmux: $(cat "$TMP/tm.err")"
k=0 started=0 withloads=0
: > "$TMP/killed"
while [ $k -lt "$KILLS" ]; do
	# A round: ROUND screens at once, each killed at its own moment.
	r=0
	while [ $r -lt $ROUND ] && [ $((k + r)) -lt "$KILLS" ]; do
		i=$((k + r))
		rm -f "$TMP/pid.$i"
		tm new-window -d "sh -c 'echo \$\$ > $TMP/pid.$i; SMTSCOPE_KILLTAG=$TAG-$i \
		    LANG=C.UTF-8 exec $SMTSCOPE -n -l hash@$CPU_A -l pipe@$CPU_A,$B -l int@$B \
		    -l fork@$B'" 2>> "$TMP/tm.err"
		r=$((r + 1))
	done
	r=0
	while [ $r -lt $ROUND ] && [ $((k + r)) -lt "$KILLS" ]; do
		i=$((k + r))
		n=0
		while [ ! -s "$TMP/pid.$i" ] && [ $n -lt 400 ]; do sleep 0.01; n=$((n + 1)); done
		eval "t0_$i=$(now_ms)"
		r=$((r + 1))
	done
	r=0
	while [ $r -lt $ROUND ] && [ $((k + r)) -lt "$KILLS" ]; do
		i=$((k + r))
		# The first half over the first 2 s, the second over 2-5 s.
		if [ $((i * 2)) -lt "$KILLS" ]; then
			at=$((i * 4000 / KILLS))
		else
			at=$((2000 + (i - KILLS / 2) * 6000 / KILLS))
			# A load paused before the kill (Space on the loads panel's first).
			[ $r -eq 0 ] && tm send-keys -t ":$((i % ROUND + 1))" ' ' 2> /dev/null
		fi
		eval "t0=\$t0_$i"
		wait_ms=$((t0 + at - $(now_ms)))
		[ $wait_ms -gt 0 ] && sleep "$(awk -v m=$wait_ms 'BEGIN { printf "%.3f", m / 1000 }')"
		pid=$(cat "$TMP/pid.$i" 2> /dev/null)
		if [ -n "$pid" ] && [ "$(proc_name "$pid")" = smtscope ] &&
		    sid=$(proc_id "$pid"); then
			[ "$(tagged "$i" | wc -l)" -ge 2 ] && withloads=$((withloads + 1))
			kill -KILL "$pid"
			started=$((started + 1))
			# The screen's start time: its loads started no earlier.
			echo "$i $at $(now_ms) ${sid#*:}" >> "$TMP/killed"
		else
			diag "screen $i: not running at ${at} ms (pid '${pid}' is $(proc_name "${pid:-0}"))"
		fi
		r=$((r + 1))
	done
	k=$((k + ROUND))
	tm kill-window -a -t :0 2> /dev/null
done
sleep 3
stop_storm

# What is left 3 s (or more) after each kill.
real=0 dying=0 zombies=0 others=0 dyingids=
while read -r i at t sstart; do
	for p in $(tagged "$i"); do
		id=$(proc_id "$p") || { zombies=$((zombies + 1)); continue; }
		# Its identity: named smtscope*, started with or after the screen.
		case $(proc_name "$p") in
		smtscope*) ;;
		*)	others=$((others + 1))
			diag "killed screen $i: $p ($(proc_name "$p")) carries its tag but is no smtscope process"
			continue ;;
		esac
		if [ "${id#*:}" -lt "$sstart" ]; then
			others=$((others + 1))
			diag "killed screen $i: $p started at ${id#*:}, before the screen (${sstart}): not its load"
			continue
		fi
		if proc_dying "$p"; then
			dying=$((dying + 1))
			dyingids="$dyingids $id"
		else
			real=$((real + 1))
			diag "killed screen $i at $at ms: $p ($(proc_name "$p"), parent $(awk '{ print $4 }' "/proc/$p/stat" 2> /dev/null)) still runs"
			kill -KILL "$p" 2> /dev/null
		fi
	done
done < "$TMP/killed"
[ "$started" -eq "$KILLS" ]
ok $? "$started of $KILLS screens were running when killed (with loads: $withloads)"
[ "$withloads" -ge $((KILLS / 2)) ]
ok $? "loads were running at $withloads of $KILLS kills (at least half)"
[ "$real" -eq 0 ]
ok $? "kills: $started, real leftovers: $real (3 s after each, beside a fork storm on CPUs $ALLOWED_LIST; dying, SIGKILL pending: $dying; zombies: $zombies; tagged but not its loads: $others)"
# shellcheck disable=SC2086
procs_wait_gone 30 $dyingids
left=$(procs_left $dyingids)
[ -z "$left" ]
ok $? "the $dying dying at 3 s are gone within 30 s (left: ${left:-none})"
tm_end
diag "kills: $started, real leftovers: $real ($(( ($(now_ms) - t_begin) / 1000 )) s wall)"
done_testing
