#!/bin/sh
# tests/screen/c2c.sh: the core-to-core latency view (L, -v c2c): measured
# here in the background and filled in, the cursor's row marked, back to
# the tree and again, its child stopped on quit; on a view of another
# machine, the plan only; a tiny terminal says so.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

$SMTSCOPE -v nosuch > "$TMP/out" 2> "$TMP/err" < /dev/null
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q "^smtscope: -v: 'nosuch'" "$TMP/err"
ok $? "-v with an unknown view: exit 2, one line (rc $rc: $(cat "$TMP/err"))"

# The plan of another machine: relations, no measurement.
check "starts with -i and -v c2c" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE -i 'package:2 core:2 pu:2' -v c2c"
check "the view says it is the plan only" \
    tm_wait 'plan only: 28 pairs of 8 CPUs \(another machine'
check "the cursor's row (CPU 0): same CPU, its sibling, its package, the other" \
    tm_wait '^>0 +- +s +p +p +o +o +o +o *$'
check "the legend names the relations" tm_wait 's smt-sibling +2 shared-l2'
tm_keys j
check "j moves the cursor's row to CPU 1 (its sibling is CPU 1 in logical order)" \
    tm_wait '^>1 +s +- +p +p'
tm_keys L
check "L goes back to the tree" tm_wait 'VIEW ONLY'
tm_keys L
check "L shows the view again" tm_wait 'plan only: 28 pairs'
tm resize-window -x 20 -y 6 2> /dev/null
check "a tiny terminal: no crash, a message" tm_wait 'too small|L back'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

if ! need_cpus 2; then
	skip "no pair to measure: $CPUS_WHY"
	done_testing
	exit 0
fi
A=$CPU_A B=$CPU_B
# Here: measured in the background, filled in as it comes.
check "starts with -v c2c" tm_start "LANG=C.UTF-8 $SMTSCOPE -v c2c"
check "the view comes up" tm_wait 'Core-to-core latency, one way'
check "the pair is measured (progress line)" tm_wait 'measured [0-9]+ of [0-9]+ pairs' 30
check "the cursor's row: same CPU not measured, the cross pair a figure" \
    tm_wait "^>$A +- +~?[0-9.]+ *\$"
check "the summary by class" tm_wait 'median [0-9.]+ ns'
tm_keys j
check "j marks CPU $B's row" tm_wait "^>$B +~?[0-9.]+ +- *\$"
tm_keys L
check "L shows the tree, with the cursor on CPU $B" tm_wait 'tree view'
tm_keys L
check "the figures are kept" tm_wait 'measured [0-9]+ of [0-9]+ pairs'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

# A long pair: the child measuring at nice 19 is stopped on quit.
check "starts with long pairs" tm_start "SMTSCOPE_C2C_TRIPS=1000000 $SMTSCOPE -v c2c"
check "it measures in the background" tm_wait 'measuring in the background \(nice 19\)'
pid=$(tm_smtscope_pid)
child=$(pgrep -P "$pid" 2> /dev/null | head -n 1)
[ -n "$child" ] && [ "$(ps -o ni= -p "$child" | tr -d ' ')" = 19 ]
ok $? "the child ($child) runs at nice 19"
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
n=0
while [ -n "$child" ] && kill -0 "$child" 2> /dev/null && [ $n -lt 20 ]; do
	sleep 0.1
	n=$((n + 1))
done
[ -n "$child" ] && ! kill -0 "$child" 2> /dev/null
ok $? "the measuring child is gone after quit"
done_testing
