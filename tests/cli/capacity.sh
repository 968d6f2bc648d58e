#!/bin/sh
# tests/cli/capacity.sh: `smtscope check --capacity` planned for other machines
# (its time for 2, 16 and 384 CPUs, how it runs them), its usage errors, and
# its plan's text within 80 columns. The live scan is tests/live/capacity.sh.
. tests/lib.sh

# plan NAME INPUT MAX_S HOW: the dry run's plan for a topology takes at most
# MAX_S seconds and runs its CPUs HOW (serial, lanes, cores or sample).
plan() {
	"$SMTSCOPE" check --capacity --dry-run --json -i "$2" > "$TMP/$1.json" 2> "$TMP/$1.err"
	_rc=$?
	if [ $have_python -eq 0 ]; then
		[ $_rc -eq 0 ] && grep -q '"kind":"check-capacity"' "$TMP/$1.json"
		ok $? "$1: a plan (python3 absent: its figures unread)"
		return
	fi
	_v=$(jq_py "$TMP/$1.json" '"%s %s %d %s" % (j["how"], j["estimate_s"] <= '"$3"' and j["estimate_s"] > 0, len(j["kernels"][0]["cpus"]), j["measured"])')
	_est=$(jq_py "$TMP/$1.json" 'round(j["estimate_s"], 1)')
	[ $_rc -eq 0 ] && [ "$_v" = "$4 True $5 False" ]
	ok $? "$1: $5 CPUs planned $4 in $_est s, at most $3 s ($_v)"
}

plan two "package:1 core:2 pu:1" 20 serial 2
plan sixteen "package:1 l3:1 core:8 pu:2" 20 serial 16
plan sixteen-kvm "package:1 core:16 pu:1" 20 serial 16
plan sixteen-nocache "pack:1 core:8 pu:2" 20 serial 16
# No cache named: a package is one group, so 192 cores one per package at
# once take 86 s; an evenly spread sample of each package's cores fits 60 s.
plan nocache-384 "pack:2 core:96 pu:2" 60 sample 132
plan nocache-512 "pack:4 core:64 pu:2" 60 cores 256
"$SMTSCOPE" check --capacity -n -i "pack:2 core:96 pu:2" > "$TMP/nocache.txt" 2>&1
w=$(widest "$TMP/nocache.txt")
tr '\n' ' ' < "$TMP/nocache.txt" | tr -s ' ' | grep -q "names no cache below the package, so a package is one group), [0-9]* s: 132 of the 192 cores, evenly spread over each group, stand for them to fit in 60 s" &&
    [ "$w" -le 80 ]
ok $? "384 CPUs, no cache named: the plan says it samples 132 of 192 cores and why ($w columns)"
if fixture zen4-2s; then
	plan zen4 "$FIXTURE" 60 lanes 384
	[ $have_python -eq 1 ] && [ "$(jq_py "$TMP/zen4.json" 'j["kernels"][0]["at_once"]')" = 24 ]
	ok $? "zen4: one CPU of each of its 24 L3 groups at once"
else
	skip_n 2 "$FIXTURE_WHY"
fi
if have_topologies; then
	plan zen4-real "$TOPOLOGIES/amd-epyc-9654-zen4-2s.xml" 60 lanes 384
else
	skip "the real machines' XML is not beside the checkout"
fi
# A memory kernel's lanes are NUMA nodes: fewer at once, and its CPUs' cores.
if [ $have_python -eq 1 ] && fixture zen4-2s; then
	"$SMTSCOPE" check --capacity -n --json -k int,stream -i "$FIXTURE" > "$TMP/k2.json"
	v=$(jq_py "$TMP/k2.json" '" ".join("%s:%d" % (k["kernel"], k["at_once"]) for k in j["kernels"])')
	[ "$v" = "int:24 stream:2" ]
	ok $? "int runs one per L3 group, stream one per NUMA node at once ($v)"
else
	skip "python3 or the zen4-2s fixture"
fi

# The plan's text: every line within 80 columns, with its time and why.
for input in "package:1 core:2 pu:1" "package:2 l3:2 core:8 pu:2"; do
	"$SMTSCOPE" check --capacity -n -i "$input" > "$TMP/plan.txt" 2>&1
	w=$(widest "$TMP/plan.txt")
	[ "$w" -le 80 ] && grep -q "^Plan: int alone on" "$TMP/plan.txt" &&
	    tr '\n' ' ' < "$TMP/plan.txt" | grep -q "about *[0-9]* s in all"
	ok $? "plan for '$input': at most 80 columns ($w), its time said"
done
"$SMTSCOPE" check --capacity -n -i "package:2 l3:2 core:8 pu:2" | tr '\n' ' ' |
    grep -q "one CPU at a time would take [0-9]* s: CPUs of different cache groups"
ok $? "a plan that runs CPUs at once says why"

# A dry run's CSV: a row per CPU, no figure invented (empty), its status n/a.
"$SMTSCOPE" check --capacity -n --csv -i "package:1 core:2 pu:1" > "$TMP/plan.csv"
[ "$(sed -n 2p "$TMP/plan.csv")" = "int,0,core 0,package 0,NUMA 0,package 0,Gop/s,,,,,0,0,false,,,false,,,,n/a: not measured" ] &&
    [ "$(wc -l < "$TMP/plan.csv")" -eq 3 ]
ok $? "dry-run CSV: a row per CPU, every figure empty ($(sed -n 2p "$TMP/plan.csv"))"

check_usage_error "--capacity with --pairs" --capacity --pairs hash+fp
check_usage_error "--capacity with --infer" --capacity --infer
check_usage_error "--capacity with --time" --capacity --time 1
check_usage_error "--capacity with pipe" --capacity --kernels pipe -n
check_usage_error "--capacity with an unknown kernel" --capacity --kernels nosuch -n
check_usage_error "--capacity -i without --dry-run" --capacity -i "package:1 core:2 pu:1"
check_usage_error "--capacity --svg with --dry-run" --capacity -n --svg "$TMP/x.svg"

done_testing
