#!/bin/sh
# tests/cli/scale.sh: `smtscope check --scale` planned for other machines
# (2, 16, SMT 4x2, 384 and 512 CPUs): its steps and their relations (one
# copy, one per core, one per CPU, cores of NUMA nodes for memory kernels),
# its time, the words without SMT, the 80-column limit, the JSON, the CSV's
# unit column, its usage errors; a tiny measured run for the SVG (well
# formed, no text past the canvas, no line through a label). Figures are
# the live test's (tests/live/scale.sh).
. tests/lib.sh

# wide FILE: no line over 80 columns.
wide() {
	[ "$(widest "$1")" -le 80 ]
}

# plan NAME INPUT MAX_S CORES CPUS SMT: the dry run's plan for a topology:
# at most MAX_S seconds, CORES copies one per core, CPUS one per CPU (SMT
# True) or no such step (False); text within 80 columns.
plan() {
	"$SMTSCOPE" check --scale --dry-run -i "$2" > "$TMP/$1.txt" 2> "$TMP/$1.err"
	_rc=$?
	[ $_rc -eq 0 ] && wide "$TMP/$1.txt" && grep -q "one per core" "$TMP/$1.txt"
	ok $? "$1: the plan's text within 80 columns (rc $_rc)"
	"$SMTSCOPE" check --scale --dry-run --json -i "$2" > "$TMP/$1.json" 2> "$TMP/$1.err"
	_rc=$?
	if [ $have_python -eq 0 ]; then
		[ $_rc -eq 0 ] && grep -q '"kind":"check-scale"' "$TMP/$1.json"
		ok $? "$1: a plan (python3 absent: its figures unread)"
		return
	fi
	_v=$(jq_py "$TMP/$1.json" '"%s %s %s %s %s" % (j["estimate_s"] <= '"$3"' and j["estimate_s"] > 0, j["measured"], j["smt"], [s["copies"] for s in j["kernels"][0]["steps"] if s["kind"] == "cores"][0], "".join(str(s["copies"]) for s in j["kernels"][0]["steps"] if s["kind"] == "threads") or "-")')
	_est=$(jq_py "$TMP/$1.json" 'round(j["estimate_s"], 1)')
	[ $_rc -eq 0 ] && [ "$_v" = "True False $6 $4 $5" ]
	ok $? "$1: planned in $_est s (at most $3 s): $4 cores, $5 CPUs ($_v)"
}

plan two "package:1 core:2 pu:1" 30 2 - False
plan sixteen "package:1 core:16 pu:1" 30 16 - False
plan smt4x2 "package:1 core:4 pu:2" 30 4 8 True
plan four-packages-384 "package:4 numa:1 core:48 pu:2" 60 192 384 True
if fixture 4s-512; then
	plan four-packages-512 "$FIXTURE" 60 256 512 True
else
	skip_n 2 "$FIXTURE_WHY"
fi

# Without SMT: no one-per-CPU step, and the text says why.
grep -q "one per CPU: not a step: no core has a second thread" "$TMP/two.txt"
ok $? "no SMT: the plan says why there is no one-per-CPU step"
grep -q "2 cores, 2 logical CPUs (no SMT)" "$TMP/two.txt"
ok $? "no SMT: the machine in the words of check"
grep -q "one per CPU  *8 copies, CPUs 0-7" "$TMP/smt4x2.txt" &&
    grep -q "one per core  *4 copies, CPUs 0,2,4,6" "$TMP/smt4x2.txt" &&
    grep -q "4 cores, 8 logical CPUs (SMT)" "$TMP/smt4x2.txt"
ok $? "SMT 4x2: one per core on each core's first thread, one per CPU on all 8"

if [ $have_python -eq 1 ]; then
	# Relations: one copy < one per core <= one per CPU; a memory kernel's
	# NUMA steps between one copy and all cores, each node's cores added.
	v=$(jq_py "$TMP/four-packages-384.json" 'all([s["copies"] for s in k["steps"]] == sorted([s["copies"] for s in k["steps"]]) and k["steps"][0]["copies"] == 1 for k in j["kernels"])')
	[ "$v" = True ]
	ok $? "384: every kernel's steps grow from one copy ($v)"
	v=$(jq_py "$TMP/four-packages-384.json" '" ".join("%s:%s" % (k["kernel"], ",".join(str(s["copies"]) for s in k["steps"] if s["kind"] == "numa")) for k in j["kernels"])')
	[ "$v" = "int: fp: chase:48,96 stream:48,96" ]
	ok $? "384: chase and stream step through 1 and 2 NUMA nodes ($v)"
	v=$(jq_py "$TMP/smt4x2.json" 'all(len(set(s["cpus"])) == s["copies"] for k in j["kernels"] for s in k["steps"])')
	[ "$v" = True ]
	ok $? "SMT 4x2: each step's CPUs are distinct, one copy each ($v)"
	v=$(jq_py "$TMP/two.json" 'j["smt"] is False and "second thread" in j["smt_why_empty"] and j["took_s"] is None')
	[ "$v" = True ]
	ok $? "JSON without SMT: why the yield is empty, no took_s in a plan ($v)"
else
	skip_n 4 "needs python3 to read the JSON"
fi

# The CSV: a unit column, a row per kernel and step.
"$SMTSCOPE" check --scale --dry-run --csv -i "package:1 core:4 pu:2" > "$TMP/p.csv" 2> "$TMP/p.err"
rc=$?
[ $rc -eq 0 ] && head -n 1 "$TMP/p.csv" | grep -q '^kernel,step,copies,unit,' &&
    [ "$(grep -c '^int,' "$TMP/p.csv")" -eq 3 ] && grep -q '^int,one copy,1,Gop/s,' "$TMP/p.csv"
ok $? "CSV: kernel, step, copies, unit; 3 steps of int ($(sed -n 2p "$TMP/p.csv"))"

check_usage_error "--scale with --capacity" --scale --capacity
check_usage_error "--scale -i without --dry-run" --scale -i "package:1 core:2 pu:1"
check_usage_error "--scale --svg with --dry-run" --scale --dry-run --svg "$TMP/x.svg"
check_usage_error "--scale --time 0" --scale --time 0 --dry-run
check_usage_error "--scale with an unknown kernel" --scale --kernels nosuch --dry-run

# A tiny measured run: the SVG well formed, its text on the canvas, no line
# through a label (whatever the figures).
"$SMTSCOPE" check --scale --kernels int --time 0.05 --svg "$TMP/s.svg" > "$TMP/s.txt" 2> "$TMP/s.err"
rc=$?
{ [ $rc -eq 0 ] || [ $rc -eq 3 ]; } && [ -s "$TMP/s.svg" ] && wide "$TMP/s.txt"
ok $? "a measured run writes its SVG, its text within 80 columns (rc $rc: $(head -n 1 "$TMP/s.err"))"
if [ $have_python -eq 1 ]; then
	python3 tests/tools/svgcheck.py "$TMP/s.svg" > "$TMP/svgcheck.out" 2>&1
	ok $? "SVG well formed, every text on the canvas ($(head -n 1 "$TMP/svgcheck.out"))"
	python3 tests/tools/svglabels.py "$TMP/s.svg" > "$TMP/svglabels.out" 2>&1
	ok $? "SVG: no line through a label ($(head -n 1 "$TMP/svglabels.out"))"
else
	skip_n 2 "needs python3 to read the SVG"
fi

# The verdict, last: told (rc 0) or "not measurable now" (rc 3, and only
# then). A quiet machine may be busy on its own: either is accepted here,
# the relation between the words and the exit status always asserted.
# verdict NAME FILE RC: the last line's words agree with the exit status.
verdict() {
	_last=$(tail -n 1 "$2")
	case $3:$_last in
	"0:SMT yield (all CPUs over all cores): "[a-z]*" "[0-9]*|"0:No SMT; all cores over one copy each: "[a-z]*" "[0-9]*) ok 0 "$1: told, exit 0 ($_last)" ;;
	"3:not measurable now: others used "[0-9]*" CPUs; rerun when quiet"|"3:"*"; the rest not measurable now: others"*|"3:not measurable now: others' work"*) ok 0 "$1: not now, exit 3 ($_last)" ;;
	*) ok 1 "$1: exit $3 against the verdict '$_last'" ;;
	esac
}
"$SMTSCOPE" check --scale --kernels int,fp --time 0.05 > "$TMP/v.txt" 2> "$TMP/v.err"
rc=$?
verdict "quiet (or busy on its own)" "$TMP/v.txt" $rc
# At 80 columns (lib.sh sets COLUMNS=4096: no fold), the whole report fits:
# a busy machine's verdict ("...: fp 8.95; the rest not measurable now: others
# used 1.0 CPUs; rerun when quiet", 113 columns) is folded.
COLUMNS=80 "$SMTSCOPE" check --scale --kernels int,fp --time 0.05 > "$TMP/v80.txt" 2> "$TMP/v.err"
rc=$?
[ "$(widest "$TMP/v80.txt")" -le 80 ]
ok $? "the verdict's report within 80 columns (COLUMNS=80, rc $rc: widest $(widest "$TMP/v80.txt"))"
if [ $rc -eq 0 ] && grep -q "^SMT yield empty:" "$TMP/v.txt"; then
	tail -n 1 "$TMP/v.txt" | grep -q "^No SMT; all cores over one copy each: int [0-9.]*, fp [0-9.]*$"
	ok $? "without SMT the verdict gives each kernel's all-core efficiency"
elif [ $rc -eq 0 ]; then
	tail -n 1 "$TMP/v.txt" | grep -q "^SMT yield (all CPUs over all cores): int [0-9.]*, fp [0-9.]*$"
	ok $? "with SMT the verdict gives each kernel's SMT yield"
else
	skip "others' work here: the told verdict's words not seen (rc $rc)"
fi

# Beside a hog pinned to an allowed CPU: every step over all cores has a
# copy beside it, so others' work leaves the verdict unknown: exit 3, its
# words in the text, the JSON and the Prometheus file.
HOGCPU=${CPU_B:-$CPU_A}
ln -s /bin/sh "$TMP/scalehog"
taskset -c "$HOGCPU" "$TMP/scalehog" -c 'while :; do :; done' &
H=$!
sleep 0.2
"$SMTSCOPE" check --scale --kernels int --time 0.05 > "$TMP/h.txt" 2> "$TMP/h.err"
rc=$?
"$SMTSCOPE" check --scale --kernels int --time 0.05 --json --prom "$TMP/h.prom" > "$TMP/h.json" 2> "$TMP/hj.err"
rcj=$?
# The hog is this test's own: ended by its pid, checked by its name.
[ "$(cat "/proc/$H/comm" 2> /dev/null)" = scalehog ] && kill "$H"
wait "$H" 2> /dev/null
[ $rc -eq 3 ] && tail -n 1 "$TMP/h.txt" | grep -q "^not measurable now: others used [0-9.]* CPUs; rerun when quiet$"
ok $? "beside a hog on CPU $HOGCPU: exit 3, not measurable now (rc $rc: $(tail -n 1 "$TMP/h.txt"))"
if [ $have_python -eq 1 ]; then
	v=$(jq_py "$TMP/h.json" '"%s|%s" % (j["verdict_busy"], j["verdict"].startswith("not measurable now: others used"))')
	[ $rcj -eq 3 ] && [ "$v" = "True|True" ]
	ok $? "beside a hog, --json: exit 3, verdict and verdict_busy ($rcj, $v)"
else
	skip "needs python3 to read the JSON"
fi
grep -q '^smtscope_scale_verdict_info{verdict="not measurable now: others used [0-9.]* CPUs; rerun when quiet",busy="1"} 1$' "$TMP/h.prom"
ok $? "beside a hog, --prom: the verdict with busy=\"1\" ($(grep verdict_info "$TMP/h.prom" | tail -n 1))"
! kill -0 "$H" 2> /dev/null
ok $? "the hog is gone"

# A dry run has no verdict and exits 0.
grep -q '"verdict"' "$TMP/two.json"
[ $? -ne 0 ]
ok $? "a plan (--dry-run --json) has no verdict"

done_testing
