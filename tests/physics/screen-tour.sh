#!/bin/sh
# tests/physics/screen-tour.sh: smt-basics on the live screen, the band of
# its measured step (make check-live): with both loads on one logical CPU,
# each runs at about half its solo speed (35% to 65%). Waits for a quiet
# window on CPUs 0 and 1, tries once more in a new one (tests/lib.sh physics).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

HOG=
trap '[ -n "$HOG" ] && kill "$HOG" 2> /dev/null; tm_end; rm -rf "$TMP"' EXIT

# hogged: play the tour with a hog pinned to CPU 0 all along: the first
# step's solo on CPU 0 is marked disturbed and names the hog, never a
# silently low solo (the screen gives the player others' work).
hogged() {
	tm_end
	rm -f "$TMP/hog.json"
	taskset -c 0 tests/helpers/hog 60 &
	HOG=$!
	tm_start "$SMTSCOPE tour --step 1.5 --record $TMP/hog.json smt-basics" || return 1
	tm_wait 'End of the tour' 60 > /dev/null
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' 5 > /dev/null
	tm_end
	kill "$HOG" 2> /dev/null
	wait "$HOG" 2> /dev/null
	HOG=
	got=$(python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
l = j["steps"][0]["loads"][0]
print(l["spec"], l["solo_disturbed"], ",".join(w["comm"] for w in l["solo_foreign"]))' "$TMP/hog.json" 2> /dev/null)
	diag "the first step's load under the hog: ${got:-no record}"
	case $got in
	*@0\ True\ *smtscope-hog*) return 0 ;;
	esac
	return 1
}

# same_cpu: play the tour; the same-CPU step's speeds, from its record, in the band.
same_cpu() {
	tm_end
	rm -f "$TMP/rec.json"
	tm_start "$SMTSCOPE tour --step 1.5 --record $TMP/rec.json smt-basics" || return 1
	tm_wait 'End of the tour' 60 > /dev/null || { tm_end; return 1; }
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' 5 > /dev/null
	tm_end
	speeds=$(python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
s = [st for st in j["steps"] if st.get("title", "").startswith("Both on one")][0]
print(" ".join("%.2f" % l["speed"] for l in s["loads"]))' "$TMP/rec.json" 2> /dev/null)
	diag "the same-CPU step's speeds: ${speeds:-none}"
	[ -n "$speeds" ] || return 1
	for s in $speeds; do
		num_between "$s" 0.35 0.65 || return 1
	done
	return 0
}

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 reads the tour's record"
else
	physics "the same-CPU step shows speeds between 35% and 65%" 0,1 same_cpu
	if [ -x tests/helpers/hog ] && command -v taskset > /dev/null 2>&1; then
		physics "a hog on CPU 0: the screen's tour marks the solo and names it" 0,1 hogged
	else
		skip "needs tests/helpers/hog (make check builds it) and taskset"
	fi
fi
done_testing
