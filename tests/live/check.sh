#!/bin/sh
# tests/live/check.sh: `smtscope check` measured on this machine, planned for others,
# and its usage errors. JSON is read with python3 (skipped where it is absent).
. tests/lib.sh

# The live run: hash on every relation here, pipe latency. Its speed and
# yield bands are in tests/physics/check.sh (make check-live); here, what
# must hold on a busy machine too.
"$SMTSCOPE" check --json --time 0.5 --kernels hash,pipe > "$TMP/live.json" \
    2> "$TMP/live.err"
rc=$?
# 3 when others' work left the verdict unknown (a busy machine), and only then
if [ $rc -eq 3 ]; then
	jq_py "$TMP/live.json" 'j["verdict"]' | grep -q "not measurable now"
else
	[ $rc -eq 0 ]
fi
ok $? "check --json --time 0.5 --kernels hash,pipe exits 0 (or 3: not measurable now; rc $rc)"
[ ! -s "$TMP/live.err" ]
ok $? "no progress line when stderr is not a terminal"

if [ $have_python -eq 0 ]; then
	for i in 1 2 3 4 5 6 7 8 9; do
		skip "python3 is not installed: JSON checks"
	done
else
	jq_py "$TMP/live.json" 'sorted(j)' > "$TMP/keys"
	ok $? "the output is one JSON object"
	for k in machine anchor placements results solos latency warnings; do
		grep -q "'$k'" "$TMP/keys" || { diag "missing key $k: $(cat "$TMP/keys")"; false; }
	done
	ok $? "it has machine, anchor, placements, results, solos, latency, warnings"

	keys=$(jq_py "$TMP/live.json" '",".join(sorted(j["results"]["hash"]["same-pu"]))')
	[ "$keys" = "cpu_share,distinguishable,disturbed,efficiency,error,foreign,foreign_cpus,ipc_alone,ipc_together,noise,partner,rate_anchor,rate_partner,solo,solo_disturbed,solo_low,solo_partner,solo_share,speed_anchor,speed_mark,speed_partner,speed_unknown,split_capacity,split_interaction,split_share,spread,tries,unit,unit_partner,yield" ]
	ok $? "a result has solo, rates, speeds, yield, cpu_share, efficiency, spread and the guard, and whether the noise floor hides it (distinguishable, noise) ($keys)"
	v=$(jq_py "$TMP/live.json" '"%s %s %s" % (sorted(j["noise"]), j["noise"]["rounds"], j["anchor"] in j["noise"]["cpus"])')
	[ "$v" = "['cpu', 'cpus', 'floor', 'kernel', 'not_distinguishable', 'rounds'] 3 True" ]
	ok $? "noise: the floor over 3 rounds of the plan's CPUs, the relations inside it ($v)"
	keys=$(jq_py "$TMP/live.json" '",".join(sorted(j["solos"]["hash"]))')
	[ "$keys" = "cpu_share,disturbed,error,foreign,foreign_cpus,rate,spread,tries" ]
	ok $? "a solo has its rate, share, spread and guard ($keys)"
	v=$(jq_py "$TMP/live.json" '(lambda c: "%s %s %s" % (type(c["disturbed"]).__name__, type(c["foreign"]).__name__, c["spread"] is not None and c["spread"] >= 0))(j["results"]["hash"]["same-pu"])')
	[ "$v" = "bool list True" ]
	ok $? "disturbed is a boolean, foreign a list, spread a relative figure, not negative ($v)"

	anchor=$(jq_py "$TMP/live.json" 'j["anchor"]')
	samepu=$(jq_py "$TMP/live.json" 'j["placements"]["same-pu"]')
	[ -n "$anchor" ] && [ "$anchor" = "$samepu" ]
	ok $? "same-pu partner is the anchor (CPU $anchor)"

	# A speed past physics is unknown (null, speed_unknown says why): so is the
	# efficiency made from it (seen in the slow sanitizer build).
	v=$(jq_py "$TMP/live.json" 'all((c["efficiency"] is None) if c["speed_anchor"] is None else abs(c["efficiency"] - c["speed_anchor"] / (c["cpu_share"] / c["solo_share"])) < 1e-3 for c in j["results"]["hash"].values() if c is not None)')
	[ "$v" = True ]
	ok $? "efficiency is speed / (cpu_share / the cpu_share of the solo it is measured against), null where the speed is ($v)"

	width=$(jq_py "$TMP/live.json" 'j["machine"]["topology"]["smt_width"]')
	if [ "$width" = 1 ]; then
		# The reason is the machine's SMT state in its words (issue 23).
		v=$(jq_py "$TMP/live.json" '(lambda s, why: j["placements"]["smt-sibling"] is None and why == {"not-supported": "SMT not supported", "none": "no SMT", "off": "SMT off (control: %s)" % s["control"]}.get(s["state"], why))(j["machine"]["smt_state"], j["absent"]["smt-sibling"])')
		[ "$v" = "True" ]
		ok $? "smt-sibling is null with the reason in the SMT state's words ($(jq_py "$TMP/live.json" 'j["absent"]["smt-sibling"]'))"
	else
		skip "this machine has SMT: no reason for a missing sibling to see"
	fi

	us=$(jq_py "$TMP/live.json" 'j["latency"]["pipe"]["same-pu"]["us"]')
	num_between "$us" 0.01 100000
	ok $? "pipe round trip on one CPU is measured (got $us us)"
fi

# A known foreign process on the partner CPU: the cells there are disturbed
# and name it; text prints a warning line naming it.
hog=tests/helpers/hog
if need_cpus 2 && [ -x "$hog" ] && [ $have_python -eq 1 ] &&
    command -v taskset > /dev/null; then
	taskset -c "$CPU_B" "$hog" 60 &
	hogpid=$!
	sleep 0.2
	# The cell names its largest six others (ROUNDS_WHO_MAX): on a busy
	# machine others' work may outweigh the hog in one run; up to three
	# runs. Six named others without the hog in all three is that, not a
	# defect (skipped, naming them); fewer than six without the hog fails.
	full=0
	for try in 1 2 3; do
		"$SMTSCOPE" check --json --anchor "$CPU_A" --time 0.3 --kernels spin \
		    > "$TMP/hog.json" 2> /dev/null
		st=$?
		rel=$(jq_py "$TMP/hog.json" 'next(r for r, c in j["placements"].items() if c == '"$CPU_B"')')
		v=$(jq_py "$TMP/hog.json" "(lambda c: '%s %s' % (c['disturbed'], [f['comm'] for f in c['foreign'] if f['pid'] == $hogpid]))(j['results']['spin']['$rel'])")
		[ $st -eq 0 ] && [ "$v" = "True ['smtscope-hog']" ] && break
		others=$(jq_py "$TMP/hog.json" "[(f['comm'], f['pid'], f['share']) for f in j['results']['spin']['$rel']['foreign']]")
		n=$(jq_py "$TMP/hog.json" "len(j['results']['spin']['$rel']['foreign'])")
		[ "$n" = 6 ] && full=$((full + 1))
		diag "run $try: $v; the cell's others: $others"
	done
	if [ $st -eq 0 ] && [ "$v" = "True ['smtscope-hog']" ]; then
		ok 0 "a hog on the partner CPU: the $rel cell is disturbed and names it ($v)"
	elif [ $full -eq 3 ]; then
		skip "a hog on the partner CPU: six others outweighed it in each of 3 runs (last: $others)"
	else
		ok 1 "a hog on the partner CPU: the $rel cell is disturbed and names it (saw $v, $full of 3 runs with six others named; wanted True ['smtscope-hog'])"
	fi
	# The text names the largest few others too: up to three runs, as above.
	full=0
	for try in 1 2 3; do
		"$SMTSCOPE" check --anchor "$CPU_A" --time 0.3 --kernels spin > "$TMP/hog.txt" 2>&1
		grep -q "^  ! ~ spin on $rel: low, .*smtscope-hog ($hogpid)" "$TMP/hog.txt" &&
		    grep -E -q "^spin .*(~[0-9.+=]+|[0-9.?]+[+][0-9.?]+=[?]) " "$TMP/hog.txt"
		st=$?
		[ $st -eq 0 ] && break
		# The warning's named others: "NAME (PID) N% of CPU M", each.
		n=$(tr '\n' ' ' < "$TMP/hog.txt" | grep -o "spin on $rel: low[^!]*" | head -n 1 |
		    grep -o '% of CPU' | wc -l)
		[ "$n" -ge 6 ] && full=$((full + 1))
		diag "run $try: the spin row and the warnings read:"
		grep -E "^spin |^  ! " "$TMP/hog.txt" | sed 's/^/#   /'
	done
	if [ $st -eq 0 ]; then
		ok 0 "text: a warning naming the hog ($hogpid), the cell marked ~ (or ?, past physics)"
	elif [ $full -eq 3 ]; then
		skip "text: a warning naming the hog: six others outweighed it in each of 3 runs"
	else
		ok 1 "text: a warning naming the hog ($hogpid), the cell marked ~ (or ?, past physics) (not seen in 3 runs; $full of them named six others)"
	fi
	kill $hogpid 2> /dev/null
	wait $hogpid 2> /dev/null
else
	skip_n 2 "$CPUS_WHY, python3, taskset and tests/helpers/hog"
fi

# "What the pairs behave like" (issue 23): --json carries the pairs the
# text's block prints (two runs: the same pairs, their calls may differ),
# each with its words as the text writes them (no figure is held to a band).
# Both on one anchor (the default picks the idlest core: it moves on a busy
# machine). A cell others starve fails ("made no progress") and drops its
# pair from that run: on a busy machine the two runs are made again, three
# times at most.
if [ $have_python -eq 1 ]; then
	try=0
	while [ $try -lt 3 ]; do
		try=$((try + 1))
		"$SMTSCOPE" check --anchor "$CPU_A" --kernels int,chase --time 0.2 \
		    > "$TMP/bl.txt" 2> /dev/null
		"$SMTSCOPE" check --anchor "$CPU_A" --kernels int,chase --time 0.2 --json \
		    > "$TMP/bl.json" 2> /dev/null
		# Two CPUs, or one shared by two loads (the JSON's pair of one CPU).
		text=$(sed -n -e 's/^  CPUs \([0-9]*\) and \([0-9]*\) (reported \([a-z0-9-]*\))[ :].*/\1 \2 \3/p' \
		    -e 's/^  CPU \([0-9]*\) shared by two loads (reported \([a-z0-9-]*\))[ :].*/\1 \1 \2/p' \
		    "$TMP/bl.txt" | sort | tr '\n' ';')
		json=$(jq_py "$TMP/bl.json" '"".join(sorted("%d %d %s;" % (p["anchor"], p["partner"], p["reported"]) for p in j["behave_like"]))')
		[ "$text" = "$json" ] && break
		diag "try $try: the text's pairs ($text) are not the JSON's ($json): $(grep -c 'made no progress' "$TMP/bl.txt" "$TMP/bl.json" | tr '\n' ' ')"
	done
	words=$(jq_py "$TMP/bl.json" 'all(p["words"] == ("unclear" if not p["clear"] else p["words"]) and (p["clear"] or p["why"]) and p["measured"] for p in j["behave_like"])')
	[ "$text" = "$json" ] && [ "$words" = True ] &&
	    { [ -n "$json" ] || ! grep -q '^What the pairs behave like' "$TMP/bl.txt"; }
	ok $? "check --json's behave_like has the text block's pairs, each with its call and why ($json)"
else
	skip "python3 reads the JSON"
fi

# Text and CSV, with a mixed pair.
"$SMTSCOPE" check --time 0.2 --kernels spin --pairs spin+int > "$TMP/text.out" 2>&1
ok $? "text run with --pairs exits 0"
grep -q '^spin+int ' "$TMP/text.out" && grep -q '^Plan: anchor CPU' "$TMP/text.out"
ok $? "the text report has the plan and the pair's row"
# Its tables aligned (tests/tools/aligned.py): each column as wide as its
# widest cell, every cell at its start: the facts, the plan, the matrix.
if command -v python3 > /dev/null 2>&1; then
	# aligned_ok NAME START END [--bare]: one table of the text report.
	aligned_ok() {
		python3 tests/tools/aligned.py "$TMP/text.out" "$2" "$3" ${4:-} > "$TMP/al" 2>&1
		ok $? "the $1 aligned, each column as wide as its widest cell ($(tail -n 1 "$TMP/al"))"
	}
	aligned_ok facts '^  CPU  ' '^  [!(]' --bare
	aligned_ok plan '^  same-pu  ' '^[^ ]' --bare
	aligned_ok matrix '^kernel +alone  ' '^$'
else
	skip_n 3 "python3 not found: the alignment is not read"
fi
if grep -q 'smt-sibling    n/a: ' "$TMP/text.out"; then
	grep -q '^\[[0-9]*\] smt-sibling: ' "$TMP/text.out"
	ok $? "absent relations carry a footnote"
else
	skip "this machine has SMT"
fi

"$SMTSCOPE" check --csv --time 0.2 --kernels spin > "$TMP/out.csv" 2>&1
ok $? "--csv run exits 0"
[ "$(head -n 1 "$TMP/out.csv" | cut -d, -f1-3)" = "kernel,relation,anchor" ] &&
    [ "$(grep -c '^spin,' "$TMP/out.csv")" -eq 6 ]
ok $? "--csv: a header and one row per relation"

if [ $have_python -eq 1 ]; then
	out=$(python3 -c 'import csv,sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["relation"] == "same-pu"]
r = rows[0]
print(len(rows), r["unit"], r["unit_partner"], 0.5 < float(r["solo"]) < 1e5,
      r["status"].split(":")[0] in ("ok", "disturbed", "unknown"))' "$TMP/out.csv")
	[ "$out" = "1 Mloop/s Mloop/s True True" ]
	ok $? "--csv: the unit column names the unit the rates are in ($out)"
else
	skip "python3 is not installed"
fi

# A terminating signal stops the loads, and check dies of it (as run and time do).
"$SMTSCOPE" check --time 2 --kernels spin > /dev/null 2> "$TMP/sig.err" &
pid=$!
kid=
i=0
while [ -z "$kid" ] && [ $i -lt 100 ]; do
	kid=$(proc_kids $pid | cut -d' ' -f1)
	sleep 0.05
	i=$((i + 1))
done
kill -TERM $pid
wait $pid
st=$?
procs_wait_gone 10 $kid
[ $st -eq 143 ] && grep -q "interrupted by signal 15" "$TMP/sig.err" &&
    { [ -z "$kid" ] || procs_gone $kid; }
ok $? "SIGTERM: loads stopped, check dies of the signal (status $st, wanted 143: $(cat "$TMP/sig.err"); load ${kid:-none} left: $(procs_left $kid || echo no))"

# Dry runs: this machine, synthetic, and real machines' XML.
"$SMTSCOPE" check --dry-run --scheduler > "$TMP/dry.out" 2>&1
ok $? "--dry-run on this machine exits 0"
grep -q '^  scheduler ' "$TMP/dry.out" && ! grep -q '^Speed vs alone' "$TMP/dry.out"
ok $? "--dry-run prints the plan and measures nothing"

"$SMTSCOPE" check --dry-run -i "pack:2 l3:2 l2:2 core:2 pu:2" > "$TMP/syn.out" 2>&1
ok $? "--dry-run -i SYNTHETIC exits 0"
[ "$(grep -c '^  [a-z0-9-]* *CPU [0-9]' "$TMP/syn.out")" -eq 6 ]
ok $? "every relation has a partner on the synthetic two-package machine"

if have_topologies; then
	"$SMTSCOPE" check --dry-run --json -i "$TOPOLOGIES/intel-xeon-6140-skylake-2s.xml" \
	    > "$TMP/sky.json" 2> "$TMP/sky.err"
	ok $? "--dry-run --json -i skylake.xml exits 0"
	if [ $have_python -eq 1 ]; then
		v=$(jq_py "$TMP/sky.json" '"%s %s" % (j["anchor"], j["placements"]["smt-sibling"])')
		[ "$v" = "0 36" ]
		ok $? "skylake plan: anchor 0, sibling 36 (got $v)"
	else
		skip "python3 is not installed"
	fi
	"$SMTSCOPE" check --dry-run --scheduler -i "$TOPOLOGIES/amd-epyc-9654-zen4-2s.xml" \
	    > "$TMP/zen.out" 2>&1
	grep -q 'scheduler      two floating hash copies on CPUs 0-1,192-193' "$TMP/zen.out"
	ok $? "zen4 plan: --scheduler on two whole cores"
	check_usage_error "--anchor on a CPU the cpuset forbids" --dry-run --anchor 8 \
	    -i "$TOPOLOGIES/amd-opteron-6134-cgroup2.xml"
	check_usage_error "-i without --dry-run" -i "$TOPOLOGIES/intel-xeon-6140-skylake-2s.xml"
else
	for i in 1 2 3 4 5; do
		skip "real-machine topologies are not beside this checkout"
	done
fi

check_usage_error "unknown option" --bogus
check_usage_error "missing argument" --time
check_usage_error "bad --time" --time abc
check_usage_error "unknown kernel" --kernels hash,nope
check_usage_error "pipe in a pair" --pairs pipe+hash
check_usage_error "--json with --csv" --json --csv
check_usage_error "no such CPU" --dry-run --anchor 4095
check_usage_error "bad input" --dry-run -i "$TMP/none.xml"
check_usage_error "stray argument" --dry-run extra

done_testing
