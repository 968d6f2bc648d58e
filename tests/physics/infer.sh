#!/bin/sh
# tests/physics/infer.sh: `check --infer` classifies from its measurements
# alone (make check-live): the pair 0:0 (the classifier is not told the
# CPUs are equal) behaves as the same logical CPU, clearly; the pair 0:1
# gets a class with its evidence; the run takes under 30 s. Each waits for
# a quiet window on CPUs 0 and 1 and tries once more (tests/lib.sh physics).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

# pairs: run the two pairs; 0:0 same-pu and clear, 0:1 classified, in 30 s.
pairs() {
	start=$(date +%s)
	written "$SMTSCOPE" check --infer=0:0,0:1 --json > "$TMP/inf.json" 2> "$TMP/inf.err" ||
	    return 1
	el=$(( $(date +%s) - start ))
	got=$(python3 -c 'import json,sys
p = json.load(open(sys.argv[1]))["infer"]["pairs"]
print(p[0]["measured"], p[0]["confidence"], p[1]["measured"], p[1]["confidence"],
      p[1]["disturbed"] or p[0]["disturbed"])
for q in p: print("#", q["a"], q["b"], q["measured"], q["why"])' "$TMP/inf.json")
	diag "in $el s: $got"
	case $got in
	*True*) PHYSICS_BUSY="others' work during the run"; return 2 ;;
	"same-pu clear "*) [ "$el" -lt 30 ] ;;
	# The classifier says when repeats disagree because the host moved this
	# guest's virtual CPUs: no call to judge, a window to wait out.
	"same-pu unclear "*"the host appears to move"*)
		PHYSICS_BUSY="the host moved this guest's virtual CPUs during the run"
		return 2 ;;
	*) return 1 ;;
	esac
}

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 reads the JSON"
else
	physics "check --infer: 0:0 behaves as one logical CPU, 0:1 classified, under 30 s" \
	    0,1 pairs
fi
done_testing
