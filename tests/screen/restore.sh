#!/bin/sh
# tests/screen/restore.sh: the terminal is given back as it was after every
# way out (q, F10, Ctrl-C, Ctrl-\, SIGTERM, SIGHUP, SIGSEGV, SIGABRT, SIGBUS, and
# PIPE, USR1, ALRM sent from outside); Ctrl-S does not freeze the
# screen. (A screen killed by SIGKILL at any moment: tests/screen/kill.sh.)
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# restore_case HOW: stty -g before and after must agree; the pane must have
# left the alternate screen with the cursor shown and mouse reporting off.
restore_case() {
	how=$1
	TM_SOCK="smtscope-test-restore-$how-$$"
	tm_start "stty -g > '$TMP/before-$how'; LANG=C.UTF-8 $SMTSCOPE -l spin@$CPU_A; \
	    stty -g > '$TMP/after-$how'" || return
	tm_wait '^ spin#1 ' 10 > /dev/null
	pid=$(tm_smtscope_pid)
	kids=$(proc_kids "$pid")
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
	saw="same"
	cmp -s "$TMP/before-$how" "$TMP/after-$how" ||
	    saw="before: $(cat "$TMP/before-$how" 2> /dev/null); after: $(cat "$TMP/after-$how" 2> /dev/null)"
	[ "$saw" = same ]
	ok $? "$how: stty -g is the same before and after ($saw)"
	flags=$(tm display-message -p '#{alternate_on} #{cursor_flag} #{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}')
	[ "$flags" = "0 1 000" ]
	ok $? "$how: alternate screen left, cursor shown, mouse off ($flags)"
	# The loads by identity (pid and start time): a pid alone may name
	# another process by then. One killed but not yet run (SIGKILL
	# pending, the CPU busy) may take seconds to go: it counts once gone.
	procs_wait_gone 10 $kids
	left=$(procs_left $kids)
	[ -z "$left" ] && [ -n "$kids" ]
	ok $? "$how: no load left (loads were: ${kids:-none}; left: ${left:-none})"
	tm_end
}

for how in q F10 SIGINT SIGQUIT SIGTERM SIGHUP SIGSEGV SIGABRT SIGBUS SIGPIPE SIGUSR1 SIGALRM; do
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

done_testing
