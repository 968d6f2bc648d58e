# tests/live/counters.sh: per-load counters where this machine has them, and the
# reason in words where it has not; no descriptor left open by load churn.
. tests/lib.sh

json=$TMP/run.json
$SMTSCOPE run --json --time 0.5 "pipe@$CPU_A,$CPU_A" spin@all > "$json" 2> "$TMP/err"
ok $? "run --json pipe@$CPU_A,$CPU_A spin@all succeeds"

# field N KEY: the value of KEY in load N (1-based) of the run's JSON.
field() {
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v=d["loads"][int(sys.argv[2])-1][sys.argv[3]]; print("null" if v is None else v)' "$json" "$1" "$2"
}

ctx=$(field 1 ctx_switches_per_s)
mig=$(field 2 migrations_per_s)
if [ "$ctx" = null ]; then
	# Unprivileged at perf_event_paranoid 2: user-only counting sees no switch.
	field 1 counters_unavailable | grep -q 'context switches and migrations need kernel.perf_event_paranoid <= 1'
	ok $? "no ctx_switches_per_s, and the reason: '$(field 1 counters_unavailable)'"
	[ "$mig" = null ]
	ok $? "no migrations_per_s either"
else
	num_between "$ctx" 1 1e12
	ok $? "the pipe load's ctx_switches_per_s is a number ($ctx)"
	num_between "$mig" 0 1e12
	ok $? "the floating load's migrations_per_s is a number ($mig)"
fi
seen=$(field 2 cpus_seen)
case "$seen" in \[*\]) true ;; *) false ;; esac
ok $? "the floating load says where it ran ($seen)"

ipc=$(field 1 ipc)
why=$(field 1 counters_unavailable)
if [ "$ipc" = null ]; then
	case "$why" in
	*PMU*|*perf_event_paranoid*|*CAP_PERFMON*) true ;;
	*) false ;;
	esac
	ok $? "ipc is null with a reason naming the PMU or perf_event_paranoid: '$why'"
	ghz=$(field 1 ghz)
	[ "$ghz" = null ] && [ "$(field 1 solo_ipc)" = null ]
	ok $? "ghz and solo_ipc are null too, not zero"
else
	num_between "$ipc" 0.01 20
	ok $? "ipc is a number in a sane range ($ipc)"
	[ "$why" = null ] || case "$why" in *cache*) true ;; *) false ;; esac
	ok $? "no reason, or only the LLC event missing: '$why'"
fi
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=d["cpus"][0]; assert "mhz" in c and "temp_c" in c; assert d["watts"] is not None or d["watts_unavailable"]; assert d["temp_c"] is not None or d["temp_unavailable"]; assert d["mhz_source"] is not None or d["mhz_unavailable"]' "$json"
ok $? "per CPU mhz and temp_c, package watts: each a number or a reason"

# check: the facts list what can be counted and sensed; each cell's IPC alone and together.
$SMTSCOPE check --json --kernels hash --time 0.2 > "$TMP/check.json" 2> /dev/null
python3 - "$TMP/check.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
c, s = j["facts"]["counters"], j["facts"]["sensors"]
assert c["software"] is True or c["software_unavailable"]
assert c["hardware"] is True or c["hardware_unavailable"]
assert s["mhz_source"] is not None and (s["temp_source"] or s["temp_unavailable"])
assert s["rapl"] is True or s["watts_unavailable"]
for cell in j["results"]["hash"].values():
    if cell is None:
        continue
    for k in ("ipc_alone", "ipc_together"):
        v = cell[k]
        assert (v is None) == (not c["hardware"]), (k, v)
        assert v is None or 0 < v < 20, (k, v)
PY
ok $? "check --json: counters and sensors in the facts; ipc_alone, ipc_together null without hardware counters"

# No descriptor leak over 200 starts and stops (pipe, fork, floating hash).
if [ -x tests/helpers/churn ]; then
	mkfifo "$TMP/in"
	exec 3<> "$TMP/in"
	tests/helpers/churn 200 <&3 > "$TMP/churn.out" 2> "$TMP/churn.err" &
	pid=$!
	i=0
	while ! grep -q ready "$TMP/churn.out" && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
	before=$(ls /proc/$pid/fd | wc -l)
	echo go >&3
	i=0
	while ! grep -q done "$TMP/churn.out" && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
	after=$(ls /proc/$pid/fd | wc -l)
	echo go >&3
	wait $pid
	rc=$?
	exec 3>&-
	grep -q "done 200" "$TMP/churn.out"
	ok $? "200 loads started and stopped, each with counters open ($(cat "$TMP/churn.out" "$TMP/churn.err" | tr '\n' ' '))"
	[ "$rc" -eq 0 ] && [ "$before" -gt 0 ] && [ "$before" -eq "$after" ]
	ok $? "no descriptor leaked: $before open before, $after after"
else
	skip "tests/helpers/churn is not built"
fi

# The live screen: the reason once in the header, no zero-filled IPC column,
# MHz on CPU rows where known, the cursor load's counters on the info line.
if command -v tmux > /dev/null 2>&1; then
	. tests/screen/tmux.inc
	TM_W=220
	B=${CPU_B:-$CPU_A}
	tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$CPU_A -l pipe@$B,$B"
	# The cursor's CPU holds spin#1, and pipe#2 too when one CPU is allowed.
	tm_wait '(spin#1|pipe#2), [0-9]+ cs/s' 10
	ok $? "the info line gives the cursor load's counters"
	cap=$(tm_cap)
	hdr=$(echo "$cap" | sed -n 2p)
	title=$(echo "$cap" | grep ' LOAD ' | head -n 1)
	if [ "$ipc" = null ]; then
		short=$(echo "$why" | sed 's/^no hardware counters: /IPC n\/a: /')
		[ "$(echo "$cap" | grep -c -F "$short")" -eq 1 ] &&
		    echo "$hdr" | grep -q -F "$short"
		ok $? "the header says once: '$short'"
		echo "$title" | grep -q -v -e IPC -e GHz
		ok $? "no IPC or GHz column: '$title'"
	else
		echo "$title" | grep -q 'IPC.*GHz'
		ok $? "IPC and GHz columns: '$title'"
		skip "hardware counters here: no reason to show"
	fi
	mhz=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["cpus"][0]["mhz"])' "$json")
	if [ "$mhz" != None ]; then
		echo "$cap" | grep -q -E "CPU $CPU_A .*[0-9]+MHz"
		ok $? "CPU $CPU_A's row shows its MHz"
	else
		echo "$cap" | grep -q -v -E 'CPU [0-9]+ .*MHz'
		ok $? "no MHz on CPU rows where none is known"
	fi
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' 5
	ok $? "q quits"
	tm_end
else
	skip "no tmux: the screen is not checked"
fi
done_testing
