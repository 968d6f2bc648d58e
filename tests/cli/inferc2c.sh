#!/bin/sh
# tests/cli/inferc2c.sh: `check --infer --infer-from-c2c FILE` on a synthetic
# machine (package:1 core:8 pu:1): a c2c --json result in c2c's own schema
# (its dry run's JSON, figures filled in) in which CPUs 1 and 7 are 8 ns
# against the class's 80 ns puts that pair first in the plan, labelled
# "from c2c: 8 ns against 80 ns", the others "from the topology", in text
# and JSON; a hostile file (a FIFO, a directory, bad JSON, another kind,
# CPUs out of range, another machine) is one line naming the file, exit 2.
. tests/lib.sh

TOPO="package:1 core:8 pu:1"
if [ $have_python -eq 0 ]; then
	skip "needs python3 to write the c2c result"
	done_testing
	exit
fi
"$SMTSCOPE" c2c --dry-run --json -i "$TOPO" > "$TMP/plan.json" 2> "$TMP/plan.err"
ok $? "c2c --dry-run --json: the schema ($(head -n 1 "$TMP/plan.err"))"
# fill PLAN OUT A B NS: every pair 80 ns, A:B at NS; the class measured.
fill() {
	python3 - "$@" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
a, b, ns = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
j["measured"] = True
for p in j["pairs"]:
    p.update(ns=80.0, min_ns=79.0, max_ns=81.0, spread=0.02, samples=15, foreign_cpus=0, status="ok")
    if {p["cpu_a"], p["cpu_b"]} == {a, b}:
        p.update(ns=ns, min_ns=ns, max_ns=ns)
for c in j["classes"]:
    c.update(measured=c["pairs"], median_ns=80.0, lo_ns=ns, hi_ns=80.0, out_of_class=1)
json.dump(j, open(sys.argv[2], "w"))
PY
}
fill "$TMP/plan.json" "$TMP/c2c.json" 1 7 8
ok $? "a c2c result marking CPUs 1 and 7 (8 ns against 80 ns)"

"$SMTSCOPE" check --infer --infer-from-c2c "$TMP/c2c.json" --dry-run -i "$TOPO" \
    > "$TMP/p.txt" 2> "$TMP/p.err"
rc=$?
first=$(grep -m 1 '^  CPUs [0-9]* and [0-9]*: reported' "$TMP/p.txt")
[ $rc -eq 0 ] && [ "$first" = "  CPUs 1 and 7: reported same-package; from c2c: 8 ns against 80 ns" ]
ok $? "the plan measures 1:7 first, from c2c (rc $rc: $first; $(head -n 1 "$TMP/p.err"))"
n=$(grep -c '^  CPUs [0-9]* and [0-9]*: reported same-package; from the topology$' "$TMP/p.txt")
[ "$n" -ge 1 ]
ok $? "the topology's pairs follow, labelled so ($n)"
grep -q "^From c2c: 1 pair far below its class's round trip, in $TMP/c2c.json$" "$TMP/p.txt"
ok $? "the plan names the c2c file and its one pair"
# folded as a terminal's (COLUMNS unset: 80), a long file name aside
env -u COLUMNS "$SMTSCOPE" check --infer --infer-from-c2c "$TMP/c2c.json" --dry-run \
    -i "$TOPO" 2> /dev/null | sed "s|$TMP/c2c.json|FILE|" > "$TMP/pw.txt"
[ "$(widest "$TMP/pw.txt")" -le 80 ]
ok $? "the plan within 80 columns ($(widest "$TMP/pw.txt"))"

"$SMTSCOPE" check --infer --infer-from-c2c "$TMP/c2c.json" --dry-run --json -i "$TOPO" \
    > "$TMP/p.json" 2> "$TMP/pj.err"
v=$(jq_py "$TMP/p.json" '"%s|%s|%s|%s|%s" % (j["infer"]["pairs"][0]["a"], j["infer"]["pairs"][0]["b"], j["infer"]["pairs"][0]["origin"], j["infer"]["pairs"][0]["origin_words"], sorted(set(p["origin"] for p in j["infer"]["pairs"][1:])))')
[ "$v" = "1|7|c2c|from c2c: 8 ns against 80 ns|['topology']" ]
ok $? "JSON: 1:7 first with its origin, then the topology's ($v)"
v=$(jq_py "$TMP/p.json" '"%s|%s|%s" % (j["infer"]["c2c_pairs"], j["infer"]["pairs"][0]["c2c_ns"], j["infer"]["pairs"][0]["c2c_class_ns"])')
[ "$v" = "1|8|80" ]
ok $? "JSON: c2c_pairs, c2c_ns, c2c_class_ns ($v)"

# A pair only a little below its class is no candidate (c2c's factor 1.5).
fill "$TMP/plan.json" "$TMP/near.json" 1 7 70
"$SMTSCOPE" check --infer --infer-from-c2c "$TMP/near.json" --dry-run -i "$TOPO" \
    > "$TMP/n.txt" 2> "$TMP/n.err"
rc=$?
[ $rc -eq 0 ] && ! grep -q "from c2c:" "$TMP/n.txt" && grep -q "^From c2c: 0 pairs" "$TMP/n.txt"
ok $? "70 ns against 80 ns: no candidate (rc $rc)"

# refused WHAT FILE: exit 2, one line on stderr naming the file, no plan.
refused() {
	"$SMTSCOPE" check --infer --infer-from-c2c "$2" --dry-run -i "$TOPO" \
	    > "$TMP/r.out" 2> "$TMP/r.err"
	_rc=$?
	[ $_rc -eq 2 ] && [ "$(wc -l < "$TMP/r.err")" -eq 1 ] &&
	    grep -q -F -- "--infer-from-c2c: $2" "$TMP/r.err" && [ ! -s "$TMP/r.out" ]
	ok $? "$1: refused in one line naming the file (rc $_rc: $(head -n 1 "$TMP/r.err"))"
}
mkfifo "$TMP/fifo"
refused "a FIFO" "$TMP/fifo"
refused "a directory" "$TMP"
refused "a missing file" "$TMP/none.json"
printf '{"kind":"c2c","pairs":[' > "$TMP/cut.json"
refused "cut JSON" "$TMP/cut.json"
printf '{"kind":"check-infer","machine":{"format":1,"topology":{"pus":8}}}\n' > "$TMP/kind.json"
refused "another kind of result" "$TMP/kind.json"
sed 's/"cpu_b": 7,/"cpu_b": 1e300,/; s/"cpu_b":7,/"cpu_b":1e300,/' "$TMP/c2c.json" > "$TMP/huge.json"
refused "a CPU of 1e300" "$TMP/huge.json"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); j["pairs"][6]["cpu_b"]=40; json.dump(j,open(sys.argv[2],"w"))' "$TMP/c2c.json" "$TMP/away.json"
refused "a CPU not on this machine" "$TMP/away.json"
"$SMTSCOPE" c2c --dry-run --json -i "package:1 core:4 pu:1" > "$TMP/four.json" 2> /dev/null
refused "another machine's result (4 CPUs)" "$TMP/four.json"

# Live, with no file: under a hypervisor (2 to 32 allowed CPUs) a c2c pass
# runs first (a dry run says so and measures nothing); on bare metal none.
"$SMTSCOPE" check --infer --dry-run --json > "$TMP/live.json" 2> "$TMP/live.err"
v=$(jq_py "$TMP/live.json" '"%s|%s" % (j["infer"]["hypervisor"] != "", (j["infer"]["c2c_source"] or "").startswith("a c2c pass of"))')
if [ "$NALLOWED" -ge 2 ] && [ "$NALLOWED" -le 32 ]; then
	[ "$v" = "True|True" ] || [ "$v" = "False|False" ]
	ok $? "live: a c2c pass planned exactly under a hypervisor ($v; $(head -n 1 "$TMP/live.err"))"
else
	skip "live c2c pass: $NALLOWED allowed CPUs (it runs for 2 to 32)"
fi
v=$(jq_py "$TMP/p.json" '"%s" % (j["infer"]["c2c_source"] or "")')
[ "$v" = "$TMP/c2c.json" ]
ok $? "with a file, the file is the source, no pass ($v)"

check_usage_error "--infer-from-c2c without --infer" --infer-from-c2c "$TMP/c2c.json" --dry-run
check_usage_error "--infer=PAIRS with --infer-from-c2c" --infer=0:1 --infer-from-c2c "$TMP/c2c.json" --dry-run -i "$TOPO"

done_testing
