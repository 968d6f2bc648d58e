# tests/live/time.sh: `smtscope time` runs real commands on this machine.
. tests/lib.sh

LOOP='i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'
# json_get FILE EXPR: print a Python expression over the report `r`.
json_get() {
	python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# A single-threaded loop on all CPUs and on one: two placements, about equal
# (two placements need two allowed CPUs: with one, 'all' is '1').
$SMTSCOPE time --runs 2 --placements all,1 -- sh -c "$LOOP" > "$TMP/loop.txt" 2> "$TMP/loop.err"
ok $? "the loop on all and on 1 CPU exits 0"
if need_cpus 2; then
	grep -q '^all  *[0-9]' "$TMP/loop.txt" && grep -q '^1  *[0-9]' "$TMP/loop.txt"
	ok $? "the text report has a row for 'all' and for '1'"
	grep -q 'all 4 runs succeeded' "$TMP/loop.txt"
	ok $? "the text report says all 4 runs succeeded"
else
	grep -q "^1 .*not run again: same CPUs as 'all'" "$TMP/loop.txt" &&
	    grep -q 'all 2 runs succeeded' "$TMP/loop.txt"
	ok $? "one allowed CPU: '1' is 'all', not run again; 2 runs"
	skip "two placements: $CPUS_WHY"
fi
$SMTSCOPE time --runs 2 --placements all,1 --json -- sh -c "$LOOP" > "$TMP/loop.json" 2> "$TMP/loop.err"
ok $? "the same with --json exits 0"
if [ $have_python = 1 ] && need_cpus 2; then
	# The ratios of wall and user times are bands: tests/physics/time.sh.
	wall_all=$(json_get "$TMP/loop.json" 'r["placements"][0]["wall_s"]["median"]')
	diag "wall on all: $wall_all s"
	num_between "$wall_all" 0.005 300
	ok $? "wall time on all is a time ($wall_all s)"
	n=$(json_get "$TMP/loop.json" 'sum(len(p["runs"]) for p in r["placements"])')
	[ "$n" = 4 ]
	ok $? "2 runs on each of 2 placements (got $n)"
	order=$(json_get "$TMP/loop.json" '",".join(str(x["order"]) for p in r["placements"] for x in p["runs"])')
	[ "$order" = "1,3,2,4" ]
	ok $? "runs alternate between placements (orders $order)"
else
	skip_n 3 "python3 not found, or $CPUS_WHY"
fi

# A failing command: exit 1, its status in the report.
$SMTSCOPE time --runs 2 --placements all -- sh -c 'exit 3' > "$TMP/fail.txt" 2>&1
rc=$?
[ $rc -eq 1 ]
ok $? "a failing command makes smtscope exit 1 (got $rc)"
grep -q 'exit status 3' "$TMP/fail.txt" && grep -q 'FAILED: 2 of 2' "$TMP/fail.txt"
ok $? "the report gives the exit status and the number of failed runs"

# --prepare runs before each run, untimed.
$SMTSCOPE time --runs 2 --placements all,1 --prepare "echo prep >> $TMP/count" \
    -- sh -c "echo run >> $TMP/count" > /dev/null 2>&1
ok $? "--prepare and the command exit 0"
want="prep run prep run prep run prep run "
need_cpus 2 || want="prep run prep run "
[ "$(tr '\n' ' ' < "$TMP/count")" = "$want" ]
ok $? "--prepare ran before each run: $(tr '\n' ' ' < "$TMP/count")"
$SMTSCOPE time --runs 2 --prepare 'exit 5' -- sh -c "echo run >> $TMP/count2" \
    > "$TMP/prep.out" 2> "$TMP/prep.err"
rc=$?
[ $rc -eq 1 ] && [ ! -e "$TMP/count2" ] && grep -q 'exit status 5' "$TMP/prep.err"
ok $? "a failing --prepare stops before the run and exits 1 (got $rc)"

# A command not found: 2, before anything runs.
$SMTSCOPE time --prepare "echo prep >> $TMP/nf" -- smtscope-no-such-command \
    > "$TMP/nf.out" 2> "$TMP/nf.err"
rc=$?
[ $rc -eq 2 ] && [ ! -e "$TMP/nf" ] && [ ! -s "$TMP/nf.out" ] &&
    [ "$(wc -l < "$TMP/nf.err")" -eq 1 ] && grep -q 'not found' "$TMP/nf.err"
ok $? "a command not found exits 2 with one line, before --prepare runs (got $rc)"

# --json: valid, documented keys, the command's stdout on stderr.
# (The output, MARK-2, differs from the command line, which the report quotes.)
$SMTSCOPE time --runs 1 --json -- sh -c 'echo MARK-$((1+1))' > "$TMP/j.json" 2> "$TMP/j.err"
ok $? "--json exits 0"
! grep -q MARK-2 "$TMP/j.json" && grep -q MARK-2 "$TMP/j.err"
ok $? "with --json the command's stdout goes to stderr"
if [ $have_python = 1 ]; then
	python3 -m json.tool "$TMP/j.json" > /dev/null
	ok $? "--json is valid JSON"
	keys=$(json_get "$TMP/j.json" '",".join(sorted(r.keys()))')
	[ "$keys" = "all_over_cores,command,dry_run,estimate_s,failed_runs,kind,machine,notes,placements,prepare,runs,took_s" ]
	ok $? "top-level keys as documented: $keys"
	keys=$(json_get "$TMP/j.json" '",".join(sorted(r["placements"][0].keys()))')
	[ "$keys" = "cpus,failed_runs,maxrss_kb,name,ncores,ncpus,nivcsw_median,nvcsw_median,reason,runs,same_as,status,sys_s,user_s,wall_s" ]
	ok $? "placement keys as documented: $keys"
	keys=$(json_get "$TMP/j.json" '",".join(sorted(r["placements"][0]["runs"][0].keys()))')
	[ "$keys" = "exit_status,maxrss_kb,nivcsw,nvcsw,ok,order,signal,sys_s,user_s,wall_s" ]
	ok $? "run keys as documented: $keys"
	names=$(json_get "$TMP/j.json" '",".join(p["name"] + ":" + p["status"] for p in r["placements"])')
	diag "default placements here: $names"
	case $names in all:run,cores:*,half:*) true ;; *) false ;; esac
	ok $? "the default placements are all, cores, half ($names)"
	smt=$(json_get "$TMP/j.json" 'r["machine"]["smt"]')
	if [ "$smt" = False ]; then
		[ "$names" = "all:run,cores:same,half:refused" ]
		ok $? "without SMT, cores is not run again and half is refused"
	else
		skip "this machine has SMT: cores and half both run"
	fi
else
	skip "python3 not found: cannot check the JSON report"
fi

# --quiet: the command's output goes nowhere.
$SMTSCOPE time --runs 1 --quiet -- sh -c 'echo MARK-$((1+1)); echo MARK-$((2+1)) >&2' \
    > "$TMP/q.out" 2>&1
ok $? "--quiet exits 0"
! grep -q 'MARK-[23]' "$TMP/q.out"
ok $? "--quiet hides the command's stdout and stderr"

# --csv: a header and one row per run.
$SMTSCOPE time --runs 2 --csv --placements all,1 -- true > "$TMP/c.csv" 2> /dev/null
ok $? "--csv exits 0"
if need_cpus 2; then
	head -n 1 "$TMP/c.csv" | grep -q '^placement,status,cpus,' &&
	    [ "$(wc -l < "$TMP/c.csv")" -eq 5 ]
	ok $? "--csv: a header and 4 rows"
else
	skip "--csv of two placements: $CPUS_WHY"
fi
if [ $have_python = 1 ] && need_cpus 2; then
	out=$(python3 -c 'import csv,sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(len(rows), sorted(set(r["unit"] for r in rows)), all(float(r["wall"]) > 0 and
      float(r["wall"]) < 30 for r in rows), sorted(r["order"] for r in rows))' "$TMP/c.csv")
	[ "$out" = "4 ['s'] True ['1', '2', '3', '4']" ]
	ok $? "--csv: the unit column says the times are in seconds ($out)"
else
	skip "python3 not found, or $CPUS_WHY"
fi

# The command really is bound to the placement's CPUs.
if need_cpus 2; then
	$SMTSCOPE time --runs 1 --json --placements "1,cpus=$CPU_B" -- \
	    sh -c 'grep Cpus_allowed_list /proc/self/status' > /dev/null 2> "$TMP/bind.err"
	lists=$(grep Cpus_allowed_list "$TMP/bind.err" | awk '{ print $2 }' | tr '\n' ' ')
	[ "$lists" = "$CPU_A $CPU_B " ]
	ok $? "placements 1 and cpus=$CPU_B bind the command to CPU $CPU_A, then CPU $CPU_B (got: $lists)"
else
	skip "placements on two CPUs: $CPUS_WHY"
fi

# Bad usage: exit 2, one line on stderr, nothing on stdout.
for args in "--bogus -- true" "--runs 0 -- true" "--runs x -- true" \
    "--placements foo -- true" "--placements 0 -- true" "--placements 99999 -- true" \
    "--json --csv -- true" "--runs" "" "--placements cpus=4095 -- true"; do
	# shellcheck disable=SC2086
	$SMTSCOPE time $args > "$TMP/u.out" 2> "$TMP/u.err"
	rc=$?
	[ $rc -eq 2 ] && [ ! -s "$TMP/u.out" ] && [ "$(wc -l < "$TMP/u.err")" -eq 1 ]
	ok $? "'time $args' exits 2 with one line: $(cat "$TMP/u.err")"
done

# Planning for another machine: nothing runs.
$SMTSCOPE time -i "package:2 core:4 pu:2" -- sh -c "echo ran >> $TMP/plan" > "$TMP/plan.txt" 2>&1
ok $? "-i with a synthetic machine exits 0"
[ ! -e "$TMP/plan" ] && grep -q '^half  *8  *4 ' "$TMP/plan.txt" &&
    grep -q 'nothing was run' "$TMP/plan.txt"
ok $? "-i prints the plan (half: 8 CPUs on 4 cores) and runs nothing"
if have_topologies; then
	$SMTSCOPE time -i "$TOPOLOGIES/intel-xeon-6140-skylake-2s.xml" > "$TMP/sky.txt" 2>&1
	grep -q '^cores  *36  *36 ' "$TMP/sky.txt" && grep -q '^half  *36  *18 ' "$TMP/sky.txt"
	ok $? "-i Skylake 2S: cores 36 CPUs on 36 cores, half 36 on 18"
else
	skip "no $TOPOLOGIES: real-machine topologies are not beside this checkout"
fi
$SMTSCOPE time --dry-run -- sh -c "echo ran >> $TMP/dry" > /dev/null 2>&1
[ $? -eq 0 ] && [ ! -e "$TMP/dry" ]
ok $? "--dry-run runs nothing"

# Interrupted: the command's process group is killed, smtscope dies of the signal.
$SMTSCOPE time -- sh -c "sleep 30; echo late > $TMP/late" > /dev/null 2> "$TMP/int.err" &
pid=$!
sleep 1
kill -TERM $pid
wait $pid 2> /dev/null
rc=$?
sleep 1
[ $rc -eq 143 ] && [ ! -e "$TMP/late" ] && grep -q interrupted "$TMP/int.err"
ok $? "SIGTERM stops the command's process group; smtscope dies of it (status $rc)"

# SIGKILL of smtscope during a run: the timed command's whole tree goes too.
left=0
for try in 1 2 3 4 5; do
	$SMTSCOPE time --runs 1 --placements all -- sh -c 'sleep 4242 & sleep 4243; wait' \
	    > /dev/null 2>&1 &
	pid=$!
	n=0
	while ! pgrep -f '^sleep 424[23]$' > /dev/null && [ $n -lt 100 ]; do
		sleep 0.02
		n=$((n + 1))
	done
	kill -KILL "$pid"
	wait "$pid" 2> /dev/null
	n=0
	while pgrep -f '^sleep 424[23]$' > /dev/null && [ $n -lt 20 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	c=$(pgrep -c -f '^sleep 424[23]$')
	left=$((left + c))
	pkill -KILL -f '^sleep 424[23]$' 2> /dev/null
done
[ "$left" -eq 0 ]
ok $? "kill -9 of smtscope time, 5 tries: $left process(es) of the timed tree left"
done_testing
