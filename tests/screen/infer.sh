#!/bin/sh
# tests/screen/infer.sh: a check --infer result on the screen (--infer-from):
# a pair it measured unlike the topology is marked on both CPUs' rows, the
# header has the legend, the info line the evidence; a result that agrees
# marks nothing; a file of another machine, a missing one, or another kind
# is refused with one line naming it.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc
TM_W=160

if ! need_cpus 2 || ! command -v python3 > /dev/null 2>&1; then
	skip "$CPUS_WHY, and python3"
	done_testing
	exit 0
fi
# A real result of this machine (short windows: its figures are not the point),
# on the first two CPUs this test may use.
A=$CPU_A B=$CPU_B
$SMTSCOPE check --infer="$A:$B" --time 0.05 --json > "$TMP/real.json" 2> /dev/null
ok $? "check --infer=$A:$B --json writes a result"
# The same result, said to have found CPUs 0 and 1 to be one core's threads.
python3 - "$TMP/real.json" "$TMP/smt.json" "$TMP/agree.json" "$TMP/big.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
p = j["infer"]["pairs"][0]
p.update(measured="smt", confidence="clear", agrees=False)
p["evidence"].update(int_yield=1.15, chase_yield=1.92)
json.dump(j, open(sys.argv[2], "w"))
p.update(measured="cores", agrees=True)
json.dump(j, open(sys.argv[3], "w"))
j["machine"]["topology"]["pus"] = 384
json.dump(j, open(sys.argv[4], "w"))
PY

check "starts with --infer-from a result that found siblings" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE --infer-from $TMP/smt.json"
check "CPU $A's row marks its measured sibling CPU $B" tm_wait "CPU $A .*┄sib $B"
check "CPU $B's row marks CPU $A" tm_wait "CPU $B .*┄sib $A"
check "the header has the legend" tm_wait '┄ check --infer: 1 pair unlike the topology'
check "the info line gives the cursor's CPU the evidence" \
    tm_wait "measured with CPU $B: SMT siblings of one core \(yields: int 1.15, chase 1.92\), unlike the topology"
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

# At 80x24 the marks stay, the legend is whole in the longest form that fits
# (the long one where the header has room: no BUSY beside it), help and quit stay.
TM_W=80 TM_H=24
check "80x24: starts" tm_start "LANG=C.UTF-8 $SMTSCOPE --infer-from $TMP/smt.json -l spin@$A"
check "80x24: CPU $A's row keeps its mark" tm_wait "CPU $A .*┄sib $B"
check "80x24: the legend is whole, in a form that fits" \
    tm_wait '┄ (check --infer: 1 pair unlike the topology|--infer: 1( unlike topology)?)( |$)'
check "80x24: ? help and q quit on the status line" tm_wait '\? help q quit'
tm_keys q
tm_end
TM_W=160 TM_H=40

check "an ASCII terminal marks with a colon" \
    tm_start "LANG=C $SMTSCOPE --infer-from $TMP/smt.json"
check "CPU $A's row: :sib $B" tm_wait "CPU $A .*:sib $B"
tm_keys q
tm_end

check "a result that agrees with the topology" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE --infer-from $TMP/agree.json"
check "says the pairs behave as reported" tm_wait 'check --infer: as reported'
tm_cap | grep -q '┄sib'
[ $? -ne 0 ]
ok $? "and marks no CPU"
tm_keys q
tm_end

# refused WHAT FILE PATTERN: exit 2, one line naming the file.
refused() {
	$SMTSCOPE --infer-from "$2" > "$TMP/out" 2> "$TMP/err" < /dev/null
	_rc=$?
	[ $_rc -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q "$3" "$TMP/err"
	ok $? "$1: exit 2, one line ($_rc: $(cat "$TMP/err"))"
}
refused "a result of a 384-CPU machine" "$TMP/big.json" "big.json: measured on a machine of 384"
refused "a missing file" "$TMP/nosuch.json" "nosuch.json: No such file"
$SMTSCOPE run --time 0.1 --json "spin@$A" > "$TMP/run.json" 2> /dev/null
refused "a run result" "$TMP/run.json" "not a check --infer --json result (kind 'run')"
done_testing
