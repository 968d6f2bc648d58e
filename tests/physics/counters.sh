# tests/physics/counters.sh: the software counters against physics. A pipe
# ping-pong on one CPU switches context twice per round trip (each end blocks
# once), so its ctx_switches_per_s is about 2x its round trips per second.
. tests/lib.sh

# json_get FILE PYEXPR: evaluate an expression over the parsed JSON as j.
json_get() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null
}

# The issue's own command: the pipe load beside a floating spin.
pipe_switches() {
	$SMTSCOPE run --json --time 1 pipe@0,0 spin@all > "$TMP/c.json" || return 1
	us=$(json_get "$TMP/c.json" 'j["loads"][0]["rate"]')
	cs=$(json_get "$TMP/c.json" 'j["loads"][0]["ctx_switches_per_s"]')
	mig=$(json_get "$TMP/c.json" 'j["loads"][1]["migrations_per_s"]')
	ratio=$(awk -v us="$us" -v cs="$cs" 'BEGIN { if (us > 0 && cs > 0) printf "%.3f", cs / (2 * 1e6 / us); else print "nan" }')
	diag "pipe: $us us/round trip, $cs context switches/s: $ratio x 2 per round trip; spin: $mig migrations/s"
	[ "$(json_get "$TMP/c.json" 'j["loads"][0]["disturbed"]')" = True ] &&
	    PHYSICS_BUSY="others on CPU 0 during the window" && return 2
	num_between "$mig" 0 1e9 || return 1
	num_between "$ratio" 0.7 1.3
}
physics "pipe@0,0 beside spin@all: context switches within 30% of 2 per round trip" 0,1 pipe_switches
done_testing
