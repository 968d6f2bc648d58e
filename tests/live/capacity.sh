#!/bin/sh
# tests/live/capacity.sh: `smtscope check --capacity` measured here: its JSON
# and CSV keys, its text within 80 columns, others' work named (never
# capacity) beside a hog, only the allowed CPUs under taskset, and how a
# core's threads compare where the machine reports SMT (an XML declared to
# be this system). No figure is held to a band: the machine is shared.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "needs python3 to read the JSON"
	done_testing
	exit
fi

# The scan as JSON: every allowed CPU in topology order, three rounds each,
# the figures and groups a reader needs, the noise floor.
"$SMTSCOPE" check --capacity --json > "$TMP/scan.json" 2> "$TMP/scan.err"
ok $? "check --capacity --json runs ($(head -n 1 "$TMP/scan.err"))"
v=$(jq_py "$TMP/scan.json" 'j["kind"] == "check-capacity" and j["rounds"] >= 3 and "noise_floor" in j and all(k in j["kernels"][0] for k in ("median", "noise_floor", "noise_cpu", "outliers", "two_levels", "cpus", "groups"))')
[ "$v" = True ]
ok $? "JSON: kind, rounds, the noise floor, each kernel's figures ($v)"
v=$(jq_py "$TMP/scan.json" 'all(all(k in c for k in ("cpu", "core", "median", "min", "max", "spread", "rounds", "rounds_disturbed", "mhz", "outlier", "two_levels", "level_hi", "level_lo", "others_work", "samples")) and len(c["samples"]) == j["rounds"] for c in j["kernels"][0]["cpus"])')
[ "$v" = True ]
ok $? "JSON: each CPU's median, range, spread, levels, others, $(jq_py "$TMP/scan.json" 'j["rounds"]') samples ($v)"
v=$(jq_py "$TMP/scan.json" '" ".join(str(c["cpu"]) for c in j["kernels"][0]["cpus"])')
[ "$v" = "$ALLOWED_CPUS" ] || [ "$(echo $v | tr ' ' '\n' | sort -n | tr '\n' ' ')" = "$(echo $ALLOWED_CPUS | tr ' ' '\n' | sort -n | tr '\n' ' ')" ]
ok $? "JSON: every allowed CPU scanned ($v; allowed $ALLOWED_CPUS)"
v=$(jq_py "$TMP/scan.json" 'sorted(j["kernels"][0]["groups"].keys()) == ["cache", "core", "numa", "package"] and sum(g["cpus"] for g in j["kernels"][0]["groups"]["package"]) == len(j["kernels"][0]["cpus"])')
[ "$v" = True ]
ok $? "JSON: sums per core, cache group, NUMA node and package ($v)"
v=$(jq_py "$TMP/scan.json" 'all(c["outlier"] is False or c["rounds"] > 0 for c in j["kernels"][0]["cpus"])')
[ "$v" = True ]
ok $? "JSON: no CPU without an undisturbed round is an outlier ($v)"

# CSV: one row per CPU, a unit column and the noise floor on each row.
"$SMTSCOPE" check --capacity --csv > "$TMP/scan.csv" 2> /dev/null
head -n 1 "$TMP/scan.csv" | grep -q '^kernel,cpu,core,cache,numa,package,unit,median,min,max,moved,rounds,rounds_disturbed,two_levels,level_hi,level_lo,outlier,below_median,mhz,noise_floor,status$' &&
    [ "$(($(wc -l < "$TMP/scan.csv") - 1))" -eq "$NALLOWED" ] &&
    [ "$(sed -n 2p "$TMP/scan.csv" | cut -d, -f7)" = "Gop/s" ]
ok $? "CSV: the header's keys, a row per allowed CPU, the unit column ($(head -n 1 "$TMP/scan.csv" | cut -c1-60)...)"

# Text within 80 columns, with its map, noise floor and sums; the SVG heatmap.
"$SMTSCOPE" check --capacity --svg "$TMP/scan.svg" > "$TMP/scan.txt" 2>&1
w=$(widest "$TMP/scan.txt")
[ "$w" -le 80 ] && grep -q "^Noise floor: " "$TMP/scan.txt" &&
    grep -q "^Summed per group" "$TMP/scan.txt" && grep -q "^  L3 0: \|^  package 0: " "$TMP/scan.txt"
ok $? "text: at most 80 columns ($w), the map, the noise floor, the sums"
grep -q "<svg" "$TMP/scan.svg" && [ "$(grep -c '<title>CPU [0-9]*:' "$TMP/scan.svg")" -eq "$NALLOWED" ]
ok $? "SVG: a cell per CPU ($(grep -c '<title>CPU [0-9]*:' "$TMP/scan.svg" 2> /dev/null))"
python3 tests/tools/svgcheck.py "$TMP/scan.svg" > "$TMP/svgcheck.out" 2>&1
ok $? "SVG: well-formed, every text on its canvas ($(head -n 1 "$TMP/svgcheck.out"))"

# Beside a hog: the CPU's rounds are others' work, named, never capacity.
hog=tests/helpers/hog
if need_cpus 2 && [ -x "$hog" ] && command -v taskset > /dev/null; then
	taskset -c "$CPU_B" "$hog" 60 &
	hogpid=$!
	sleep 0.2
	try=1
	while [ $try -le 3 ]; do
		"$SMTSCOPE" check --capacity --json > "$TMP/hog.json" 2> /dev/null
		v=$(jq_py "$TMP/hog.json" '(lambda c: "%s %s %s" % (c["rounds_disturbed"] > 0, "smtscope-hog (%d)" % '"$hogpid"' in c["others_work"], c["outlier"]))(next(c for c in j["kernels"][0]["cpus"] if c["cpu"] == '"$CPU_B"'))')
		[ "$v" = "True True False" ] && break
		diag "run $try: $v: $(jq_py "$TMP/hog.json" 'next(c["others_work"] for c in j["kernels"][0]["cpus"] if c["cpu"] == '"$CPU_B"')')"
		try=$((try + 1))
	done
	[ "$v" = "True True False" ]
	ok $? "beside a hog on CPU $CPU_B: its rounds are others' work naming smtscope-hog ($hogpid), not an outlier ($v)"
	"$SMTSCOPE" check --capacity > "$TMP/hog.txt" 2> /dev/null
	tr '\n' ' ' < "$TMP/hog.txt" | tr -s ' ' | grep -q "CPU $CPU_B: others' work in [1-9] of [0-9]* rounds, not capacity: .*smtscope-hog ($hogpid)"
	ok $? "text: CPU $CPU_B's others' work names the hog"
	kill $hogpid 2> /dev/null
	wait $hogpid 2> /dev/null
else
	skip_n 2 "$CPUS_WHY, taskset and tests/helpers/hog"
fi

# Under taskset -c CPU: that CPU only, and the scan says so.
if need_cpus 2 && command -v taskset > /dev/null; then
	taskset -c "$CPU_A" "$SMTSCOPE" check --capacity --json > "$TMP/one.json" 2> /dev/null
	v=$(jq_py "$TMP/one.json" '"%s %s" % ([c["cpu"] for c in j["kernels"][0]["cpus"]], j["cpus_allowed"])')
	[ "$v" = "[$CPU_A] 1" ]
	ok $? "taskset -c $CPU_A: CPU $CPU_A scanned alone ($v)"
	taskset -c "$CPU_A" "$SMTSCOPE" check --capacity -n > "$TMP/one.txt" 2> /dev/null
	tr '\n' ' ' < "$TMP/one.txt" | tr -s ' ' | grep -q "1 of [0-9]* online: this process may use CPU $CPU_A only .*the scan measures it"
	ok $? "taskset -c $CPU_A: the text says the scan measures that CPU only"
else
	skip_n 2 "$CPUS_WHY and taskset"
fi

# A machine that reports SMT (an XML declared this system): how each core's
# threads compare, in the text and in JSON's cores.
LSTOPO=$(command -v lstopo-no-graphics || command -v lstopo)
if need_cpus 2 && [ -n "$LSTOPO" ] && "$LSTOPO" -i "pack:1 core:1 pu:2" --of xml \
    "$TMP/smt.xml" 2> /dev/null; then
	HWLOC_XMLFILE="$TMP/smt.xml" HWLOC_THISSYSTEM=1 "$SMTSCOPE" check --capacity \
	    > "$TMP/smt.txt" 2> /dev/null
	grep -A1 "^Threads of each core" "$TMP/smt.txt" | grep -E -q "^  core 0: (its 2 threads|CPU [01] [0-9]+ % below CPU [01]|its ([0-9]+ )?threads not compared: [a-zA-Z])"
	ok $? "SMT reported: the text says how core 0's threads compare, or why not on a busy machine ($(grep -A1 '^Threads' "$TMP/smt.txt" | tail -n 1))"
	HWLOC_XMLFILE="$TMP/smt.xml" HWLOC_THISSYSTEM=1 "$SMTSCOPE" check --capacity --json \
	    > "$TMP/smt.json" 2> /dev/null
	v=$(jq_py "$TMP/smt.json" 'j["kernels"][0]["groups"]["core"][0]["threads"]')
	[ -n "$v" ] && [ "$v" != null ]
	ok $? "SMT reported: JSON's core says how its threads compare ($v)"
else
	skip_n 2 "$CPUS_WHY and lstopo"
fi

done_testing
