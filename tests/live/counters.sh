# tests/live/counters.sh: per-load counters where this machine has them, and the
# reason in words where it has not; no descriptor left open by load churn.
. tests/lib.sh

json=$TMP/run.json
$SMTSCOPE run --json --time 0.5 pipe@0,0 spin@all > "$json" 2> "$TMP/err"
ok $? "run --json pipe@0,0 spin@all succeeds"

# field N KEY: the value of KEY in load N (1-based) of the run's JSON.
field() {
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v=d["loads"][int(sys.argv[2])-1][sys.argv[3]]; print("null" if v is None else v)' "$json" "$1" "$2"
}

ctx=$(field 1 ctx_switches_per_s)
num_between "$ctx" 1 1e12
ok $? "the pipe load's ctx_switches_per_s is a number ($ctx)"
mig=$(field 2 migrations_per_s)
num_between "$mig" 0 1e12
ok $? "the floating load's migrations_per_s is a number ($mig)"
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
done_testing
