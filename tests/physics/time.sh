# tests/physics/time.sh: `smtscope time`'s ratios on this machine, in bands,
# each run in a quiet window (tests/lib.sh physics).
. tests/lib.sh

LOOP='i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'

# json_get FILE EXPR: print a Python expression over the report `r`.
json_get() {
	python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# A single-threaded loop on all CPUs and on one: about the same wall and user time.
loop_ratios() {
	$SMTSCOPE time --runs 2 --placements all,1 --json -- sh -c "$LOOP" > "$TMP/loop.json" \
	    2> /dev/null || return 1
	wall_all=$(json_get "$TMP/loop.json" 'r["placements"][0]["wall_s"]["median"]')
	wall_one=$(json_get "$TMP/loop.json" 'r["placements"][1]["wall_s"]["median"]')
	user_all=$(json_get "$TMP/loop.json" 'r["placements"][0]["user_s"]["median"]')
	user_one=$(json_get "$TMP/loop.json" 'r["placements"][1]["user_s"]["median"]')
	wr=$(awk -v a="$wall_all" -v b="$wall_one" 'BEGIN { if (a > 0) printf "%.3f", b / a }')
	ur=$(awk -v a="$user_all" -v b="$user_one" 'BEGIN { if (a > 0) printf "%.3f", b / a }')
	diag "wall: all $wall_all s, 1 CPU $wall_one s ($wr); user: $user_all s, $user_one s ($ur)"
	num_between "$wall_all" 0.005 30 && num_between "$wr" 0.7 6 && num_between "$ur" 0.4 2.5
}

if command -v python3 > /dev/null 2>&1; then
	cpus=$(seq -s, 0 $(( $(getconf _NPROCESSORS_ONLN) - 1 )))
	physics "a single-threaded loop: 1 CPU not faster than all, about the same user time" \
	    "$cpus" loop_ratios
else
	skip "python3 not found: cannot read the JSON report"
fi
done_testing
