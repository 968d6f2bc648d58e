#!/bin/sh
# tests/screen/chart.sh: the time chart where rows are spare: its title,
# the 100% line, each load named at its line's end, events on the time axis,
# the cursor's CPU's busy row; C hides and shows it; ASCII mode draws
# digits, no braille; a floating load gets its strip of CPUs; no chart on
# a view of another machine. (The physics of it: tests/physics/screen-chart.sh.)
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

TM_W=100 TM_H=30
check "starts with a load" tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$CPU_A"
check "the chart's title where the tree leaves rows" tm_wait '^ SPEED against solo, last [0-9]+ s'
check "its 100% line" tm_wait '^100%  ·+'
check "the load named at its line's end with its speed (marked ~ or ? on a disturbed solo)" \
    tm_wait ' spin#1 (~?[0-9]+%|[?])$' 10
check "the start marked on the time axis" tm_wait '^-[0-9]+s .*S.* now$'
check "the cursor's CPU's busy history" tm_wait "^CPU$CPU_A .* busy [0-9]+%\$"
tm_keys C
check "C hides it" tm_wait 'time chart hidden'
tm_wait_not '^ SPEED against solo' > /dev/null
ok $? "the chart is gone"
tm_keys C
check "C shows it again" tm_wait '^ SPEED against solo'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

# fp floats over the allowed CPUs: a strip of them with two.
check "ASCII: starts" tm_start "LANG=C NO_COLOR=1 $SMTSCOPE -l spin@$CPU_A -l fp@$ALLOWED_LIST"
check "ASCII: the 100% line in dots" tm_wait '^100%  \.+'
# Its end label is ~N% or ? where a busy machine disturbed its solo. Its
# row may be a labelled one: at 100% of its solo or more it is the 100% line's.
check "ASCII: load 1's line is its digit" \
    tm_wait '^( {4}|[ 0-9]{3}%)  .*1.* spin#1 (~?[0-9]+%|\?)$|^ {6} *1' 20
if need_cpus 2; then
	check "ASCII: a floating load's strip of CPUs" tm_wait '^#2~ +.*[0-9]+ fp#2 CPU$' 10
else
	skip "ASCII: a floating load's strip: $CPUS_WHY"
fi
tm_cap | LC_ALL=C grep -q '[^ -~]'
[ $? -ne 0 ]
ok $? "ASCII: nothing but ASCII on the screen"
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

check "a view of another machine starts" tm_start \
    "LANG=C.UTF-8 $SMTSCOPE -i 'package:1 core:2 pu:1'"
tm_wait 'q quit' > /dev/null
tm_cap | grep -q 'SPEED against solo'
[ $? -ne 0 ]
ok $? "a view has no chart (no loads)"
tm_keys C
check "C says why" tm_wait 'no chart: this is a view of another machine'
tm_keys q
tm_end

# Three loads whose lines end at one height: each is still named at the right.
if need_cpus 2; then
	TM_W=100 TM_H=24 TM_SOCK="smtscope-test-chart-three-$$"
	check "three loads at 100x24 start" tm_start \
	    "LANG=C.UTF-8 $SMTSCOPE -l hash@$CPU_A -l hash@$CPU_A -l fp@$CPU_B"
	tm_wait '^-[0-9]+s .* now$' 30 > /dev/null
	for n in hash#1 hash#2 fp#3; do
		tm_wait " $n (~?[0-9]+%|[?]) *\$" 10 > /dev/null || missing="$missing $n"
	done
	[ -z "$missing" ]
	ok $? "each load is named at its line's end (missing:${missing:- none})"
	tm_keys q
	tm_end
else
	skip "three loads: $CPUS_WHY"
fi
done_testing
