#!/bin/sh
# tests/live/idle.sh: `smtscope check --idle` on this machine, figures not
# asserted (tests/physics/idle.sh holds the band): its plan, text, JSON and
# CSV; the hold refused without write access, said in one line; a machine
# without cpuidle; --idle=states on a copy of tests/data/sys-idle under
# SMTSCOPE_ROOT: each flag written back, a SIGKILL included, a record left
# behind refused and restored, and as another user, refused in one line
# naming it (only root restores root's record); the usage errors.
. tests/lib.sh

NOACCESS='idle hold needs write access to /dev/cpu_dma_latency (root or CAP_SYS_ADMIN)'

# flags ROOT: every cpuidle disable flag under ROOT, one "path value" a line.
flags() {
	for _f in "$1"/sys/devices/system/cpu/cpu*/cpuidle/state*/disable; do
		[ -f "$_f" ] && echo "${_f#"$1"} $(cat "$_f")"
	done
}

# cpu_allowed N: may this process run on CPU N (its Cpus_allowed_list)?
cpu_allowed() {
	sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$$/status | tr ',' '\n' |
	    awk -F- -v n="$1" '{ hi = NF > 1 ? $2 : $1; if (n >= $1 && n <= hi) f = 1 } END { exit !f }'
}

# The first CPU this process may use: the check's anchor.
FIRST=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$$/status | sed 's/[-,].*//')

# tree: a fresh copy of the fixture tree with a run/ directory; its path.
tree() {
	_t=$(mktemp -d "$TMP/tree.XXXXXX")
	cp -R tests/data/sys-idle/. "$_t" && mkdir "$_t/run" && chmod -R a+rX "$_t" &&
	    chmod 755 "$TMP" && echo "$_t"
}

# A machine that reports SMT: CPUs 0 and 1 as one core's two threads.
lstopo -i "pack:1 core:1 pu:2" --of xml > "$TMP/one.xml" 2> /dev/null ||
    echo > "$TMP/one.xml"
chmod 755 "$TMP" && chmod 644 "$TMP/one.xml"
# The reason the tour gives for its held step where this machine idles
# without a cpuidle driver (a VM on the kernel's default idle); empty
# where it has one.
DRIVERLESS=
if [ ! -e /sys/devices/system/cpu/cpuidle/current_driver ] ||
    [ "$(cat /sys/devices/system/cpu/cpuidle/current_driver 2> /dev/null)" = none ]; then
	DRIVERLESS='no cpuidle driver: idle CPUs run the kernel'"'"'s default idle'
fi

check_usage_error "--idle=bogus" --idle=bogus
check_usage_error "--idle with a kernel it does not measure" --idle --kernels pipe,hash
check_usage_error "--idle with --pairs" --idle --pairs hash+fp
check_usage_error "--idle with --scheduler" --idle --scheduler
check_usage_error "--idle and --infer" --idle --infer
check_usage_error "--idle=restore with another option" --idle=restore --json

"$SMTSCOPE" check --idle --dry-run > "$TMP/dry.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '^Idle, what waking an idle CPU costs: pipe, fork on same-pu' \
    "$TMP/dry.out" && grep -q '^  windows   [0-9]* of [0-9.]* s or less: 3 rounds' "$TMP/dry.out"
ok $? "check --idle --dry-run: the plan names both kernels, the relations and the windows"
if [ "$(id -u)" -eq 0 ] && [ -w /dev/cpu_dma_latency ]; then
	grep -q '^  hold      PM QoS: /dev/cpu_dma_latency held at 0$' "$TMP/dry.out"
	ok $? "as root: the hold is PM QoS"
else
	skip "not root: the hold's plan as root"
fi

# A real run, short windows: the figures' shape, not their size.
"$SMTSCOPE" check --idle --kernels pipe --time 0.1 --json > "$TMP/run.json" 2> "$TMP/run.err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$TMP/run.err" ]
ok $? "check --idle --kernels pipe --time 0.1 --json exits 0, quietly (rc $rc: $(head -n 2 "$TMP/run.err"))"
if [ $have_python -eq 1 ]; then
	keys=$(jq_py "$TMP/run.json" '",".join(sorted(j["idle"]))')
	[ "$keys" = "driver,hold,hold_unavailable,how,qos_before_us,residency_unavailable,results,rounds,section,states,unit,window_seconds,windows" ]
	ok $? "the idle object's members ($keys)"
	keys=$(jq_py "$TMP/run.json" '",".join(sorted(j["idle"]["results"]["pipe"]["same-pu"]))')
	[ "$keys" = "as_is_spread,as_is_us,cpu,disturbed,error,held_spread,held_us,partner,ratio,residency,wake_spread_us,wake_us,windows" ]
	ok $? "a cell's members ($keys)"
	v=$(jq_py "$TMP/run.json" '(lambda i, c: "%d %s %s %d" % (len(c["windows"]["as_is"]), c["as_is_us"] > 0, abs(c["wake_us"] - (c["as_is_us"] - c["held_us"])) < 0.01 if i["hold"] else "nohold", len(j["results"])))(j["idle"], j["idle"]["results"]["pipe"]["same-pu"])')
	case $v in
	"3 True True 0"|"3 True nohold 0") ok 0 "three as-is windows, a time, the cost is as is less held, no co-run rows ($v)" ;;
	*) ok 1 "three as-is windows, a time, the cost is as is less held, no co-run rows ($v)" ;;
	esac
else
	skip "python3 is not installed: JSON checks"
	skip "python3 is not installed: JSON checks"
	skip "python3 is not installed: JSON checks"
fi
"$SMTSCOPE" check --idle --kernels fork --time 0.1 --anchor $FIRST > "$TMP/run.txt" 2>&1
rc=$?
# A window others starved says so in the cell's place (a busy machine).
[ $rc -eq 0 ] && grep -q "^fork+exit+wait, anchor CPU $FIRST:\$" "$TMP/run.txt" &&
    grep -Eq '^  same-pu        (~*idle as is [0-9.]* µs|failed: the load made no progress in a window \(others took its CPUs)' "$TMP/run.txt"
ok $? "text: a block per kernel, a line per relation in the lore's terms (rc $rc: $(grep '^  same-pu' "$TMP/run.txt"))"
"$SMTSCOPE" check --idle --kernels pipe --time 0.1 --csv > "$TMP/run.csv" 2>&1
rc=$?
[ $rc -eq 0 ] && head -n 1 "$TMP/run.csv" | grep -qx 'kernel,relation,anchor,cpu,idle,unit,us,spread,wake_us,wake_spread_us,ratio,residency,status' &&
    grep -q '^pipe,same-pu,[0-9]*,[0-9]*,as_is,us,[0-9.]*,' "$TMP/run.csv"
ok $? "CSV: its header and a row per relation and column (rc $rc)"

"$SMTSCOPE" check --idle --kernels pipe --time 0.1 --svg "$TMP/idle.svg" > /dev/null 2>&1
rc=$?
if [ $have_python -eq 1 ]; then
	v=$(python3 -c 'import sys, xml.dom.minidom as m
d = m.parse(sys.argv[1])
t = [n.firstChild.data for n in d.getElementsByTagName("text") if n.firstChild]
import re
# same-pu is one CPU shared by two loads, never "CPUs 0 and 0" (issue 37).
same = [x for x in t if re.search(r"CPUs (\d+) and \1\)", x)]
print("%s|%d%s" % (t[0], sum(1 for x in t if x.startswith("pipe round trip on ")),
    "|one CPU as two: " + same[0] if same else ""))' "$TMP/idle.svg" 2>&1)
	[ $rc -eq 0 ] && [ "$v" = "smtscope check --idle: what waking an idle CPU costs|$(sed -n '/^Plan:/,/^$/p' "$TMP/dry.out" | grep -c '^  [a-z0-9-]* *CPU [0-9]')" ]
	ok $? "--svg: an XML document, a group of bars per relation ($v)"
else
	skip "python3 is not installed: SVG checks"
fi

# Without write access: one line, the as-is column alone.
LUID=$(free_uid)
UBIN= UBIN_WHY=
if [ "$(id -u)" -eq 0 ] && [ -n "$LUID" ] && command -v setpriv > /dev/null; then
	uid_bindir "$LUID"
fi
if [ -n "$UBIN" ]; then
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups \
	    "$UBIN/smtscope" check --idle --kernels pipe --time 0.1 > "$TMP/uid.out" 2>&1
	rc=$?
	n=$(grep -c -F "$NOACCESS" "$TMP/uid.out")
	[ $rc -eq 0 ] && [ "$n" -eq 1 ] && grep -q "^  hold      $NOACCESS\$" "$TMP/uid.out" &&
	    grep -q 'held n/a' "$TMP/uid.out" && ! grep -q 'waking costs' "$TMP/uid.out"
	ok $? "without write access: said once, in one line; as is alone (rc $rc, $n times)"
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups \
	    "$UBIN/smtscope" check --idle --kernels pipe --time 0.1 --json > "$TMP/uid.json" 2>&1
	if [ $have_python -eq 1 ]; then
		v=$(jq_py "$TMP/uid.json" '"%s|%s|%s" % (j["idle"]["hold"], j["idle"]["hold_unavailable"], j["idle"]["results"]["pipe"]["same-pu"]["held_us"])')
		[ "$v" = "False|$NOACCESS|None" ]
		ok $? "without write access, JSON: hold false, the reason, held null ($v)"
	else
		skip "python3 is not installed: JSON checks"
	fi
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups "$UBIN/smtscope" check \
	    --kernels pipe --time 0.1 > "$TMP/uid-check.out" 2>&1
	rc=$?
	[ $rc -eq 0 ] && [ "$(grep -c -F "$NOACCESS" "$TMP/uid-check.out")" -eq 1 ] &&
	    grep -q '^Idle, what waking an idle CPU costs: no section in this check$' "$TMP/uid-check.out" &&
	    ! grep -q '^Waking an idle CPU' "$TMP/uid-check.out"
	ok $? "the default check without write access: no idle section, the reason once (rc $rc)"
	if cpu_allowed 0 && cpu_allowed 1; then
		setpriv --reuid="$LUID" --regid="$LUID" --clear-groups env \
		    HWLOC_XMLFILE="$TMP/one.xml" HWLOC_THISSYSTEM=1 "$UBIN/smtscope" tour \
		    --check doc/tours/wakeup-latency.tour > "$TMP/uid-tour.out" 2>&1
		# Without a cpuidle driver that reason comes first, for root too.
		why=$NOACCESS
		[ -n "$DRIVERLESS" ] && why=$DRIVERLESS
		grep -q -F "step 7 (Waking an idle sibling: idle held) is skipped here: $why" \
		    "$TMP/uid-tour.out" && ! grep -q 'step 6 .* is skipped' "$TMP/uid-tour.out"
		ok $? "the tour's held step is skipped without write access, saying why ($why)"
	else
		skip "CPUs 0 and 1 are not both allowed here: the tour's sibling steps are skipped for that"
	fi
	t=$(tree)
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups env SMTSCOPE_ROOT="$t" \
	    "$UBIN/smtscope" check --idle=states --kernels pipe --dry-run > "$TMP/uid-st.out" 2>&1
	rc=$?
	[ $rc -eq 0 ] && grep -q '^  hold      idle states cannot be disabled: .*/disable: Permission denied$' \
	    "$TMP/uid-st.out"
	ok $? "--idle=states where /sys cannot be written: says so (rc $rc: $(grep hold "$TMP/uid-st.out"))"
	# Root's record, in a directory only root may enter: another user cannot restore it.
	mkdir -p "$t/run/smtscope" && chmod 700 "$t/run/smtscope" &&
	    printf 'pid 1\n0 1 0 C1\n' > "$t/run/smtscope/idle-states"
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups env SMTSCOPE_ROOT="$t" \
	    "$UBIN/smtscope" check --idle=restore > "$TMP/uid-rest.out" 2>&1
	rc=$?
	[ $rc -eq 1 ] && [ "$(wc -l < "$TMP/uid-rest.out")" -eq 1 ] &&
	    grep -qxF "smtscope: check: --idle=restore: $t/run/smtscope/idle-states: only root can restore it; run this as root" \
	    "$TMP/uid-rest.out" && [ -e "$t/run/smtscope/idle-states" ]
	ok $? "--idle=restore of root's record as another user: exit 1, one line naming it (rc $rc: $(cat "$TMP/uid-rest.out"))"
else
	for i in 1 2 3 4 5 6; do
		skip "no unused uid to run as (${UBIN_WHY:-not root, or no setpriv})"
	done
fi

# No cpuidle, no PM QoS device: each said once, with the reason.
SMTSCOPE_ROOT=tests/data/sys-bare "$SMTSCOPE" check --idle --kernels pipe --dry-run \
    > "$TMP/bare.out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c 'no cpuidle in sysfs' "$TMP/bare.out")" -eq 1 ] &&
    [ "$(grep -c 'no PM QoS device' "$TMP/bare.out")" -eq 1 ]
ok $? "without cpuidle nor a PM QoS device: each said once (rc $rc)"
SMTSCOPE_ROOT=tests/data/sys-vm "$SMTSCOPE" check --idle --kernels pipe --dry-run \
    > "$TMP/vm.out" 2>&1
grep -q '^  residency no cpuidle driver' "$TMP/vm.out"
ok $? "a hypervisor's machine without a cpuidle driver: the residency says why ($(grep residency "$TMP/vm.out"))"

# --idle=states on a fixture tree: the flags held in each held window, written back.
if t=$(tree); then
	flags "$t" > "$TMP/before"
	SMTSCOPE_ROOT=$t "$SMTSCOPE" check --idle=states --kernels pipe --time 0.1 --json \
	    > "$TMP/st.json" 2> "$TMP/st.err"
	rc=$?
	flags "$t" > "$TMP/after"
	# 1 is a measurement that failed (a 0.1 s window on a loaded machine can
	# see no round trip); the flags are written back all the same.
	why=$(head -n 1 "$TMP/st.err")
	[ $rc -eq 1 ] && why="a measurement failed: $(grep -o '"error":"[^"]*"' "$TMP/st.json" | head -n 1)"
	[ $rc -le 1 ] && cmp -s "$TMP/before" "$TMP/after" && [ ! -e "$t/run/smtscope/idle-states" ]
	ok $? "--idle=states: every flag as it was after, the record gone (rc $rc: $why)"
	if [ $have_python -eq 1 ]; then
		v=$(jq_py "$TMP/st.json" '"%s %s %d" % (j["idle"]["how"], j["idle"]["hold"], len(j["idle"]["results"]["pipe"]["same-pu"]["windows"]["held"]))')
		[ "$v" = "states True 3" ]
		ok $? "--idle=states held its windows ($v)"
	else
		skip "python3 is not installed: JSON checks"
	fi

	# after_guard TREE: wait (5 s at most) for the guard to remove the
	# record, then the flags into $TMP/after.
	after_guard() {
		_n=0
		while [ $_n -lt 100 ] && [ -e "$1/run/smtscope/idle-states" ]; do
			sleep 0.05
			_n=$((_n + 1))
		done
		flags "$1" > "$TMP/after"
	}

	# Killed while it runs: the guard writes them back.
	SMTSCOPE_ROOT=$t "$SMTSCOPE" check --idle=states --kernels pipe --time 0.3 \
	    > /dev/null 2>&1 &
	pid=$!
	n=0
	while [ $n -lt 200 ] && ! grep -q 1 "$t/sys/devices/system/cpu/cpu$FIRST/cpuidle/state1/disable"; do
		sleep 0.05
		n=$((n + 1))
	done
	held=$(cat "$t/sys/devices/system/cpu/cpu$FIRST/cpuidle/state1/disable")
	kill -KILL $pid
	wait $pid 2> /dev/null
	after_guard "$t"
	[ "$held" = 1 ] && cmp -s "$TMP/before" "$TMP/after" && [ ! -e "$t/run/smtscope/idle-states" ]
	ok $? "SIGKILL while held (C1's flag $held): the guard wrote every flag back, removed the record"

	# Two at once (two cron jobs in one minute): the second refuses, naming
	# the first; the flags end as they were. The record is there from the
	# hold's start to its end.
	env --default-signal=INT,QUIT SMTSCOPE_ROOT=$t "$SMTSCOPE" check --idle=states \
	    --kernels pipe --time 0.5 > /dev/null 2>&1 &
	pid=$!
	n=0
	while [ $n -lt 200 ] && [ ! -e "$t/run/smtscope/idle-states" ]; do
		sleep 0.05
		n=$((n + 1))
	done
	SMTSCOPE_ROOT=$t timeout 60 "$SMTSCOPE" check --idle=states --kernels pipe --time 0.1 \
	    > "$TMP/two.out" 2> "$TMP/two.err"
	rc=$?
	kill -INT $pid 2> /dev/null
	n=0
	while [ $n -lt 300 ] && kill -0 $pid 2> /dev/null; do
		sleep 0.1
		n=$((n + 1))
	done
	kill -KILL $pid 2> /dev/null
	wait $pid 2> /dev/null
	after_guard "$t"
	[ $rc -eq 1 ] && [ "$(wc -l < "$TMP/two.err")" -eq 1 ] &&
	    grep -q "another smtscope (pid $pid) holds idle states disabled" "$TMP/two.err" &&
	    cmp -s "$TMP/before" "$TMP/after" && [ ! -e "$t/run/smtscope/idle-states" ]
	ok $? "two --idle=states at once: the second refuses in one line naming the first, the flags end as they were (rc $rc: $(cat "$TMP/two.err"))"

	# A record left behind (the guard killed too): every check refuses until restore.
	sh -c 'exit 0' &
	dead=$!
	wait $dead
	mkdir -p "$t/run/smtscope"
	printf 'pid %s\n0 1 0 C1\n1 1 0 C1\n' "$dead" > "$t/run/smtscope/idle-states"
	echo 1 > "$t/sys/devices/system/cpu/cpu1/cpuidle/state1/disable"
	SMTSCOPE_ROOT=$t "$SMTSCOPE" check --kernels pipe --time 0.1 > "$TMP/ref.out" 2> "$TMP/ref.err"
	rc=$?
	[ $rc -eq 1 ] && [ ! -s "$TMP/ref.out" ] && [ "$(wc -l < "$TMP/ref.err")" -eq 1 ] &&
	    grep -q "^smtscope: check: a previous smtscope (pid $dead) left idle states disabled: CPU 1 C1 (recorded in .*); \`smtscope check --idle=restore\` writes them back$" "$TMP/ref.err"
	ok $? "a record left behind: check refuses in one line naming the state (rc $rc: $(cat "$TMP/ref.err"))"
	SMTSCOPE_ROOT=$t "$SMTSCOPE" check --idle=restore > "$TMP/rest.out" 2>&1
	rc=$?
	flags "$t" > "$TMP/after"
	[ $rc -eq 0 ] && cmp -s "$TMP/before" "$TMP/after" && [ ! -e "$t/run/smtscope/idle-states" ] &&
	    grep -q 'CPU 1 C1 enabled' "$TMP/rest.out"
	ok $? "--idle=restore writes them back and removes the record (rc $rc: $(cat "$TMP/rest.out"))"
	SMTSCOPE_ROOT=$t "$SMTSCOPE" check --idle=restore > "$TMP/rest.out" 2>&1
	[ $? -eq 0 ] && grep -q '^nothing to restore' "$TMP/rest.out"
	ok $? "--idle=restore with nothing left: says so, exit 0"
else
	for i in 1 2 3 4 5 6 7; do
		skip "no copy of the fixture tree in $TMP"
	done
fi
# The tour's step: idle held while it lasts, let go after.
holders() {
	for _p in /proc/[0-9]*; do
		ls -l "$_p/fd" 2> /dev/null | grep -q ' -> /dev/cpu_dma_latency$' &&
		    echo "${_p#/proc/}"
	done
}
if [ -n "$DRIVERLESS" ] && [ -s "$TMP/one.xml" ]; then
	# No cpuidle driver: holding idle changes nothing, the tour says so.
	HWLOC_XMLFILE="$TMP/one.xml" HWLOC_THISSYSTEM=1 "$SMTSCOPE" tour --headless --step 1 \
	    doc/tours/wakeup-latency.tour > "$TMP/tour.out" 2>&1 &
	pid=$!
	seen=0
	while kill -0 $pid 2> /dev/null; do
		holders | grep -qx "$pid" && seen=$((seen + 1))
		sleep 0.1
	done
	wait $pid
	rc=$?
	[ $rc -eq 0 ] && [ $seen -eq 0 ] &&
	    grep -q '^== Step 7/7: Waking an idle sibling: idle held' "$TMP/tour.out" &&
	    grep -q -F "    skipped: $DRIVERLESS" "$TMP/tour.out"
	ok $? "no cpuidle driver here: the tour skips its held step saying why, holds nothing ($seen sightings, rc $rc)"
elif [ "$(id -u)" -eq 0 ] && [ -w /dev/cpu_dma_latency ] && [ -s "$TMP/one.xml" ] &&
    cpu_allowed 0 && cpu_allowed 1; then
	HWLOC_XMLFILE="$TMP/one.xml" HWLOC_THISSYSTEM=1 "$SMTSCOPE" tour --headless --step 1 \
	    doc/tours/wakeup-latency.tour > "$TMP/tour.out" 2>&1 &
	pid=$!
	seen=0
	while kill -0 $pid 2> /dev/null; do
		holders | grep -qx "$pid" && seen=$((seen + 1))
		sleep 0.1
	done
	wait $pid
	rc=$?
	[ $rc -eq 0 ] && [ $seen -gt 0 ] && ! holders | grep -qx "$pid" &&
	    grep -q '^== Step 7/7: Waking an idle sibling: idle held' "$TMP/tour.out"
	ok $? "the tour holds idle in its held step ($seen sightings), and lets go (rc $rc)"
else
	skip "not root, no lstopo, or CPUs 0 and 1 not both allowed: the tour's held step"
fi

# Recordings: the header names the states, each sample their shares per CPU.
if [ $have_python -eq 1 ] && t=$(tree); then
	SMTSCOPE_ROOT=$t "$SMTSCOPE" record -o "$TMP/r.jsonl" --time 2 -d 5 -l spin@$FIRST \
	    > /dev/null 2>&1
	rc=$?
	v=$(python3 -c 'import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
h = lines[0]
s = [l for l in lines if "c" in l]
print("%s|%s|%d|%s" % (h["idle_states"], h["idle_unavailable"], len(s),
    all(len(x["i"]) == len(h["cpus"]) and all(c is None or (len(c) == 3 and c[0] == 0)
    for c in x["i"]) for x in s)))
print(s[-1]["i"][h["cpus"].index(1)])' "$TMP/r.jsonl" 2>&1)
	[ $rc -eq 0 ] && [ "$(echo "$v" | head -n 1)" = "['POLL', 'C1', 'C6']|None|4|True" ] &&
	    [ "$(echo "$v" | tail -n 1)" = "[0, 0, None]" ]
	ok $? "a recording names the idle states; each sample their shares, null where disabled ($(echo $v))"
	SMTSCOPE_ROOT=tests/data/sys-bare "$SMTSCOPE" record -o "$TMP/b.jsonl" --time 1 \
	    -l spin@$FIRST > /dev/null 2>&1
	v=$(python3 -c 'import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
print("%s|%s|%s" % (lines[0]["idle_states"], lines[0]["idle_unavailable"][:19],
    any("i" in l for l in lines)))' "$TMP/b.jsonl" 2>&1)
	[ "$v" = "None|no cpuidle in sysfs|False" ]
	ok $? "without cpuidle: idle_states null, why in idle_unavailable, no i ($v)"
else
	skip "python3 is not installed: recording checks"
	skip "python3 is not installed: recording checks"
fi
done_testing
