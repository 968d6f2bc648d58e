# tests/physics/run.sh: `smtscope run`'s physics on this machine, in bands.
# Each band waits for a quiet window on its CPUs, runs, retries once in a new
# quiet window, and says skip with the measured reason when none comes.
. tests/lib.sh

# json_get FILE PYEXPR: evaluate an expression over the parsed JSON as j.
json_get() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null
}

ncpu=$(getconf _NPROCESSORS_ONLN)
hog=tests/helpers/hog

# busy FILE [PID]: did other work (but process PID) disturb the run's figures?
# True with PHYSICS_BUSY naming it, from smtscope's own flags and foreign lists.
busy() {
	PHYSICS_BUSY=$(python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
skip = int(sys.argv[2]) if len(sys.argv) > 2 else -1
out = []
for l in j["loads"]:
    for key, flag in (("solo_foreign", "solo_disturbed"), ("foreign", "disturbed")):
        others = [f for f in l[key] if f["pid"] != skip]
        if l[flag] and sum(f["share"] for f in others) > 0.1 or skip == -1 and l[flag]:
            out += ["%s (%d) %.0f%% of CPU %d" % (f["comm"], f["pid"], 100 * f["share"],
                f["cpu"]) for f in others[:2]] or ["unnamed work"]
    # smtscope said the speed is unknown (a solo on a slower CPU): noise too.
    if l.get("speed_mark") == "?":
        out.append(l["speed_unknown"])
print(", ".join(sorted(set(out))))' "$@" 2> /dev/null)
	[ -n "$PHYSICS_BUSY" ]
}

# Two hash loads on one CPU: each about half speed and half the CPU, efficiency about 1.
same_cpu() {
	$SMTSCOPE run --time 1 --json hash@0 hash@0 > "$TMP/same.json" || return 1
	s1=$(json_get "$TMP/same.json" 'j["loads"][0]["speed"]')
	s2=$(json_get "$TMP/same.json" 'j["loads"][1]["speed"]')
	e1=$(json_get "$TMP/same.json" 'j["loads"][0]["efficiency"]')
	e2=$(json_get "$TMP/same.json" 'j["loads"][1]["efficiency"]')
	sh1=$(json_get "$TMP/same.json" 'j["loads"][0]["cpu_share"]')
	diag "one CPU: speeds $s1 $s2, share $sh1, efficiencies $e1 $e2"
	busy "$TMP/same.json" && return 2
	num_between "$s1" 0.35 0.65 && num_between "$s2" 0.35 0.65 &&
	    num_between "$e1" 0.8 1.25 && num_between "$e2" 0.8 1.25 &&
	    num_between "$sh1" 0.35 0.65
}
physics "two hash loads on one CPU: half speed, half the CPU, efficiency about 1" 0 same_cpu

# Two hash loads on two cores: each keeps about its solo speed.
two_cores() {
	$SMTSCOPE run --time 1 --json hash@0 hash@1 > "$TMP/two.json" || return 1
	s1=$(json_get "$TMP/two.json" 'j["loads"][0]["speed"]')
	s2=$(json_get "$TMP/two.json" 'j["loads"][1]["speed"]')
	diag "two CPUs: speeds $s1 $s2"
	busy "$TMP/two.json" && return 2
	num_between "$s1" 0.8 1.3 && num_between "$s2" 0.8 1.3
}

# A hog pinned to CPU 1 all along: hash@1 gets about half the CPU, its
# efficiency stays about 1 (EFF counts the solo's share), the hog is named.
hog_all_along() {
	taskset -c 1 "$hog" 30 &
	_hog=$!
	sleep 0.2
	$SMTSCOPE run --json --time 2 hash@1 > "$TMP/hog.json"
	_st=$?
	kill $_hog 2> /dev/null
	wait $_hog 2> /dev/null
	[ $_st -eq 0 ] || return 1
	sh=$(json_get "$TMP/hog.json" 'j["loads"][0]["cpu_share"]')
	ef=$(json_get "$TMP/hog.json" 'j["loads"][0]["efficiency"]')
	who=$(json_get "$TMP/hog.json" '[(f["comm"], f["share"]) for f in j["loads"][0]["foreign"] if f["pid"] == '$_hog']')
	diag "hog on CPU 1: cpu_share $sh, efficiency $ef, foreign $who"
	busy "$TMP/hog.json" $_hog && return 2
	num_between "$sh" 0.35 0.65 && num_between "$ef" 0.85 1.15 &&
	    echo "$who" | grep -q "smtscope-hog"
}

# A hog of 1 s that starts halfway through hash@0's solo: the solo is
# measured again once CPU 0 is quiet, and is not low against a quiet one.
hog_halfway() {
	$SMTSCOPE run --json --time 1 hash@0 > "$TMP/ref.json" || return 1
	ref=$(json_get "$TMP/ref.json" 'j["loads"][0]["solo"]')
	busy "$TMP/ref.json" && return 2
	$SMTSCOPE run --json --time 2 hash@0 > "$TMP/half.json" &
	_pid=$!
	_i=0
	while [ -z "$(pgrep -P $_pid)" ] && [ $_i -lt 200 ]; do
		sleep 0.01
		_i=$((_i + 1))
	done
	sleep 0.4
	taskset -c 0 "$hog" 1 &
	_hog=$!
	wait $_pid || return 1
	wait $_hog 2> /dev/null
	v=$(json_get "$TMP/half.json" '(lambda l: "%s %d %.1f" % (l["solo_disturbed"], l["solo_tries"], l["solo"]))(j["loads"][0])')
	diag "hog for 1 s halfway through the solo: disturbed, tries, solo: $v (quiet solo $ref)"
	json_get "$TMP/half.json" '(lambda l: l["solo_disturbed"] or (l["solo"] > 0.9 * '"$ref"'))(j["loads"][0])' |
	    grep -q True
}

# A fork load alone in a quiet window: its children's time is its own work,
# not others': its solo is not disturbed.
fork_alone() {
	$SMTSCOPE run --time 1 --json fork@0 > "$TMP/fork.json" || return 1
	v=$(json_get "$TMP/fork.json" '(lambda l: "%s %s" % (l["solo_disturbed"], l["solo_foreign"]))(j["loads"][0])')
	diag "fork@0 alone: disturbed, foreign: $v"
	json_get "$TMP/fork.json" 'j["loads"][0]["solo_disturbed"]' | grep -q False && return 0
	busy "$TMP/fork.json" && [ "$PHYSICS_BUSY" != "unnamed work" ] && return 2
	return 1
}
physics "a fork load alone is not disturbed by its own children" 0 fork_alone

if [ "$ncpu" -ge 2 ]; then
	physics "two hash loads on two cores keep about full speed" 0,1 two_cores
else
	skip "one CPU only: no cross-CPU run"
fi
if [ "$ncpu" -ge 2 ] && [ -x "$hog" ] && command -v taskset > /dev/null; then
	physics "a hog on CPU 1: cpu_share 0.35-0.65, efficiency 0.85-1.15, the hog named" \
	    1 hog_all_along
	physics "a hog halfway through the solo: measured again when quiet, not low" 0 \
	    hog_halfway
else
	skip "needs two CPUs, taskset and tests/helpers/hog"
	skip "needs two CPUs, taskset and tests/helpers/hog"
fi
done_testing
