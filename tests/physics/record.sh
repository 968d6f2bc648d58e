# tests/physics/record.sh: a recording of two loads on one CPU, read back by
# replay --summary: each load at about half its solo speed, in every part.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 is not installed: the recording is not read"
	done_testing
	exit
fi

# Two spin loads on CPU 0 for 3 s: every part's median speed about one half.
# Disturbed (2) when a solo was, or others took over a tenth of CPU 0 at a refresh.
half_each() {
	$SMTSCOPE record -o "$TMP/r.jsonl.gz" --time 3 -l spin@0 -l spin@0 || return 1
	PHYSICS_BUSY=$(gzip -dc "$TMP/r.jsonl.gz" | python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
cpu0 = lines[0]["cpus"].index(0)
why = ["solo of #%d disturbed" % l["id"] for l in lines if l.get("e") == "solo" and l["disturbed"]]
why += ["others %d%% of CPU 0 at %.1f s" % (l["c"][3 * cpu0 + 2], l["t"])
    for l in lines if "c" in l and (l["c"][3 * cpu0 + 2] or 0) > 10]
print(", ".join(why[:3]))')
	[ -n "$PHYSICS_BUSY" ] && return 2
	$SMTSCOPE replay --summary --json "$TMP/r.jsonl.gz" > "$TMP/s.json" || return 1
	speeds=$(python3 -c 'import json, sys
print(" ".join("%.2f" % p["speed"] for p in json.load(open(sys.argv[1]))["parts"]))' \
	    "$TMP/s.json")
	diag "speeds per part: $speeds"
	[ -n "$speeds" ] || return 1
	for s in $speeds; do
		num_between "$s" 0.35 0.65 || return 1
	done
}
physics "a recording of two loads on one CPU: each at about half its solo speed" 0 half_each
done_testing
