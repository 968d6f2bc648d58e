#!/bin/sh
# tests/cli/json.sh: every --json output of every command is one strict JSON
# object (python3's json module; no NaN, no duplicate key, one line) of its
# kind, with the machine object where a result carries one; every line of a
# recording too. And a figure reads the same in text, CSV and JSON: the CSV
# field and the JSON number are the same digits, the text is that number
# rounded as the text shows it (compare and replay --summary, which print
# one input three ways; run, check and time from results filled by hand are
# in tests/unit/test_outputs.c).
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found: cannot parse JSON"
	done_testing
	exit
fi

# strict FILE KIND [lines]: one object of that kind per line (per file unless
# "lines"), strict JSON, "machine" with its format when the kind carries it.
strict() {
	python3 - "$@" <<'EOF'
import json, sys
path, kind = sys.argv[1], sys.argv[2]
lines = len(sys.argv) > 3
def pairs(kv):
    keys = [k for k, _ in kv]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise ValueError("duplicate key %s" % sorted(dup))
    return dict(kv)
def nan(c):
    raise ValueError("not JSON: %s" % c)
text = open(path, encoding="utf-8").read()
if not text.endswith("\n"):
    sys.exit("%s: no newline at the end" % path)
docs = text.splitlines() if lines else [text]
if not lines and text.count("\n") != 1:
    sys.exit("%s: %d lines, not one" % (path, text.count("\n")))
for n, d in enumerate(docs, 1):
    try:
        j = json.loads(d, object_pairs_hook=pairs, parse_constant=nan)
    except ValueError as e:
        sys.exit("%s: line %d: %s" % (path, n, e))
    if not isinstance(j, dict):
        sys.exit("%s: line %d: not an object" % (path, n))
    if n == 1 and kind != "-" and j.get("kind") != kind:
        sys.exit("%s: kind %r, not %r" % (path, j.get("kind"), kind))
    if n == 1 and kind not in ("-", "compare", "replay-summary") and \
            j.get("machine", {}).get("format") != 1:
        sys.exit("%s: no machine object of format 1" % path)
print("%d object%s" % (len(docs), "" if len(docs) == 1 else "s"))
EOF
}

# parses WHAT KIND FILE [lines]: record that FILE is strict JSON of KIND.
parses() {
	_what=$1
	_kind=$2
	shift 2
	_file=$1
	shift
	_v=$(strict "$_file" "$_kind" "$@" 2>&1)
	ok $? "$_what: $_v"
}

# run_json WHAT KIND CMD...: run it into $TMP/out (exit 0 or 1), then parses.
run_json() {
	_what=$1
	_kind=$2
	shift 2
	"$SMTSCOPE" "$@" > "$TMP/out" 2> "$TMP/err" < /dev/null
	_st=$?
	if [ $_st -gt 1 ]; then
		ok 1 "$_what: exit $_st: $(head -n 1 "$TMP/err")"
		return
	fi
	_v=$(strict "$TMP/out" "$_kind" 2>&1)
	ok $? "$_what: $_v"
}

SYN="pack:2 l3:1 core:2 pu:2"
run_json "topo --json" - topo --json
run_json "topo --json -i" - topo --json -i "$SYN"
run_json "check --dry-run --json" check check --dry-run --json
run_json "check --dry-run --json -i" check check --dry-run --json -i "$SYN"
run_json "check --infer --dry-run --json -i" check-infer check --infer --dry-run --json -i "$SYN"
v=$(python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))["infer"]
assert j["dry_run"] is True and j["elapsed_s"] is None and j["estimate_s"] > 0, j
assert j["pairs"] and all(p["measured"] == "not-run" and p["evidence"]["rtt_ns"] is None
    for p in j["pairs"]), j["pairs"]
print("%d pairs planned" % len(j["pairs"]))' "$TMP/out" 2> "$TMP/py")
ok $? "check --infer --dry-run --json: the plan, nothing measured, no figure invented (${v:-$(tail -n 1 "$TMP/py")})"
run_json "c2c --dry-run --json -i" c2c c2c --dry-run --json -i "$SYN"
run_json "time --json" time time --runs 1 --json -- true
run_json "run --json" run run --time 0.2 --json "spin@$CPU_A" "hash@$CPU_A"
cp "$TMP/out" "$TMP/run.json"
run_json "check --json (a short run)" check check --time 0.1 --kernels spin --json
cp "$TMP/out" "$TMP/check.json"
run_json "check --idle --json (a short run)" check check --idle --kernels pipe --time 0.1 --json
run_json "check --idle --dry-run --json" check check --idle --dry-run --json
run_json "compare --json" compare compare --json tests/data/compare
run_json "replay --summary --json" replay-summary replay --summary --json \
    tests/data/record/small.jsonl

# Live plans and runs that need two CPUs: said skip under one (taskset -c 0).
if [ "$(nproc)" -ge 2 ]; then
	run_json "check --infer --dry-run --json" check-infer check --infer --dry-run --json
	run_json "c2c --dry-run --json" c2c c2c --dry-run --json
	run_json "c2c --json (a short run)" c2c c2c --json --samples 3 --round-trips 100
else
	skip "check --infer, c2c here: one CPU allowed ($(nproc)), no pair"
	skip "c2c --dry-run here: one CPU allowed"
	skip "c2c --json here: one CPU allowed"
fi

"$SMTSCOPE" tour --headless --step 0.3 --record "$TMP/tour.json" smt-basics \
    > "$TMP/tour.out" 2>&1
parses "tour --record" tour "$TMP/tour.json"
"$SMTSCOPE" record -o "$TMP/r.jsonl" --time 1 -l "spin@$CPU_A" > /dev/null 2> "$TMP/err"
parses "record: every line" record "$TMP/r.jsonl" lines
run_json "replay --summary --json of that recording" replay-summary replay --summary \
    --json "$TMP/r.jsonl"
cp "$TMP/out" "$TMP/replay.json"

# SPEED = SHARE x CAPACITY x INTERACTION under run's three keys wherever a
# speed is: each load of run and of a tour, each part of replay --summary,
# each cell of check's results; a number or null (smtscope(1)).
"$SMTSCOPE" replay --summary --json tests/data/record/small.jsonl > "$TMP/replay-small.json"
v=$(python3 -c 'import json, sys
def objs(path, kind):
    j = json.load(open(path))
    if kind == "run":
        return j["loads"]
    if kind == "tour":
        return [l for s in j["steps"] for l in s["loads"]]
    if kind == "replay":
        return j["parts"]
    return [c for row in j["results"].values() for c in row.values() if c is not None]
out = []
for arg in sys.argv[1:]:
    path, kind = arg.split(":")
    os = objs(path, kind)
    assert os, "%s: no %s speed" % (path, kind)
    for o in os:
        for k in ("split_share", "split_capacity", "split_interaction"):
            assert k in o, "%s: %s lacks %s" % (path, kind, k)
            v = o[k]
            assert v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)), \
                "%s: %s %s=%r" % (path, kind, k, v)
    out.append("%s %d" % (kind, len(os)))
print(", ".join(out))' "$TMP/run.json:run" "$TMP/check.json:check" "$TMP/tour.json:tour" \
    "$TMP/replay.json:replay" "$TMP/replay-small.json:replay" 2>&1)
ok $? "split_share, split_capacity, split_interaction in run, check, tour --record and replay --summary JSON ($(echo "$v" | tail -n 1))"

# replay --summary: a capacity event after a load's solo is its parts'
# split_capacity, the three multiplying back to the speed; none: null.
sed '/"e":"solo","id":2/a {"t":6.0,"e":"capacity","id":1,"capacity":0.9,"step":-0.1,"cause":"clock"}' \
    tests/data/record/small.jsonl > "$TMP/cap.jsonl"
"$SMTSCOPE" replay --summary --json "$TMP/cap.jsonl" > "$TMP/cap.json" 2>&1
# An interaction past physics (over 100 %: the capacity said did not hold in
# the rate) is null, as in run and check: "past" where the three would give it.
v=$(jq_py "$TMP/cap.json" '(lambda ps: " ".join("%s:%s:%s" % (p["id"], p["split_capacity"],
    abs(p["split_share"] * (p["split_capacity"] or 1) * p["split_interaction"] - p["speed"]) < 1e-4
    if p["split_interaction"] is not None else "past" if p["speed"] / (p["split_share"] *
    (p["split_capacity"] or 1)) > 1 else "null")
    for p in ps if p["speed"] is not None))(j["parts"])' 2>&1)
[ "$v" = "1:0.9:past 1:0.9:past 2:None:past 2:None:past" ]
ok $? "replay --summary: a recorded capacity move is split_capacity, share x capacity x interaction = speed ($v)"

# agree TEXT CSV JSON SCRIPT: run the python SCRIPT on the three outputs, the
# JSON read with its numbers as written (strings), the CSV as rows of dicts.
agree() {
	python3 - "$@" <<'EOF'
import csv, json, sys
text = open(sys.argv[1]).read()
rows = list(csv.DictReader(open(sys.argv[2])))
j = json.load(open(sys.argv[3]), parse_float=str, parse_int=str)
def sig3(v):
    v = float(v)
    return "%.*f" % (0 if abs(v) >= 100 else 1 if abs(v) >= 10 else 2, v)
def rate(v):
    v = float(v)
    return "%.*f" % (3 if v < 10 else 1, v)
n = 0
exec(sys.argv[4])
print("%d figures" % n)
EOF
}

# compare: solos and yields of each machine, in the three formats.
D=tests/data/compare
# (compare exits 1 when it finds outliers, as it does here.)
$SMTSCOPE compare $D > "$TMP/c.txt"
$SMTSCOPE compare --csv $D > "$TMP/c.csv"
$SMTSCOPE compare --json $D > "$TMP/c.json"
v=$(agree "$TMP/c.txt" "$TMP/c.csv" "$TMP/c.json" '
names = [m["name"] for m in j["machines"]]
lines = {}
for l in text.splitlines():
    w = l.split()
    if len(w) > len(names) and w[1] in ("alone", "same-pu", "smt-sibling", "shared-l2",
            "shared-l3", "same-package", "other-package"):
        lines[(w[0], w[1])] = w[-len(names) - 1:-1]
for r in rows:
    m = j["machines"][names.index(r["machine"])]
    if r["relation"] == "alone":
        fig = m["solo"][r["kernel"]]["value"]
        assert r["solo"] == fig, (r, fig)
        shown = lines[(r["kernel"], "alone")][names.index(r["machine"])]
        assert shown.rstrip("!~") == sig3(fig), (shown, fig)
    else:
        fig = m["yield"][r["kernel"]][r["relation"]]["value"]
        sp = m["speed"][r["kernel"]][r["relation"]]["value"]
        assert r["yield"] == fig and r["speed"] == sp, (r, fig, sp)
        shown = lines[(r["kernel"], r["relation"])][names.index(r["machine"])]
        assert shown.rstrip("!~") == "%.2f/%.2f" % (float(sp), float(fig)), (shown, sp, fig)
    n += 1
assert n >= 30, n' 2>&1)
ok $? "compare: each solo, speed and yield the same in text, CSV and JSON ($v)"

# replay --summary: each part's median rate and solo in the three formats.
R=tests/data/record/small.jsonl
$SMTSCOPE replay --summary $R > "$TMP/p.txt" &&
    $SMTSCOPE replay --summary --csv $R > "$TMP/p.csv" &&
    $SMTSCOPE replay --summary --json $R > "$TMP/p.json"
v=$(agree "$TMP/p.txt" "$TMP/p.csv" "$TMP/p.json" '
shown = [l.split() for l in text.splitlines() if l.startswith("#")]
assert len(shown) == len(rows) == len(j["parts"]), (len(shown), len(rows))
for t, r, p in zip(shown, rows, j["parts"]):
    assert r["part"] == p["part"] and r["median"] == (p["median"] or ""), (r, p)
    assert r["solo"] == p["solo"], (r, p)
    if p["median"] is not None:
        assert t[7] == rate(p["median"]), (t, p["median"])
        n += 1
    assert t[9].lstrip("~") == rate(p["solo"]), (t, p["solo"])
    n += 1
assert n >= 8, n' 2>&1)
ok $? "replay --summary: each median and solo the same in text, CSV and JSON ($v)"

# check's rates in the same unit in JSON and CSV: the unit each names for a
# kernel the same, each rate of the JSON within 30 times the CSV's of
# another short run (work units per second against Mloop/s is a million).
"$SMTSCOPE" check --time 0.1 --kernels spin --csv > "$TMP/check.csv" 2> /dev/null
v=$(python3 -c 'import csv, json, sys
j = json.load(open(sys.argv[1]))
rows = [r for r in csv.DictReader(open(sys.argv[2])) if r["rate_anchor"]]
assert rows, "no CSV row with a rate"
n = 0
for r in rows:
    cell = j["results"][r["kernel"]][r["relation"]]
    assert j["units"][r["kernel"]] == cell["unit"] == r["unit"], (j["units"], cell["unit"], r["unit"])
    assert cell["unit_partner"] == r["unit_partner"], (cell["unit_partner"], r)
    for key in ("solo", "rate_anchor", "solo_partner", "rate_partner"):
        if cell[key] is None or not r[key]:
            continue
        q = cell[key] / float(r[key])
        assert 1 / 30 < q < 30, "%s %s: JSON %s, CSV %s %s" % (r["relation"], key,
            cell[key], r[key], r["unit"])
        n += 1
s = j["solos"][rows[0]["kernel"]]["rate"]
assert s is None or 1 / 30 < s / float(rows[0]["solo"]) < 30, (s, rows[0]["solo"])
print("%d rates in %s" % (n, rows[0]["unit"]))' "$TMP/check.json" "$TMP/check.csv" 2>&1)
ok $? "check: rates in the same unit in JSON and CSV ($(echo "$v" | tail -n 1))"

# One schema: every command with a plan says its estimate and the time taken
# under the same keys (estimate_s, took_s), wherever in its object they are,
# and what it is and where under kind and machine (smtscope(1) lists them).
: > "$TMP/common"
for args in "check --dry-run --json" "check --infer --dry-run --json" \
    "c2c --dry-run --json" "time --runs 1 --json" \
    "check --capacity --dry-run --json" "check --scale --dry-run --json" \
    "check --idle --dry-run --json"; do
	case $args in
	time*)	# shellcheck disable=SC2086
		"$SMTSCOPE" $args -- true > "$TMP/c.json" 2> /dev/null ;;
	*)	# shellcheck disable=SC2086
		"$SMTSCOPE" $args -i "$SYN" > "$TMP/c.json" 2> /dev/null ;;
	esac
	python3 -c 'import json, sys
def find(o):
    if isinstance(o, dict):
        if "estimate_s" in o:
            return o
        for v in o.values():
            r = find(v)
            if r is not None:
                return r
    return None
root = json.load(open(sys.argv[1]))
assert "kind" in root and "machine" in root, sorted(root)
o = find(root)
assert o is not None, "no estimate_s"
assert "took_s" in o, sorted(o)
print("ok:" + sys.argv[2].split()[0])' "$TMP/c.json" "$args" >> "$TMP/common" 2>&1
done
[ "$(grep -c "^ok:" "$TMP/common")" -eq 7 ]
ok $? "kind, machine, estimate_s and took_s in check (plain, --infer, --capacity, --scale, --idle), c2c and time: $(tr '\n' ' ' < "$TMP/common")"

done_testing
