#!/bin/sh
# tests/live/infer.sh: `smtscope check --infer` (hidden siblings): its plan
# on this and other machines, its usage errors, a short real run's JSON and
# a signal in the middle. What must hold on a busy machine too; the
# classification bands are in tests/physics/infer.sh (make check-live).
. tests/lib.sh

check_usage_error "--infer with --csv" --infer --csv
check_usage_error "--infer with --kernels" --infer --kernels hash
check_usage_error "--infer with a pair that is not one" --infer=0-1
check_usage_error "--infer with a CPU that is not there" --infer=0:4096
check_usage_error "--infer with an empty list" --infer=
check_usage_error "--infer with a bad --time" --infer --time 0
check_usage_error "--infer on another machine without --dry-run" --infer -i "pack:1 core:2 pu:2"

# The plan: this machine (a pair of the CPUs this test may use), and a
# synthetic one with SMT.
"$SMTSCOPE" check --infer --dry-run > "$TMP/dry.out" 2>&1
rc=$?
if need_cpus 2; then
	[ $rc -eq 0 ] && grep -q '^Plan: [0-9]* pair' "$TMP/dry.out" &&
	    ! grep -q '^Verdict' "$TMP/dry.out"
	ok $? "--infer --dry-run plans and measures nothing: $(grep '^Plan' "$TMP/dry.out")"
else
	[ $rc -eq 2 ] && grep -q "needs two allowed logical CPUs; this process may use 1" \
	    "$TMP/dry.out"
	ok $? "--infer --dry-run with one allowed CPU: exit 2, why ($(cat "$TMP/dry.out"))"
fi
A=$CPU_A B=$CPU_B
"$SMTSCOPE" check --infer --dry-run -i "pack:1 core:4 pu:2" > "$TMP/syn.out" 2>&1
grep -q 'CPUs 0 and 1: reported smt-sibling' "$TMP/syn.out"
ok $? "on 4 cores x 2 threads, the plan has a reported sibling pair"

# A short real run on two pairs: the JSON says what each pair measured.
if [ $have_python -eq 1 ] && need_cpus 2; then
	start=$(date +%s)
	"$SMTSCOPE" check --infer="$A:$A,$A:$B" --time 0.05 --json > "$TMP/inf.json" \
	    2> "$TMP/inf.err"
	rc=$?
	el=$(( $(date +%s) - start ))
	out=$(python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))["infer"]
p = j["pairs"]
e = p[0]["evidence"]
print(len(p), p[0]["reported"], p[1]["reported"],
      all(q["measured"] in ("same-pu", "smt", "cores", "cores-near", "cores-far", "unclear") for q in p),
      len(e["int_repeats"]) == j["repeats"] and all(x is None or x > 0 for x in e["int_repeats"]),
      p[1]["confidence"] in ("clear", "unclear"), isinstance(p[1]["why"], str) and p[1]["why"] != "")
' "$TMP/inf.json" 2>&1)
	[ $rc -eq 0 ] && { [ "$out" = "2 same-pu shared-l3 True True True True" ] ||
	    [ "$out" = "2 same-pu same-package True True True True" ]; }
	ok $? "--infer=$A:$A,$A:$B --json: two pairs with their evidence ($el s): $out"
else
	skip "python3 is not installed, or $CPUS_WHY"
fi

# A terminating signal stops the loads, and check dies of it.
if ! need_cpus 2; then
	skip "SIGINT during --infer: $CPUS_WHY"
	done_testing
	exit
fi
# A background job of sh starts with SIGINT ignored, which smtscope keeps.
env --default-signal=INT,QUIT "$SMTSCOPE" check --infer="$A:$B" --time 1 > /dev/null 2> "$TMP/sig.err" &
pid=$!
kid=
i=0
while [ -z "$kid" ] && [ $i -lt 100 ]; do
	kid=$(proc_kids $pid | cut -d' ' -f1)
	sleep 0.05
	i=$((i + 1))
done
kill -INT $pid
wait $pid
st=$?
procs_wait_gone 10 $kid
[ $st -eq 130 ] && grep -q "interrupted by signal 2" "$TMP/sig.err" &&
    { [ -z "$kid" ] || procs_gone $kid; }
ok $? "SIGINT: loads stopped, check --infer dies of the signal (status $st, wanted 130: $(cat "$TMP/sig.err"); load ${kid:-none} left: $(procs_left $kid || echo no))"
done_testing
