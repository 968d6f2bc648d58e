#!/bin/sh
# tests/screen/tourpace.sh: a presenter who advances a tour every 1 s, then
# every 6 s: each step shows its progress ([###...] measuring a/b s, or
# its state), and ends measured, partial (with how far its window got),
# skipped, or not measured with the reason; --record says the same.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# json_get FILE EXPR: a Python expression over the JSON file j.
json_get() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null
}

if ! need_cpus 2 || ! command -v python3 > /dev/null; then
	skip "$CPUS_WHY, and python3"
	done_testing
	exit
fi

# pace SECONDS: play smt-basics, pressing Space every SECONDS.
pace() {
	s=$1
	tm_end
	TM_SOCK="smtscope-test-tourpace-$s-$$"
	rm -f "$TMP/rec-$s.json"
	: > "$TMP/prog-$s"
	tm_start "LANG=C.UTF-8 $SMTSCOPE tour --step 60 --record $TMP/rec-$s.json smt-basics" ||
	    return 1
	tm_wait 'Step 1 of 5' 5 > /dev/null || return 1
	for step in 1 2 3 4 5; do
		n=$((s * 10))
		while [ "$n" -gt 0 ]; do
			tm_cap | grep -E -o '^ (\[[#.]+\] .*|measuring solo|starting|skipped: .*|measured)$' \
			    >> "$TMP/prog-$s"
			sleep 0.1
			n=$((n - 1))
		done
		tm_keys Space
	done
	tm_wait 'End of the tour' 10 > /dev/null || return 1
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' 5 > /dev/null
}

for s in 1 6; do
	pace $s
	ok $? "every $s s: the tour reaches its end and quits"
	if [ "$s" = 1 ]; then
		grep -E -q '^ (\[[#.]{20}\] .*|starting|measuring solo|skipped: .*)$' "$TMP/prog-$s"
		ok $? "every $s s: a step shows where it is (the window's bar or its state)"
	else
		grep -E -q '^ \[[#.]{20}\] (measuring [0-9.]+/[0-9.]+ s|measured|settling)' \
		    "$TMP/prog-$s"
		ok $? "every $s s: a step shows its window's progress bar"
	fi
	v=$(json_get "$TMP/rec-$s.json" 'all(x["skipped"] or x["measured"] or (x["note"] or "").startswith("not measured: advanced after") for x in j["steps"])')
	[ "$v" = True ]
	ok $? "every $s s: each step measured, skipped, or not measured with why ($v)"
	v=$(json_get "$TMP/rec-$s.json" 'all(not x["partial"] or (x["measured"] and x["note"].startswith("partial: advanced")) for x in j["steps"])')
	[ "$v" = True ]
	ok $? "every $s s: a partial step has its figures and says how far ($v)"
	v=$(json_get "$TMP/rec-$s.json" '" ".join("%d:%s" % (x["step"], "skipped" if x["skipped"] else "partial" if x["partial"] else "measured" if x["measured"] else "not-measured") for x in j["steps"])')
	diag "every $s s: $v"
done
# Left onto a skipped step restarts the load before it: its solo is measured at once.
tm_end
TM_SOCK="smtscope-test-tourpace-left-$$"
check "a tour starts" tm_start "LANG=C.UTF-8 $SMTSCOPE tour --step 60 smt-basics"
check "step 1" tm_wait 'Step 1 of 5' 5
tm_keys Space
check "Space at once: step 2 (skipped here)" tm_wait 'Step 2 of 5' 5
tm_keys Space
check "step 3" tm_wait 'Step 3 of 5' 5
tm_keys Left
check "Left: step 2 again" tm_wait 'Step 2 of 5' 5
check "its restarted load's solo is measured at once" \
    tm_wait '^ hash#[0-9]+ +0 .*(measuring|queued|[0-9.]+ MB/s +~?[0-9.]+ MB/s)' 3
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 5

# Whether a step is measured in full in 6 s depends on how busy the machine
# is (each window ends when its rate is known): on a busy one, none may be,
# and each step has then said why (checked above). A skip says so.
v=$(json_get "$TMP/rec-6.json" 'sum(1 for x in j["steps"] if x["measured"] and not x["partial"])')
if [ "${v:-0}" -ge 1 ]; then
	ok 0 "every 6 s: some step is measured in full ($v)"
else
	why=$(json_get "$TMP/rec-6.json" '"; ".join(sorted(set((x["note"] or "")[:60] for x in j["steps"] if not x["skipped"])))')
	skip "every 6 s: no step measured in full on this machine now (${v:-no record}; the steps say: $why)"
fi
done_testing
