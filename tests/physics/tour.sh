# tests/physics/tour.sh: a headless tour's measured steps on this machine, in
# bands, each run in a quiet window (tests/lib.sh physics).
. tests/lib.sh

# json_get FILE PYEXPR: evaluate an expression over the parsed JSON as j.
json_get() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null
}

# busy FILE: did other work disturb a measured figure? PHYSICS_BUSY names it.
busy() {
	PHYSICS_BUSY=$(python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
out = []
for st in j["steps"]:
    for l in st["loads"]:
        for key, flag in (("solo_foreign", "solo_disturbed"), ("foreign", "disturbed")):
            if l[flag]:
                out += ["%s (%d)" % (f["comm"], f["pid"]) for f in l[key][:2]] or \
                    ["unnamed work"]
        if l.get("speed_mark") == "?":
            out.append(l["speed_unknown"])
print(", ".join(sorted(set(out))))' "$1" 2> /dev/null)
	[ -n "$PHYSICS_BUSY" ]
}

# smt-basics with 1 s steps: alone about 100%, the same-CPU step about half each.
same_cpu_step() {
	$SMTSCOPE tour --headless --step 1 --record "$TMP/r.json" smt-basics > "$TMP/run.txt" \
	    2>&1 || return 1
	s1=$(json_get "$TMP/r.json" 'j["steps"][0]["loads"][0]["speed"]')
	sa=$(json_get "$TMP/r.json" 'j["steps"][2]["loads"][0]["speed"]')
	sb=$(json_get "$TMP/r.json" 'j["steps"][2]["loads"][1]["speed"]')
	diag "alone $s1; same CPU $sa, $sb"
	busy "$TMP/r.json" && return 2
	num_between "$s1" 0.85 1.15 && num_between "$sa" 0.35 0.65 && num_between "$sb" 0.35 0.65
}

if command -v python3 > /dev/null 2>&1; then
	cpus=$(seq -s, 0 $(( $(getconf _NPROCESSORS_ONLN) - 1 )))
	physics "smt-basics: alone about 100%, each of two on one CPU 35-65%" "$cpus" \
	    same_cpu_step
else
	skip "python3 not found"
fi
done_testing
