#!/bin/sh
# tests/screen/fuzz.sh: key presses at odd moments (menu open, prompt open,
# choosing a CPU, a load dying, the terminal resizing) never crash the
# screen; afterwards q still exits cleanly and no load is left.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

check "starts with two loads" tm_start "LANG=C.UTF-8 $SMTSCOPE -d 1 -l spin@$CPU_A -l hash@all"
check "the screen is up" tm_wait '^ spin#1 '
pid=$(tm_smtscope_pid)

# Every key but the quitting ones, as tmux names them.
keys="a m d D c t v n Tab Enter Escape Space BSpace Up Down Left Right PPage NPage
Home End F1 ? h j k l g G x 1 2 3 4 5 6 7 8 9 0 s p e @ : , - DC IC BTab C-l"
set -- $keys
nkeys=$#
seed=${SMTSCOPE_FUZZ_SEED:-4242}
i=0
while [ "$i" -lt 400 ]; do
	seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
	n=$(( seed / 65536 % nkeys + 1 ))
	eval "k=\${$n}"
	tm_keys "$k"
	case $((i % 50)) in
	10) tm resize-window -x 40 -y 10 ;;
	11) tm resize-window -x 120 -y 40 ;;
	25) l=$(pgrep -P "$pid" | head -n 1)	# a child of the live screen now
	    [ -n "$l" ] && kill -KILL "$l" ;;	# a load dies under the screen
	35) tm resize-window -x 61 -y 13 ;;
	36) tm resize-window -x 120 -y 40 ;;
	esac
	i=$((i + 1))
done
kill -0 "$pid" 2> /dev/null
ok $? "smtscope survived 400 random keys, resizes and dying loads"
tm_keys Escape Escape Escape Escape
tm_wait_not 'Start a load|: parameter|smtscope keys' > /dev/null
loads=$(proc_kids "$pid")
tm_keys Escape q
check "q still exits with status 0" tm_wait 'SMTSCOPE-EXIT=0' 5
if [ -z "$pid" ]; then
	skip "no load is left: the screen's pid was not found, so its loads cannot be named"
else
	procs_wait_gone 10 $loads
	left=$(procs_left $loads)
	[ -z "$left" ]
	ok $? "no load is left (had: ${loads:-none}; left:${left:- none})"
fi
done_testing
