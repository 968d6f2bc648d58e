#!/bin/sh
# tests/screen/view.sh: -i with the 384-CPU Zen 4 topology (the project's
# fixture, tests/tools/topofix.sh) renders, scrolls to the last CPU with
# End, and refuses every load action.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! fixture zen4-2s; then
	skip "$FIXTURE_WHY"
	done_testing
	exit
fi
xml=$FIXTURE

check "starts with -i the Zen 4 XML" tm_start "LANG=C.UTF-8 $SMTSCOPE -i $xml"
check "the header says it is a view of another machine" \
    tm_wait 'VIEW ONLY, another machine: zen4-2s.xml'
check "the header has the identity and counts" \
    tm_wait 'AMD EPYC 9654 96-Core Processor +2 packages, 192 cores x 2 threads, SMT on'
check "384 CPUs do not fit a tree: the grid is the default" tm_wait 'grid view'
screen=$(tm_cap)
echo "$screen" | grep -q '^Package 1'
ok $? "the grid shows both packages on one screen"
echo "$screen" | grep -E -q 'L3 32MB +184[^0-9]'
ok $? "and the last core's cell"
tm_keys End
check "End puts the cursor on CPU 383" tm_wait '^CPU 383: core 191, package 1, sibling 191'
tm_keys v
check "v switches to the tree" tm_wait 'tree view'
check "the tree is scrolled to CPU 383" tm_wait 'CPU 383 \['
tm_keys Home
check "Home goes back to CPU 0" tm_wait '^CPU 0: core 0'
check "and scrolls to the top" tm_wait '^Package 0'
tm_keys NPage
check "PgDn moves a page down" tm_wait_not '^CPU 0: core 0'
tm_keys a
check "a is refused with a message" tm_wait 'view only: this is another machine.s topology'
for k in m Space d D c; do
	tm_keys Escape
	tm_wait_not 'view only: this' 2 > /dev/null
	tm_keys "$k"
	tm_wait 'view only: this is another machine.s topology' 2 > /dev/null
	ok $? "$k is refused too"
done
check "no menu opened" tm_wait_not 'Start a load'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
done_testing
