#!/bin/sh
# tests/physics/c2c.sh: core-to-core latency between CPUs 0 and 1 here, in a
# wide physical band (2 ns to 10 us one way), by compare-and-swap and by
# store/load, each in a quiet window (tests/lib.sh physics). A pair that
# smtscope marks disturbed counts as the machine's noise. The floor is a
# line passed within one core: a hypervisor may run two virtual CPUs on one
# host core's SMT siblings (CAS here read 7.9 ns one way in one CI run, 25
# ns in the next), so 10 ns, a line crossing cores, is no floor for a guest.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

# lat MODE: one c2c run of the pair; 0 in band, 1 out, 2 disturbed.
lat() {
	$SMTSCOPE c2c --cpus 0,1 --mode "$1" --json > "$TMP/c2c.json" 2> "$TMP/err" ||
	    { diag "rc $?: $(cat "$TMP/err")"; return 1; }
	set -- $(python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))["pairs"][0]
print(p["ns"] if p["ns"] is not None else "none", p["status"].split(":")[0])' "$TMP/c2c.json")
	diag "one way: $1 ns ($2)"
	if [ "$2" = disturbed ]; then
		PHYSICS_BUSY=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["pairs"][0]["status"])' "$TMP/c2c.json")
		return 2
	fi
	num_between "$1" 2 10000
}

if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	skip "one CPU here: no pair"
elif ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found: cannot read the JSON report"
else
	physics "CAS ping-pong, CPUs 0 and 1: 2 ns to 10 us one way" 0,1 lat cas
	physics "store/load ping-pong, CPUs 0 and 1: 2 ns to 10 us one way" 0,1 lat store
fi
done_testing
