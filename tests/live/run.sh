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

# One baseline per place: both identical loads stand on one solo (the same
# value, spread and time); the load that measured it is named, the other
# reused it (when the first was disturbed, the second may have measured a
# better one, which then serves both).
v=$(json_get "$TMP/same.json" '(lambda a, b: "%s %s %s %s" % (a["place"], a["by"] in ("hash#1", "hash#2"), sorted([a["reused"], b["reused"]]), dict(a, reused=0) == dict(b, reused=0) and j["loads"][0]["solo"] == j["loads"][1]["solo"]))(j["loads"][0]["baseline"], j["loads"][1]["baseline"])')
[ "$v" = "hash@$A True [False, True] True" ]
ok $? "identical loads share one baseline, one reusing the other's ($v)"
v=$(json_get "$TMP/same.json" 'all(set(["place","value","spread","at_s","by","reused","min","max","measurements"]) <= set(l["baseline"]) for l in j["loads"])')
[ "$v" = True ]
ok $? "each load's baseline carries its place, value, spread, when and range ($v)"
$SMTSCOPE run --time 0.3 "hash@$A" "hash@$A" > "$TMP/same.txt" 2>&1
grep -Eq "hash#[12] takes hash#[12]'s solo at hash@$A" "$TMP/same.txt"
ok $? "the text says whose baseline the other load takes"
# The WHY from the figures (issue 35, point 4): each of two loads on one CPU
# splits its speed in three (its share part a figure, capacity a figure from
# the solo windows), and names the share it got with its size (below its
# baseline's range) and the other load, never "alone on its core"; where the
# CPU moved across the run, that follows ("; its CPU moved ...").
# The folded lines (four spaces) joined to theirs first.
awk '/^Why \(SPEED = SHARE x CAPACITY x INTERACTION/ { w = 1; next }
	w && /^$/ { exit }
	w && /^    / { sub(/^ +/, " "); l = l $0; next }
	w && /^  [^ ]/ { if (l != "") print l; l = $0 }
	END { if (l != "") print l }' "$TMP/same.txt" > "$TMP/why.txt"
v=ok
for i in 1 2; do
	o=$((3 - i))
	line=$(grep "^  hash#$i " "$TMP/why.txt")
	line=${line%%; its CPU moved *}
	# An INTERACTION past physics reads ? with its clause: the other parts stand.
	line=$(printf '%s\n' "${line%%; interaction ?: *}" | sed 's/ x \( *\)?  / x \1?%  /')
	case $line in
	*"alone on its core"*|*" n/a x "*|"") v="hash#$i: '$line'" ;;
	*"% x "*"% x "*"%  -"*" %: got "*" % of its CPU; others: hash#$o"*) ;;
	# Its solo had less than its whole CPU (others' work then): both shares.
	*"% x "*"% x "*"%  -"*" %: got "*" % of its CPU, against "*" % alone; others: hash#$o"*) ;;
	# Within its baseline's range (a busy machine's wide solo spread), or
	# unknown: the parts still show the share, the words the other load.
	*"% x "*"% x "*"%  within its baseline's ±"*"%; shares CPU $A with hash#$o") ;;
	*"% x "*"% x "*"%  shares CPU $A with hash#$o") ;;
	# The largest cause may be the CPU's capacity, measured from the solos.
	*"% x "*"% x "*"%  -"*" %: its CPU gives "*" % of its baseline"*) ;;
	*" x "*" x "*"  speed unknown (?): shares CPU $A with hash#$o") ;;
	*) v="hash#$i: '$line'" ;;
	esac
done
[ "$v" = ok ] && [ "$(wc -l < "$TMP/why.txt")" -eq 2 ]
ok $? "run's WHY: the share each got and the other load, no 'alone on its core' ($v: $(head -n 1 "$TMP/why.txt"))"

# Issue 35, point 5: solo and together windows in turn, two rounds. The run
# reports its windows (JSON and text), CAPACITY is measured from the solos
# (a figure, with a cause only where they moved beyond their spread), and
# the two identical loads read the same SPEED within their spreads.
v=$(json_get "$TMP/same.json" '"%s|%s|%s" % (j["rounds"], j["windows"], all(len(l["solo_windows"]) == 2 and len(l["together_windows"]) == 2 and all(x is not None and x > 0 for x in l["solo_windows"] + l["together_windows"]) for l in j["loads"]))')
[ "$v" = "2|solo, together, solo, together|True" ]
ok $? "JSON: 2 rounds, solo and together in turn, each load's 2 solo and 2 together windows ($v)"
# A figure is a JSON number: 1 where the solos agree to the digit (the writer
# gives 1, not 1.0; a taskset -c 0 make check read "1 4.86258e-06").
v=$(json_get "$TMP/same.json" 'all(type(l["split_capacity"]) in (int, float) and type(l["capacity_moved"]) in (int, float) and (l["capacity_cause"] is None or l["capacity_cause"].split(" ")[0] in ("clock", "the", "unexplained", "not")) for l in j["loads"])')
[ "$v" = True ]
ok $? "JSON: CAPACITY measured from the solos, its cause null or named ($(json_get "$TMP/same.json" '"; ".join("%s %s %s" % (l["split_capacity"], l["capacity_moved"], l["capacity_cause"]) for l in j["loads"])'))"
v=$(awk '/^Windows \(solo, together, solo, together; / { w = 1; next }
	w && /^$/ { exit }
	w' "$TMP/same.txt" | grep -Ec '^  hash#[12]  alone [0-9.]+, [0-9.]+  together [0-9.]+, [0-9.]+ MB/s  moved (~?[-+][0-9]+ %|n/a)$')
[ "$v" -eq 2 ]
ok $? "text: a Windows section, each load's solos and together windows in order ($v lines: $(grep -A5 '^Windows' "$TMP/same.txt" | tr '\n' '|'))"
grep -q "in 2 rounds: solo and together windows in turn" "$TMP/same.txt" &&
    grep -Eq "within --time 0\.3 s; the plan: about [0-9.]+ m?s" "$TMP/same.txt"
ok $? "text: the header states the alternation, --time and the plan's time"
# same_speed FILE: the two loads' SPEED within their spreads (both unknown: the same).
same_speed() {
	json_get "$1" '(lambda a, b: (a["speed"] is None and b["speed"] is None) or (a["speed"] is not None and b["speed"] is not None and abs(a["speed"] - b["speed"]) <= max(a["speed"], b["speed"]) * (a["spread"] + b["spread"]) + 0.05))(j["loads"][0], j["loads"][1])'
}
speeds() {
	json_get "$1" '" vs ".join("%s ±%s" % (l["speed"], l["spread"]) for l in j["loads"])'
}
[ "$(same_speed "$TMP/same.json")" = True ]
ok $? "identical loads read the same SPEED within spread ($(speeds "$TMP/same.json"))"

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
	# A warning folds at 80 columns: its lines (four spaces) joined first.
	awk '/^  ! / { if (l != "") print l; l = $0; next }
	    /^    / && l != "" { sub(/^ +/, " "); l = l $0; next }
	    { if (l != "") print l; l = "" }
	    END { if (l != "") print l }' "$TMP/hog.txt" > "$TMP/hog.warn"
	grep -q "^  ! hash#1 solo: .*smtscope-hog ($hogpid)" "$TMP/hog.warn" &&
	    grep -q "^  ! hash#1 together: .*smtscope-hog ($hogpid)" "$TMP/hog.warn" &&
	    grep -q '^hash#1 .* ~[0-9.]* ' "$TMP/hog.txt"
	ok $? "text: a warning line per disturbed figure names the hog, the figures marked ~ ($(grep -c 'smtscope-hog' "$TMP/hog.warn") warnings name it: $(grep '^  ! ' "$TMP/hog.warn" | cut -c1-160 | tr '\n' '|'))"
	# A hog on the other CPU: identical loads still read the same SPEED.
	$SMTSCOPE run --json --time 0.3 "hash@$A" "hash@$A" > "$TMP/samehog.json"
	st=$?
	[ $st -eq 0 ] && [ "$(same_speed "$TMP/samehog.json")" = True ]
	ok $? "beside a hog on CPU $B: the same SPEED within spread ($(speeds "$TMP/samehog.json"))"
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
	skip_n 6 "$CPUS_WHY, taskset and tests/helpers/hog"
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
# What is asserted is that the load starts and works (no error, its
# round trips counted); on a busy machine its rate may be n/a with a reason.
$SMTSCOPE run --time 0.2 --json "pipe@$A,$A" <&- > "$TMP/pipe0.json" 2> "$TMP/err"
st=$?
saw=$(python3 -c 'import json,sys
try:
    l = json.load(open(sys.argv[1]))["loads"][0]
except Exception as e:
    print("no result: %s" % e); sys.exit(1)
r = l.get("rate")
good = l.get("error") is None and ((r is not None and r > 0) or (r is None and l.get("speed_unknown")))
print("error %r, rate %r%s" % (l.get("error"), r, "" if r is not None else ", why %r" % l.get("speed_unknown")))
sys.exit(not good)' "$TMP/pipe0.json")
[ $? -eq 0 ] && [ $st -eq 0 ]
ok $? "pipe@$A,$A with stdin closed runs (exit $st, wanted 0; $saw, wanted no error and a rate; stderr: $(head -c 300 "$TMP/err"))"
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

