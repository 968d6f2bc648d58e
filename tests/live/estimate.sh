#!/bin/sh
# tests/live/estimate.sh: the commands that measure say how long from the
# plan they run, and end with the time they took (issue 24). No time is
# held to a band here (the machine is shared): that an estimate holds what
# its plan holds, that the end says the time taken against it, and that the
# JSON carries both. The bands are make bench's (tests/bench/check-time.sh).
. tests/lib.sh

# The default check's plan: its estimate holds its windows (runs x window).
"$SMTSCOPE" check --wide --dry-run > "$TMP/plan.txt" 2>&1
v=$(sed -n 's/^\([0-9]*\) runs of \([0-9.]*\) s or less each, about \([0-9.]*\) s.*/\1 \2 \3/p' \
    "$TMP/plan.txt")
set -- $v
[ $# -eq 3 ] && awk -v n="$1" -v s="$2" -v e="$3" 'BEGIN { exit !(e + 0.5 >= n * s) }'
ok $? "check --dry-run: about E s holds its runs' windows ($v)"

# check --idle sizes its own windows: its estimate follows them and holds them.
"$SMTSCOPE" check --wide --idle --dry-run > "$TMP/idle.txt" 2>&1
w=$(sed -n 's/^  windows   \([0-9]*\) of \([0-9.]*\) s or less.*/\1 \2/p' "$TMP/idle.txt")
e=$(sed -n 's/^  estimate  about \([0-9.]*\) s.*/\1/p' "$TMP/idle.txt")
if [ -n "$w" ]; then
	set -- $w
	[ -n "$e" ] && awk -v n="$1" -v s="$2" -v e="$e" 'BEGIN { exit !(e + 0.5 >= n * s) }'
	ok $? "check --idle --dry-run: an estimate after its windows, holding them ($w: $e s)"
else
	skip "check --idle plans no windows here: $(grep -A1 '^Idle' "$TMP/idle.txt" | tail -n 1)"
fi

# A short check ends with the time it took against what was planned (under
# --time, windows that may end early, a bound its plan says too), then the
# verdict line.
"$SMTSCOPE" check --wide --kernels spin --time 0.2 > "$TMP/c.txt" 2> /dev/null
st=$?
took=$(tail -n 2 "$TMP/c.txt" | head -n 1)
[ $st -eq 0 ] && printf '%s\n' "$took" |
    grep -E -q '^The check took [0-9.]+ m?s(, not [0-9.]+ m?s: .+| \((at most )?about [0-9.]+ s planned\))\.$' &&
    grep -E -q '^[0-9]+ runs of 0\.20 s or less each, at most about [0-9.]+ s' "$TMP/c.txt" &&
    tail -n 1 "$TMP/c.txt" | grep -q '^SMT yield: '
ok $? "check ends with the time it took, against the plan, with why when past it, then the verdict ($took | $(tail -n 1 "$TMP/c.txt"))"

"$SMTSCOPE" run --wide --time 0.3 "spin@$CPU_A" > "$TMP/r.txt" 2> /dev/null
st=$?
last=$(tail -n 1 "$TMP/r.txt")
[ $st -eq 0 ] && printf '%s\n' "$last" |
    grep -E -q '^The run took [0-9.]+ m?s(, not [0-9.]+ m?s: .+| \((at most )?about [0-9.]+ s planned\))\.$'
ok $? "run ends with the time it took, against the plan ($last)"

if [ $have_python -eq 1 ]; then
	"$SMTSCOPE" run --json --time 0.3 "spin@$CPU_A" > "$TMP/r.json" 2> /dev/null
	v=$(python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
print(j["estimate_s"] > 0.3 and j["took_s"] > 0.3 and j["took"].startswith("took "))' \
	    "$TMP/r.json" 2>&1)
	[ "$v" = True ]
	ok $? "run --json: estimate_s and took_s past the window, took in words ($v)"
else
	skip "python3 reads the JSON"
fi

done_testing
