#!/bin/sh
# tests/screen/exit.sh: however smtscope ends (q, SIGINT, SIGTERM, SIGHUP,
# SIGKILL), no load outlives it; on the clean exits the terminal is restored.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# alive PID...: how many of the processes still exist (zombies count as gone).
alive() {
	_n=0
	for _p; do
		if grep -q '^[0-9]* ([^)]*) [^Z]' "/proc/$_p/stat" 2> /dev/null; then
			_n=$((_n + 1))
		fi
	done
	echo "$_n"
}

# gone_within TENTHS PID...: wait until none of the processes is left.
gone_within() {
	_t=$1
	shift
	while [ "$_t" -gt 0 ]; do
		[ "$(alive "$@")" -eq 0 ] && return 0
		sleep 0.1
		_t=$((_t - 1))
	done
	return 1
}

# run_case HOW: start smtscope with two loads, end it by HOW, check.
run_case() {
	how=$1
	TM_SOCK="smtscope-test-exit-$how-$$"
	tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$CPU_A -l hash@$CPU_A" || return
	tm_wait "^ hash#2 +$CPU_A +[0-9.]+ MB/s" 10 > /dev/null
	pid=$(tm_smtscope_pid)
	loads=$(pgrep -P "$pid" | tr '\n' ' ')
	n=$(echo $loads | wc -w)
	[ "$n" -ge 2 ]
	ok $? "$how: smtscope ($pid) runs its loads as children ($loads)"
	for l in $loads; do
		grep -q '^smtscope:' "/proc/$l/comm" || { n=0; break; }
	done
	[ "$n" -ge 2 ]
	ok $? "$how: the loads are named smtscope:KERNEL"
	case $how in
	q)	tm_keys q ;;
	SIGINT)	tm_keys C-c ;;
	SIGTERM) kill -TERM "$pid" ;;
	SIGHUP)	kill -HUP "$pid" ;;
	SIGKILL) kill -KILL "$pid" ;;
	esac
	# However long a busy machine makes smtscope take to end, no load
	# outlives it: each is gone within 1 s of smtscope.
	gone_within 100 "$pid"
	ok $? "$how: smtscope is gone (within 10 s)"
	gone_within 10 $loads
	ok $? "$how: every load is gone within 1 s of it"
	case $how in
	q)
		tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
		ok $? "q: exit status 0"
		;;
	SIGKILL)
		tm_wait 'SMTSCOPE-EXIT=137' > /dev/null
		ok $? "SIGKILL: the shell saw it killed"
		;;
	*)
		tm_wait 'SMTSCOPE-EXIT=1[0-9][0-9]' > /dev/null
		ok $? "$how: exit status 128+signal"
		;;
	esac
	if [ "$how" != SIGKILL ]; then
		tm_wait 'SMTSCOPE-RAW=0' > /dev/null
		ok $? "$how: the terminal modes are restored (echo, canonical input)"
		tm_cap | grep -q 'LOAD .*CPU .*RATE'
		[ $? -ne 0 ]
		ok $? "$how: the screen is gone (alternate screen left)"
	fi
	tm_end
}

for how in q SIGINT SIGTERM SIGHUP SIGKILL; do
	run_case "$how"
done
done_testing
