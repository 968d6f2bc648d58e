#!/bin/sh
# tests/cli/words.sh: the sentences of issue 37 that did not add up, each
# held: a time with its unit that never rounds to 0, no spread over one
# pair, a CPU list in the singular, compare's SMT words and one machine,
# a run's waits for quiet windows.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

# c2c here: "took 0.0 s, not 0.0" had no unit and a plan rounded to 0;
# "shared-l3 1 1 28.8 ns ±0.0%" was a spread over one pair.
# c2c measures pairs: with one CPU allowed (taskset -c 0) it refuses.
if need_cpus 2; then
	$SMTSCOPE c2c > "$TMP/c2c" 2> "$TMP/err" < /dev/null
	rc=$?
	took=$(grep '^The measurement took' "$TMP/c2c")
	[ $rc -eq 0 ] && [ -n "$took" ] && ! echo "$took" | grep -q '0\.0 s\|not [0-9.]*[.:]' &&
	    echo "$took" | grep -E -q 'took ([0-9.]+ m?s|under 1 ms)( \(|, not ([0-9.]+ m?s|under 1 ms))'
	ok $? "c2c: the time taken and the plan each with a unit, none 0.0 s (rc $rc: $took)"
	awk '$2 == 1 && /±/' "$TMP/c2c" > "$TMP/one"
	[ ! -s "$TMP/one" ]
	ok $? "c2c: no spread over one pair ($(head -n 1 "$TMP/one"))"
else
	skip_n 2 "c2c: $CPUS_WHY"
fi

# A process allowed one CPU: "only on CPUs 0".
if command -v taskset > /dev/null 2>&1 && [ "$(nproc --all)" -gt 1 ]; then
	taskset -c 0 $SMTSCOPE check --dry-run > "$TMP/plan" 2>&1 < /dev/null
	grep -q 'only on CPU 0 (' "$TMP/plan" && ! grep -q 'only on CPUs 0 (' "$TMP/plan"
	ok $? "one CPU allowed: 'CPU 0', singular ($(grep 'only on' "$TMP/plan"))"
else
	skip "taskset or a second CPU missing"
fi

# compare: the kernel's "notsupported" in every other command's words, and
# one machine is not "most".
$SMTSCOPE compare tests/data/compare/ > "$TMP/cmp" 2>&1
! grep -q 'control notsupported' "$TMP/cmp" && grep -q 'SMT not supported' "$TMP/cmp"
ok $? "compare: 'SMT not supported', not 'control notsupported'"
$SMTSCOPE compare tests/data/compare/a.json > "$TMP/one" 2>&1
grep -q '^  1 machine; it has$' "$TMP/one" && ! grep -q '1 machine; most' "$TMP/one"
ok $? "compare of one machine: 'it has', not 'most have'"

# check --scheduler's plan: "at most about 3 s (1.2 s of windows, 2.0 s of
# waiting, 0.3 s of reading)": the parts summed to 3.5.
$SMTSCOPE check --wide --dry-run --scheduler --kernels hash --time 0.2 > "$TMP/sched" 2>&1
line=$(grep ' runs of ' "$TMP/sched")
if echo "$line" | grep -q '('; then
	echo "$line" | awk '{
		w = $0; sub(/^.*about /, "", w); whole = w + 0
		p = $0; sub(/^[^(]*\(/, "", p); n = split(p, a, ", "); s = 0
		for (i = 1; i <= n; i++) s += a[i] + 0
		exit !(s > whole - 0.05 && s < whole + 0.05) }'
	ok $? "check --scheduler --dry-run: the plan's parts sum to its whole ($line)"
else
	echo "$line" | grep -q ' about [0-9.]* s$'
	ok $? "check --scheduler --dry-run: a plan of windows alone ($line)"
fi

# run --time 0.05 hash@0: "took 1.1 s, not 0.1: 1.0 s more in its windows
# and starts": the solos' waits for a quiet window went uncounted. A hog on
# the load's CPU keeps every solo disturbed and its core never quiet.
if command -v taskset > /dev/null 2>&1; then
	taskset -c "$CPU_A" sh -c 'while :; do :; done' &
	hog=$!
	$SMTSCOPE run --time 0.05 "hash@$CPU_A" > "$TMP/run" 2>&1 < /dev/null
	rc=$?
	kill "$hog" 2> /dev/null
	wait "$hog" 2> /dev/null
	took=$(sed -n '/^The run took/,$p' "$TMP/run" | tr '\n' ' ')
	[ $rc -eq 0 ] && echo "$took" | grep -E -q 'waited [0-9.]+ m?s for quiet' &&
	    ! echo "$took" | grep -q 'windows and starts'
	ok $? "run beside a hog: its waits for quiet windows said (rc $rc: $took)"
	plan=$(grep -o 'the plan: about [0-9.]* m\{0,1\}s' "$TMP/run")
	[ -n "$plan" ] && ! echo "$plan" | grep -q 'about 0 s'
	ok $? "run --time 0.05: a plan with its unit, not 'about 0 s' ($plan)"
else
	skip_n 2 "taskset missing"
fi

# time --runs 1 -- false: "The runs took 0.0 s (about 0.0 s planned)".
$SMTSCOPE time --runs 1 -- false > "$TMP/time" 2>&1 < /dev/null
took=$(grep '^The runs took' "$TMP/time")
t='([0-9.]+ m?s|under 1 ms)'
echo "$took" | grep -E -q "took $t( \\(about $t planned\\)|, not $t)" &&
    ! echo "$took" | grep -q ' 0\.0 s'
ok $? "time of a short command: each time with its unit, none 0.0 s ($took)"

# replay --summary of 6 refreshes a second apart, give or take: sixths
# were "0-16%, 16-33%", windows "6.1-7.1" then "7.8-8.8" then "8.1-9.1".
{
	head -n 4 tests/data/record/small.jsonl
	awk 'BEGIN { t = 5.7; for (i = 0; i < 6; i++) { t += (i % 3 == 1) ? 1.3 : 0.85
		printf "{\"t\":%.2f,\"c\":[34,0,66,0,0,28],\"l\":[[1,\"r\",6.9e+06,0.17,2.01e+07]]}\n", t } }'
	echo '{"t":20.0,"e":"stop","id":1}'
	echo '{"t":20.0,"e":"end","why":"time"}'
} > "$TMP/six.jsonl"
$SMTSCOPE replay --summary "$TMP/six.jsonl" > "$TMP/sum" 2>&1
parts=$(awk '$1 == "#1" { printf "%s ", $3 }' "$TMP/sum")
[ "$parts" = "0-17% 17-33% 33-50% 50-67% 67-83% 83-100% " ]
ok $? "replay --summary: sixths rounded ($parts)"
awk '$1 == "#1" { if (n++ && $4 != to) bad = 1; to = $5 } END { exit bad || n != 6 }' "$TMP/sum"
ok $? "replay --summary: each part starts where the one before ended ($(awk '$1 == "#1" { printf "%s-%s ", $4, $5 }' "$TMP/sum"))"

done_testing
