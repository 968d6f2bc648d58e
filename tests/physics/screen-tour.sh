#!/bin/sh
# tests/physics/screen-tour.sh: smt-basics on the live screen, the band of
# its measured step (make check-live): with both loads on one logical CPU,
# each runs at about half its solo speed (35% to 65%). Waits for a quiet
# window on CPUs 0 and 1, tries once more in a new one (tests/lib.sh physics).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

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
fi
done_testing
