#!/bin/sh
# tests/screen/tree.sh: the live tree shows every CPU of this machine, the
# header, the loads panel and the status line; help lists every key.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

ncpu=$(getconf _NPROCESSORS_ONLN)
check "starts in tmux" tm_start "LANG=C.UTF-8 $SMTSCOPE"
check "the status line shows the keys" tm_wait 'q quit'
screen=$(tm_cap)
echo "$screen" | grep -E -q '^smtscope: .*package.*cores? x [0-9]+ threads?, (SMT |no SMT)'
ok $? "the header names the CPU, the counts and the SMT state"
echo "$screen" | grep -q 'refresh 1.0 s, 0 loads running'
ok $? "the header shows the refresh interval and the loads"
echo "$screen" | grep -q '^Package 0'
ok $? "the tree starts at package 0"
i=0 missing=
while [ "$i" -lt "$ncpu" ] && [ "$i" -lt 16 ]; do
	echo "$screen" | grep -E -q "CPU +$i \\[" || missing="$missing $i"
	i=$((i + 1))
done
[ -z "$missing" ]
ok $? "the tree shows a row with a bar for each CPU (missing:${missing:- none})"
echo "$screen" | grep -E -q 'CPU +0 \[.*\] +[0-9]+\.[0-9]%'
ok $? "a CPU row has a percentage"
echo "$screen" | grep -q ' LOAD .*CPU .*RATE .*SOLO .*SPEED .*SHARE .*EFF'
ok $? "the loads panel has its titles"
# The cursor starts on the first CPU this process may use.
echo "$screen" | grep -q "^CPU $CPU_A: core "
ok $? "the info line describes the cursor's CPU, the first allowed one ($CPU_A)"

if [ "$ncpu" -ge 2 ] && [ "$CPU_A" -lt $((ncpu - 1)) ]; then
	tm_keys j
	check "j moves the cursor to the next CPU" tm_wait "^CPU $((CPU_A + 1)): core"
	tm_keys k
	check "k moves it back" tm_wait "^CPU $CPU_A: core"
else
	skip_n 2 "j and k: no CPU after CPU $CPU_A"
fi

tm_keys '?'
check "? opens the help" tm_wait 'smtscope help'
check "its definitions come first" tm_wait '│ SPEED +the load.s rate / its solo rate'
# Every page, as the user reads it: PgDn until the box says it is the end.
screen=$(tm_cap)
n=0
while ! tm_cap | grep -q 'the end' && [ $n -lt 20 ]; do
	tm_keys NPage
	sleep 0.3
	screen="$screen
$(tm_cap)"
	n=$((n + 1))
done
for k in 'Arrows, h j k l' 'PgUp PgDn Home End' 'a or Enter' ' m  *move the load' 'Space' \
    'd or Delete' ' D  *stop all loads' ' c ' ' v ' ' t ' '? or F1' 'q or F10' 'Mouse' \
    'SHARE ' 'EFF ' '~ before' '~ after'; do
	echo "$screen" | grep -q -- "$k" || { missing="$missing [$k]"; }
done
[ -z "$missing" ]
ok $? "the help, paged, has every key and every term (missing:${missing:- none})"
tm_keys Home
check "Home goes back to its first line" tm_wait ' lines 1-[0-9]+ of [0-9]+ '
tm_keys x
check "any other key closes the help" tm_wait_not 'smtscope help'

tm_keys v
check "v switches to the grid" tm_wait 'grid view'
tm_keys v
check "v switches back to the tree" tm_wait 'tree view'
tm_keys t
check "t cycles the theme" tm_wait 'theme (light|mono)'

tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
check "the terminal modes are restored" tm_wait 'SMTSCOPE-RAW=0'
# A core's own caches (issue 36, point 9): a row "each core: L2 + L1d +
# L1i" above the cores that have them, in lstopo's order; the info line
# names the cursor's core's; ? says what the row is.
tm_end
check "a view with L2, L1d and L1i per core starts" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE -n -v tree -i 'package:1 l3:1 l2:4 l1d:1 l1i:1 core:1 pu:2'"
check "its status line is up" tm_wait 'q quit'
screen=$(tm_cap)
echo "$screen" | grep -E -q '^  ├─each core: L2 4MB \+ L1d 32KB \+ L1i 32KB$'
ok $? "the tree has the cores' own caches above them, under the L3"
[ "$(echo "$screen" | grep -c 'each core:')" -eq 1 ]
ok $? "once for the four cores that share them"
echo "$screen" | grep -q '^CPU 0: core 0, package 0, sibling 1, L2 4MB + L1d 32KB + L1i 32KB'
ok $? "the info line names the cursor's core's caches"
tm_keys '?'
check "? explains the row" tm_wait_pages "each core: +a core's own caches"
tm_keys Escape q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
done_testing
