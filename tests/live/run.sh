# tests/live/run.sh: `smtscope run` on this machine, in wide physical bands.
. tests/lib.sh

# json_get FILE PYEXPR: evaluate an expression over the parsed JSON as j.
json_get() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null
}

# The loads go on the CPUs this test may use: A, and B for a second one.
A=$CPU_A B=$CPU_B

# Deterministic: exit status, keys, neighbours by load id. The speed bands
# are in tests/physics/run.sh (make check-live).
$SMTSCOPE run --time 0.5 --json "hash@$A" "hash@$A" > "$TMP/same.json"
ok $? "run hash@$A hash@$A exits 0"
rel=$(json_get "$TMP/same.json" 'j["loads"][0]["neighbors"][0]["relation"]')
[ "$rel" = same-pu ]
ok $? "the neighbour on the same CPU is named same-pu ($rel)"
nb=$(json_get "$TMP/same.json" '" ".join("%d:%s" % (l["id"], ",".join(str(n["load"]) for n in l["neighbors"])) for l in j["loads"])')
[ "$nb" = "1:2 2:1" ]
ok $? "neighbours are load ids: each lists the other, none itself ($nb)"
keys=$(json_get "$TMP/same.json" '",".join(sorted(k for k in ["kernel","param","cpus","unit","higher_is_better","solo","solo_share","solo_disturbed","solo_spread","solo_tries","solo_foreign","rate","spread","speed","cpu_share","efficiency","disturbed","foreign","neighbors"] if k in j["loads"][0]))')
[ "$keys" = "cpu_share,cpus,disturbed,efficiency,foreign,higher_is_better,kernel,neighbors,param,rate,solo,solo_disturbed,solo_foreign,solo_share,solo_spread,solo_tries,speed,spread,unit" ]
ok $? "each load in the JSON has every documented key ($keys)"
v=$(json_get "$TMP/same.json" '"%s %s" % (type(j["loads"][0]["solo_disturbed"]).__name__, type(j["loads"][0]["foreign"]).__name__)')
[ "$v" = "bool list" ]
ok $? "solo_disturbed is a boolean, foreign a list ($v)"
v=$(json_get "$TMP/same.json" '" ".join("%d:%s:%s" % (c["cpu"], 0 <= c["busy"] <= 1, 0 <= c["foreign_busy"] <= 1) for c in j["cpus"])')
[ "$v" = "$A:True:True" ]
ok $? "top-level cpus: the CPU involved, busy and foreign_busy as fractions ($v)"
# A load that got no CPU (a busy machine) has no efficiency: null, not a
# division by zero.
v=$(json_get "$TMP/same.json" 'all((l["efficiency"] is None and not (l["speed"] and l["cpu_share"] and l["solo_share"])) or (l["efficiency"] is not None and abs(l["efficiency"] - l["speed"] / (l["cpu_share"] / l["solo_share"])) < 1e-3) for l in j["loads"])')
[ "$v" = True ]
ok $? "efficiency is speed / (cpu_share / solo_share), as documented ($v: $(json_get "$TMP/same.json" '"; ".join("%s %s %s %s" % (l["speed"], l["cpu_share"], l["solo_share"], l["efficiency"]) for l in j["loads"])'))"

if need_cpus 2; then
	$SMTSCOPE run --time 0.5 --json "hash@$A" "hash@$B" > "$TMP/two.json"
	ok $? "run hash@$A hash@$B exits 0"
	for w in "$A,$A" "$A,$B"; do
		$SMTSCOPE run --time 0.5 --json pipe@$w > "$TMP/pipe.json"
		st=$?
		lat=$(json_get "$TMP/pipe.json" 'j["loads"][0]["solo"]')
		diag "pipe@$w: $lat us per round trip"
		[ $st -eq 0 ] && num_between "$lat" 0.1 100000
		ok $? "pipe@$w runs and reports a round-trip latency ($lat us)"
	done
else
	skip_n 3 "$CPUS_WHY"
fi

# A known foreign process pinned to the load's CPU for the whole run is named,
# and the solo it shared is marked: the hog spins all along, so no quiet
# window can come.
hog=tests/helpers/hog
if need_cpus 2 && [ -x "$hog" ] && command -v taskset > /dev/null; then
	taskset -c "$B" "$hog" 30 &
	hogpid=$!
	sleep 0.2
	$SMTSCOPE run --json --time 1 "hash@$B" > "$TMP/hog.json"
	st=$?
	v=$(json_get "$TMP/hog.json" '[f["comm"] for f in j["loads"][0]["foreign"] if f["pid"] == '$hogpid' and f["cpu"] == '$B']')
	sh=$(json_get "$TMP/hog.json" '[f["share"] for f in j["loads"][0]["foreign"] if f["pid"] == '$hogpid']')
	diag "hog $hogpid on CPU $B: foreign $v share $sh; $(json_get "$TMP/hog.json" 'j["cpus"]')"
	[ $st -eq 0 ] && [ "$v" = "['smtscope-hog']" ]
	ok $? "run --json names the hog on CPU $B in foreign ($v, share $sh)"
	v=$(json_get "$TMP/hog.json" '"%s %s" % (j["loads"][0]["solo_disturbed"], [f["comm"] for f in j["loads"][0]["solo_foreign"] if f["pid"] == '$hogpid'])')
	[ "$v" = "True ['smtscope-hog']" ]
	ok $? "the solo it shared is solo_disturbed, the hog named ($v)"
	v=$(json_get "$TMP/hog.json" '(lambda l: "%s %s %s" % (l["speed_mark"], l["efficiency_mark"], l["speed"] is None))(j["loads"][0])')
	case $v in "~ ~ False"|"? ? True") st=0 ;; *) st=1 ;; esac
	ok $st "JSON: its speed and efficiency carry the solo's mark, a flag each; ? is null ($v)"
	$SMTSCOPE run --time 1 "hash@$B" > "$TMP/hog.txt"
	grep -q "^  ! hash#1 solo: .*smtscope-hog ($hogpid)" "$TMP/hog.txt" &&
	    grep -q "^  ! hash#1 together: .*smtscope-hog ($hogpid)" "$TMP/hog.txt" &&
	    grep -q '^hash#1 .* ~[0-9.]* ' "$TMP/hog.txt"
	ok $? "text: a warning line per disturbed figure names the hog, the figures marked ~"
	kill $hogpid 2> /dev/null
	wait $hogpid 2> /dev/null

	# The hog starts while hash@A is measured alone: its solo is marked, or
	# measured again in a quiet window; never silently low.
	$SMTSCOPE run --json --time 2 "hash@$A" > "$TMP/half.json" &
	pid=$!
	i=0
	while [ -z "$(pgrep -P $pid)" ] && [ $i -lt 200 ]; do
		sleep 0.01
		i=$((i + 1))
	done
	sleep 0.2
	taskset -c "$A" "$hog" 30 &
	hogpid=$!
	wait $pid
	st=$?
	kill $hogpid 2> /dev/null
	wait $hogpid 2> /dev/null
	v=$(json_get "$TMP/half.json" '(lambda l: "%s %s %s" % (l["solo_disturbed"], l["solo_tries"], l["solo_share"]))(j["loads"][0])')
	diag "hog halfway through the solo: disturbed, tries, share: $v (exit $st)"
	v=$(json_get "$TMP/half.json" '(lambda l: l["solo_disturbed"] or (l["solo_tries"] > 1 and (l["solo_share"] or 0) >= 0.9))(j["loads"][0])')
	[ $st -eq 0 ] && [ "$v" = True ]
	st=$?
	[ $st -eq 0 ] || sed 's/^/# /' "$TMP/half.json"
	ok $st "a hog halfway through the solo: solo_disturbed, never a silently low solo"
else
	need_cpus 2
	skip_n 5 "$CPUS_WHY, taskset and tests/helpers/hog"
fi

# --csv: one row per load, rates in the unit of the unit column, as the text shows them.
$SMTSCOPE run --time 0.3 --csv "hash@$A" "pipe@$A,$A" > "$TMP/run.csv"
ok $? "run --csv exits 0"
out=$(python3 -c 'import csv,sys
rows = list(csv.DictReader(open(sys.argv[1])))
h, p = rows[0], rows[1]
print(len(rows), h["id"], h["unit"], p["unit"], h["cpus"], p["cpus"], h["neighbors"],
      float(h["solo"]) > 10, float(p["solo"]) < 10000, h["error"] == "")' "$TMP/run.csv")
[ "$out" = "2 1 MB/s us/round trip $A $A,$A 2:same-pu True True True" ]
ok $? "run --csv: unit column, rates in MB/s and us, neighbours by id ($out)"
$SMTSCOPE run --time 0.2 --text "hash@$A" > /dev/null 2>&1
[ $? -eq 2 ]
ok $? "an unknown option is a usage error"
$SMTSCOPE run --json --csv "hash@$A" > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ]
ok $? "--json with --csv is a usage error: $(cat "$TMP/err")"

$SMTSCOPE run --time 0.3 --json "hash@all" > "$TMP/float.json"
fl=$(json_get "$TMP/float.json" 'j["loads"][0]["floating"]')
if need_cpus 2; then
	[ "$fl" = True ]
	ok $? "hash@all floats"
else
	# One allowed CPU: all is that CPU, the load is pinned there.
	[ "$fl" = False ]
	ok $? "hash@all on one allowed CPU is pinned to it, not floating ($fl)"
fi

# A load that dies is reported with its signal; smtscope carries on and exits 1.
$SMTSCOPE run --time 2 --json "hash@$A" > "$TMP/died.json" 2> "$TMP/died.err" &
pid=$!
kid=
i=0
while [ -z "$kid" ] && [ $i -lt 100 ]; do
	kid=$(pgrep -P $pid | head -n 1)
	sleep 0.05
	i=$((i + 1))
done
sleep 0.5
kill -SEGV $kid 2> /dev/null
wait $pid
st=$?
why=$(json_get "$TMP/died.json" 'j["loads"][0]["error"]')
[ $st -eq 1 ] && echo "$why" | grep -q "signal 11"
ok $? "a load killed by SIGSEGV is reported ($why) and run exits 1 ($st)"

# Errors come before anything runs: exit 2 and one line.
$SMTSCOPE run hash@9999 > "$TMP/out" 2> "$TMP/err"
st=$?
[ $st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q "CPU 9999" "$TMP/err" && [ ! -s "$TMP/out" ]
ok $? "a CPU that does not exist is refused: $(cat "$TMP/err")"
if need_cpus 2 && command -v taskset > /dev/null; then
	taskset -c "$A" $SMTSCOPE run "hash@$B" > "$TMP/out" 2> "$TMP/err"
	st=$?
	[ $st -eq 2 ] && grep -q "CPU $B is not allowed" "$TMP/err"
	ok $? "a disallowed CPU is refused with exit 2: $(cat "$TMP/err")"
else
	skip "taskset missing, or $CPUS_WHY"
fi
for bad in nope@0 hash hash@ spin:3@0 chase:lots@0 pipe@0 "hash@core:99.pu:0"; do
	$SMTSCOPE run "$bad" > "$TMP/out" 2> "$TMP/err"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ]
	ok $? "bad load '$bad' exits 2 with one line: $(cat "$TMP/err")"
done
$SMTSCOPE run --time -1 "hash@$A" 2> "$TMP/err"
[ $? -eq 2 ]
ok $? "bad --time exits 2: $(cat "$TMP/err")"
# With stdin (or stderr) closed, pipe2() hands out fd 0-2: the pipe load must still work.
$SMTSCOPE run --time 0.2 --json "pipe@$A,$A" <&- > "$TMP/pipe0.json" 2> "$TMP/err"
python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["loads"][0]; sys.exit(not (l["error"] is None and l["rate"] > 0))' "$TMP/pipe0.json"
ok $? "pipe@$A,$A with stdin closed runs ($(cat "$TMP/err"))"
$SMTSCOPE run --time 0.2 --json "pipe@$A,$A" <&- 2>&- > "$TMP/pipe0.json"
python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["loads"][0]; sys.exit(not (l["error"] is None and l["rate"] > 0))' "$TMP/pipe0.json"
ok $? "pipe@$A,$A with stdin and stderr closed runs"
# Under a process limit (as an unprivileged user of our own: root is exempt,
# and nobody's count holds other people's processes), a load that cannot
# fork fails at once with the reason, and run says FAILED for it.
LUID=$(free_uid)
UBIN= UBIN_WHY=
if [ "$(id -u)" -eq 0 ] && [ -n "$LUID" ] && command -v setpriv > /dev/null &&
    command -v prlimit > /dev/null; then
	uid_bindir "$LUID"
fi
if [ -n "$UBIN" ]; then
	for np in 2 3; do
		start=$(date +%s)
		# LeakSanitizer's exit check needs a process of its own: none is left.
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		    setpriv --reuid=$LUID --regid=$LUID --clear-groups prlimit --nproc=$np \
		    "$UBIN/smtscope" run --time 0.3 "fork@$A" "hash@$A" > "$TMP/out" 2>&1
		st=$?
		el=$(( $(date +%s) - start ))
		[ $st -eq 1 ] && grep -q 'FAILED: .*fork: Resource temporarily unavailable' "$TMP/out" &&
		    [ "$el" -lt 10 ]
		ok $? "nproc=$np: fork@$A fails at once ($el s, exit $st): $(grep FAILED "$TMP/out" | head -n 1)"
	done
	# A copy in a directory this user may not reach: the error says why,
	# not "not found".
	mkdir "$TMP/sub" && cp "$SMTSCOPE" "$(dirname "$SMTSCOPE")/smtscope-load" "$TMP/sub/" &&
	    chmod 755 "$TMP/sub" "$TMP/sub/smtscope" "$TMP/sub/smtscope-load" && chmod 700 "$TMP"
	(cd "$TMP/sub" && ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    setpriv --reuid=$LUID --regid=$LUID --clear-groups ./smtscope run --time 0.3 "spin@$A") \
	    > "$TMP/out" 2>&1
	st=$?
	msg=$(tr -s ' \n' '  ' < "$TMP/out")	# the report wraps long lines
	[ $st -eq 1 ] && case $msg in
	*"smtscope-load at $TMP/sub/smtscope-load: permission denied (the directory "*" is not reachable by uid $LUID)"*)
		! grep -q 'not found' "$TMP/out" ;;
	*) false ;;
	esac
	ok $? "smtscope-load out of the user's reach is named with why (exit $st): $(echo "$msg" | grep -o 'smtscope-load at [^)]*)' | head -n 1)"
elif [ -n "$UBIN_WHY" ]; then
	skip "$UBIN_WHY"
	skip "$UBIN_WHY"
	skip "$UBIN_WHY"
else
	skip "needs root, setpriv and prlimit to run as an unused user under a process limit"
	skip "needs root, setpriv and prlimit to run as an unused user under a process limit"
	skip "needs root, setpriv and prlimit to run as an unused user under a process limit"
fi
done_testing
