#!/bin/sh
# tests/screen/tour.sh: smt-basics on the live screen, end to end, with short steps.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# attempt: play the tour once; the step titles seen in order go to $TMP/seen.
attempt() {
	tm_end
	: > "$TMP/seen"
	tm_start "$SMTSCOPE tour --step 1.5 --record $TMP/rec.json smt-basics" || return 1
	i=0
	while [ $i -lt 600 ]; do
		tm_cap > "$TMP/pane"
		t=$(grep -o 'Step [0-9] of [0-9]' "$TMP/pane" | head -n 1)
		[ -n "$t" ] && [ "$t" != "$(tail -n 1 "$TMP/seen")" ] && echo "$t" >> "$TMP/seen"
		grep -q 'Step [25] of 5' "$TMP/pane" && grep -q 'skipped: no SMT' "$TMP/pane" &&
		    echo skip >> "$TMP/skips"
		grep -q 'End of the tour' "$TMP/pane" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

: > "$TMP/skips"
attempt
ok $? "the tour reaches its end on the screen"
pid=$(tm_smtscope_pid)
steps=$(tr '\n' ' ' < "$TMP/seen")
[ "$steps" = "Step 1 of 5 Step 2 of 5 Step 3 of 5 Step 4 of 5 Step 5 of 5 " ]
ok $? "the captions appear in order ($steps)"
[ -s "$TMP/skips" ]
ok $? "the sibling steps show the skip note (no SMT here)"
tm_cap > "$TMP/end"
grep -q "#   LOAD   WHERE" "$TMP/end"
ok $? "the summary table stays on the screen"
kids=$(proc_kids "$pid")
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' 5
ok $? "q ends the tour with status 0"
procs_wait_gone 10 $kids
left=$(procs_left $kids)
[ -z "$left" ]
ok $? "no load remains after q (had: ${kids:-none}; left: ${left:-none})"
# The same-CPU step's speeds (a band, about 0.5) are a physics test:
# tests/physics/screen-tour.sh.

# The tour measures with the screen's measurer: the rows say so, and c
# measures again during a tour. Its first load, at core:0.pu:0, is on the
# first CPU this test may use.
tm_end
tm_start "LANG=C.UTF-8 $SMTSCOPE tour --step 30 smt-basics"
check "a tour's new load shows 'measuring solo' on the screen" \
    tm_wait "^ hash#1 +$CPU_A .*measuring solo" 10
check "then its solo rate" tm_wait "^ hash#1 +$CPU_A +[0-9.]+ MB/s +~?[0-9.]+ MB/s" 10
check "the status line offers the tour's keys" tm_wait 'Space next Left back .*\? help q quit'
tm_cap | tail -n 1 | grep -q 'Space pause'
[ $? -ne 0 ]
ok $? "and not Space pause (Space advances a tour)"
tm_keys c
check "c during a tour measures the solo rates again" \
    tm_wait 'measuring solo rates again' 5
check "the row says so" tm_wait "^ hash#1 +$CPU_A .*measuring solo" 5
check "and the solo rate comes back" \
    tm_wait "^ hash#1 +$CPU_A +[0-9.]+ MB/s +~?[0-9.]+ MB/s" 10
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 5
done_testing
