#!/bin/sh
# tests/live/scale.sh: `smtscope check --scale` measured here, short
# (--time 0.1): the JSON's figures where rounds were undisturbed, held only
# loosely (the machine is shared): throughputs and yields positive, all
# cores at least one copy's throughput less the noise, the SMT yield empty
# exactly when the machine has no second thread, the text within 80
# columns, took_s within a bound.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "needs python3 to read the JSON"
	done_testing
	exit
fi

"$SMTSCOPE" check --scale --kernels int,stream --time 0.1 --json > "$TMP/s.json" 2> "$TMP/s.err"
rc=$?
# 3: others' work left the verdict unknown, said so in verdict_busy
[ $rc -eq 0 ] || { [ $rc -eq 3 ] && [ "$(jq_py "$TMP/s.json" 'j["verdict_busy"]')" = True ]; }
ok $? "check --scale --json runs (rc $rc; $(head -n 1 "$TMP/s.err"))"
v=$(jq_py "$TMP/s.json" 'j["kind"] == "check-scale" and j["measured"] and 0 < j["took_s"] < 60')
[ "$v" = True ]
ok $? "JSON: measured, took $(jq_py "$TMP/s.json" 'round(j["took_s"], 1)') s ($v)"
v=$(jq_py "$TMP/s.json" 'all(s["total"] is None or (s["total"] > 0 and s["min"] <= s["total"] <= s["max"]) for k in j["kernels"] for s in k["steps"])')
[ "$v" = True ]
ok $? "every step's total positive and within its rounds ($v)"
# All cores against one copy: at least one copy's, less the spread (loose).
v=$(jq_py "$TMP/s.json" 'all(k["all_core_efficiency"] is None or k["all_core_efficiency"] * j["cores"] >= 1 - 0.5 for k in j["kernels"])')
[ "$v" = True ]
ok $? "all cores give at least about one copy's throughput ($(jq_py "$TMP/s.json" '[k["all_core_efficiency"] for k in j["kernels"]]'))"
v=$(jq_py "$TMP/s.json" 'all((k["smt_yield"] is None) if not j["smt"] else (k["smt_yield"] is None or k["smt_yield"] > 0) for k in j["kernels"]) and (j["smt"] or j["smt_why_empty"] != "")')
[ "$v" = True ]
ok $? "SMT yield positive with SMT, empty and explained without ($(jq_py "$TMP/s.json" '[k["smt_yield"] for k in j["kernels"]]'))"

"$SMTSCOPE" check --scale --kernels int --time 0.1 > "$TMP/s.txt" 2> "$TMP/s.err"
rc=$?
{ [ $rc -eq 0 ] || { [ $rc -eq 3 ] && tail -n 1 "$TMP/s.txt" | grep -q "not measurable now"; }; } &&
    [ "$(widest "$TMP/s.txt")" -le 80 ] &&
    grep -q "all-core efficiency" "$TMP/s.txt" && grep -q "^took " "$TMP/s.txt"
ok $? "text: within 80 columns, the summary and the time (rc $rc)"

done_testing
