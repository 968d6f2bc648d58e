#!/bin/sh
# tests/screen/exit.sh: however smtscope ends (q, SIGINT, SIGTERM, SIGHUP,
# SIGKILL), no load outlives it; on the clean exits the terminal is restored.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# gone_within TENTHS ID...: wait until none of the processes (identities:
# tests/lib.sh's proc_id) is left; zombies count as gone.
gone_within() {
	_t=$1
	shift
	while [ "$_t" -gt 0 ]; do
		procs_gone "$@" && return 0
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
	loads=$(proc_kids "$pid")
	n=$(echo $loads | wc -w)
	[ "$n" -ge 2 ]
	ok $? "$how: smtscope ($pid) runs its loads as children ($loads)"
	for l in $loads; do
		grep -q '^smtscope:' "/proc/${l%%:*}/comm" || { n=0; break; }
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
	# outlives it. A load killed but not yet run again (SIGKILL pending,
	# its CPU busy: a fork storm delays it by seconds) goes when it runs.
	sid=$(proc_id "$pid")
	gone_within 100 $sid
	ok $? "$how: smtscope is gone (within 10 s; left: $(procs_left $sid || echo none))"
	gone_within 100 $loads
	ok $? "$how: every load is gone within 10 s of it (left: $(procs_left $loads || echo none))"
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
