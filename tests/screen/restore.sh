#!/bin/sh
# tests/screen/restore.sh: the terminal is given back as it was after every
# way out (q, F10, Ctrl-C, Ctrl-\, SIGTERM, SIGHUP, SIGSEGV, SIGABRT, SIGBUS); Ctrl-S does not freeze the
# screen; a live screen killed at any moment of its start leaves no load.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# gone PID...: none of these processes is left (zombies count as gone).
gone() {
	for _p; do
		grep -q '^[0-9]* ([^)]*) [^Z]' "/proc/$_p/stat" 2> /dev/null && return 1
	done
	return 0
}

# restore_case HOW: stty -g before and after must agree; the pane must have
# left the alternate screen with the cursor shown and mouse reporting off.
restore_case() {
	how=$1
	TM_SOCK="smtscope-test-restore-$how-$$"
	tm_start "stty -g > '$TMP/before-$how'; LANG=C.UTF-8 $SMTSCOPE -l spin@$CPU_A; \
	    stty -g > '$TMP/after-$how'" || return
	tm_wait '^ spin#1 ' 10 > /dev/null
	pid=$(tm_smtscope_pid)
	kids=$(pgrep -P "$pid" | tr '\n' ' ')
	case $how in
	q)	tm_keys q ;;
	F10)	tm_keys F10 ;;
	SIGINT)	tm_keys C-c ;;
	SIGQUIT) tm_keys 'C-\' ;;
	*)	kill -s "${how#SIG}" "$pid" ;;
	esac
	tm_wait 'SMTSCOPE-EXIT=' 10 > /dev/null
	n=0
	while [ ! -s "$TMP/after-$how" ] && [ $n -lt 50 ]; do sleep 0.05; n=$((n + 1)); done
	cmp -s "$TMP/before-$how" "$TMP/after-$how"
	ok $? "$how: stty -g is the same before and after"
	flags=$(tm display-message -p '#{alternate_on} #{cursor_flag} #{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}')
	[ "$flags" = "0 1 000" ]
	ok $? "$how: alternate screen left, cursor shown, mouse off ($flags)"
	n=0
	while ! gone $kids && [ $n -lt 20 ]; do sleep 0.05; n=$((n + 1)); done
	gone $kids && [ -n "$kids" ]
	ok $? "$how: no load left ($kids)"
	tm_end
}

for how in q F10 SIGINT SIGQUIT SIGTERM SIGHUP SIGSEGV SIGABRT SIGBUS; do
	restore_case "$how"
done

# Ctrl-S: output keeps flowing (IXON off), and q still quits at once.
TM_SOCK="smtscope-test-restore-xoff-$$"
if tm_start "LANG=C.UTF-8 $SMTSCOPE -d 2 -l spin@$CPU_A"; then
	tm_wait '^ spin#1 ' 10 > /dev/null
	tm_keys C-s
	a=$(tm_cap | grep '^ spin#1' | head -n 1)
	sleep 1.5
	b=$(tm_cap | grep '^ spin#1' | head -n 1)
	pid=$(tm_smtscope_pid)
	st=$(awk '{ print $3 }' "/proc/$pid/stat" 2> /dev/null)
	[ "$a" != "$b" ]
	ok $? "after Ctrl-S the screen still refreshes"
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' 5 > /dev/null
	ok $? "after Ctrl-S, q quits (state was $st)"
	tm_end
fi

# SIGKILL at any moment of the start, loads given with -l: none may be left.
# (A load stopped at birth, before it armed its parent-death signal and
# before it took its name, used to stay forever.)
left=0
tries=0
for delay in 0.05 0.1 0.15 0.2 0.3 0.4 0.5 0.7 1.0 1.5; do
	TM_SOCK="smtscope-test-restore-kill-$$"
	tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@$CPU_A -l hash@$CPU_A -l pipe@$CPU_A,${CPU_B:-$CPU_A} -l int@${CPU_B:-$CPU_A}" || break
	n=0
	while [ -z "$(tm_smtscope_pid)" ] && [ $n -lt 100 ]; do sleep 0.01; n=$((n + 1)); done
	pid=$(tm_smtscope_pid)
	sleep "$delay"
	kids=$(pgrep -P "$pid" | tr '\n' ' ')
	kill -KILL "$pid" 2> /dev/null
	tries=$((tries + 1))
	n=0
	while [ $n -lt 20 ]; do
		l=0
		for k in $kids; do
			grep -q '^[0-9]* ([^)]*) [^Z]' "/proc/$k/stat" 2> /dev/null && l=$((l + 1))
		done
		[ "$l" -eq 0 ] && break
		sleep 0.05
		n=$((n + 1))
	done
	if [ "$l" -gt 0 ]; then
		diag "after SIGKILL at $delay s: $l of the load processes $kids left"
		kill -KILL $kids 2> /dev/null
		left=$((left + l))
	fi
	tm_end
done
[ "$left" -eq 0 ] && [ "$tries" -eq 10 ]
ok $? "SIGKILL of the live screen 0.05-1.5 s after start, $tries tries: $left load(s) left"
done_testing
