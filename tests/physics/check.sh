# tests/physics/check.sh: `smtscope check`'s speed and yield bands on this
# machine, each run in a quiet window (tests/lib.sh physics).
. tests/lib.sh

# busy FILE: did other work disturb a solo or a cell? PHYSICS_BUSY names it.
busy() {
	PHYSICS_BUSY=$(python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
cells = list(j["solos"].values()) + [c for row in j["results"].values()
    for c in row.values() if c is not None]
out = ["%s (%d)" % (f["comm"], f["pid"]) for c in cells if c["disturbed"]
    for f in c["foreign"][:2]]
if any(c["disturbed"] for c in cells):
    print(", ".join(sorted(set(out))) or "unnamed work")
elif any(c.get("speed_mark") == "?" for c in cells):
    print("a speed past physics: a solo ran on a slower CPU")' "$1" 2> /dev/null)
	[ -n "$PHYSICS_BUSY" ]
}

# The bands: hash sharing one CPU runs at half speed; beside a copy on another
# core it keeps its speed and the two do more than 1.6 times the work.
hash_bands() {
	written "$SMTSCOPE" check --json --time 0.5 --kernels hash > "$TMP/live.json" 2> /dev/null ||
	    return 1
	s=$(jq_py "$TMP/live.json" 'j["results"]["hash"]["same-pu"]["speed_anchor"]')
	rel=$(jq_py "$TMP/live.json" 'next((r for r in ["shared-l2", "shared-l3", "same-package", "other-package"] if j["placements"][r] is not None), "")')
	diag "same-pu speed $s; other core: $rel"
	busy "$TMP/live.json" && return 2
	num_between "$s" 0.35 0.65 || return 1
	[ -n "$rel" ] || return 0
	s=$(jq_py "$TMP/live.json" "j['results']['hash']['$rel']['speed_anchor']")
	y=$(jq_py "$TMP/live.json" "j['results']['hash']['$rel']['yield']")
	diag "$rel: speed $s, yield $y"
	num_between "$s" 0.8 5 && num_between "$y" 1.6 5
}

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 is not installed"
else
	cpus=$(seq -s, 0 $(( $(getconf _NPROCESSORS_ONLN) - 1 )))
	physics "hash: half speed on one CPU; full speed and yield > 1.6 on two cores" \
	    "$cpus" hash_bands
fi
done_testing
