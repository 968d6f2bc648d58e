# tests/cli/tour.sh: `smtscope tour`: --check on shipped and broken tours, and a
# headless run of smt-basics on this machine with a short step time.
. tests/lib.sh

# json_get FILE PYEXPR: evaluate an expression over the parsed JSON as j.
json_get() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null
}

# gone ID...: none of these processes (identities from proc_kids: a pid
# alone may name another process by then) is alive; zombies count as gone.
gone() {
	procs_gone "$@"
}

for t in doc/tours/*.tour; do
	$SMTSCOPE tour --check "$t" > "$TMP/out" 2> "$TMP/err"
	ok $? "tour --check $t exits 0"
done
$SMTSCOPE tour --check smt-basics > "$TMP/out" 2>&1
ok $? "tour --check finds a shipped tour by name"

for t in tests/data/tours/*.tour; do
	want=$(sed -n '1s/^# expect: //p' "$t")
	$SMTSCOPE tour --check "$t" > /dev/null 2> "$TMP/err"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] &&
	    grep -qF "smtscope: tour: $t:$want" "$TMP/err"
	ok $? "$t: exit 2 and '$t:$want' ($(cat "$TMP/err"))"
done

$SMTSCOPE tour --check -i "package:1 core:2 pu:1" smt-basics > "$TMP/out" 2>&1
grep -q "step 2 (Its twin on the SMT sibling) is skipped there: no SMT sibling" "$TMP/out"
ok $? "--check -i without SMT says which steps would be skipped"
$SMTSCOPE tour --check -i "package:2 core:2 pu:2" smt-basics > "$TMP/out" 2>&1
! grep -q skipped "$TMP/out"
ok $? "--check -i with SMT and two packages skips nothing"
$SMTSCOPE tour --frobnicate smt-basics > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ]
ok $? "an unknown option is a usage error"
$SMTSCOPE tour no-such-tour > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && grep -q "no tour 'no-such-tour'" "$TMP/err"
ok $? "an unknown tour name is a usage error"
$SMTSCOPE tour --list > "$TMP/out" 2>&1
[ "$(grep -c -e smt-basics -e memory-vs-compute -e wakeup-latency "$TMP/out")" -eq 3 ]
ok $? "--list shows the three shipped tours"

# The headless run: watch its children while it runs, then check they are gone.
$SMTSCOPE tour --headless --step 1 --record "$TMP/r.json" --svg "$TMP/r.svg" smt-basics \
    > "$TMP/run.txt" 2>&1 &
pid=$!
: > "$TMP/kids"
while kill -0 $pid 2> /dev/null; do
	proc_kids $pid | tr ' ' '\n' >> "$TMP/kids"
	sleep 0.1
done
wait $pid
st=$?
ok $st "tour --headless --step 1 smt-basics exits 0"
sed 's/^/# /' "$TMP/run.txt"
kids=$(grep . "$TMP/kids" | sort -u | tr '\n' ' ')
procs_wait_gone 10 $kids
[ -n "$kids" ] && gone $kids
ok $? "its load processes ($kids) are gone after it ends (left: $(procs_left $kids || echo none))"

prev=0 inorder=0
for cap in "runs alone" "other hardware thread" "shares one logical CPU" \
    "moves to a core of its own" "Fill both threads"; do
	n=$(grep -n "$cap" "$TMP/run.txt" | head -n 1 | cut -d: -f1)
	if [ -z "$n" ] || [ "$n" -le "$prev" ]; then inorder=1; fi
	prev=${n:-0}
done
ok $inorder "the five captions appear in order"
awk '/^== Step 2\/5/ { s = 1; next } /^== Step/ { s = 0 } s && /skipped: no SMT sibling/ { f = 1 } END { exit !f }' "$TMP/run.txt"
ok $? "step 2 (the SMT sibling) shows the skip note"
awk '/^== Step 5\/5/ { s = 1; next } /^== Step/ { s = 0 } s && /skipped: no SMT sibling/ { f = 1 } END { exit !f }' "$TMP/run.txt"
ok $? "step 5 (four threads) shows the skip note"
# The same-CPU step's band is in tests/physics/tour.sh; here, what the record carries.
v=$(json_get "$TMP/r.json" '",".join(sorted(j["steps"][2]["loads"][0]))')
[ "$v" = "baseline,cpus,disturbed,foreign,kernel,name,paused,rate,solo,solo_disturbed,solo_foreign,solo_spread,solo_tries,spec,speed,speed_mark,speed_unknown,split_capacity,split_interaction,split_share,spread,unit" ]
ok $? "--record: each load has its figures, spreads and guard flags ($v)"
v=$(json_get "$TMP/r.json" '(lambda l: "%s %s %s" % (type(l["disturbed"]).__name__, type(l["foreign"]).__name__, l["solo_tries"] >= 1))(j["steps"][2]["loads"][0])')
[ "$v" = "bool list True" ]
ok $? "--record: disturbed is a boolean, foreign a list, the solo measured ($v)"
if grep -q '~' "$TMP/run.txt"; then
	grep -q '^Warnings (~: a figure other work disturbed):' "$TMP/run.txt"
	ok $? "a figure marked ~ comes with a warning line naming who disturbed it"
else
	! grep -q '^Warnings' "$TMP/run.txt"
	ok $? "no figure marked ~: no warning line either"
fi
grep -q '^Summary: ' "$TMP/run.txt" && grep -q '^#   LOAD   WHERE' "$TMP/run.txt" &&
    grep -q '^3   Both on one logical CPU' "$TMP/run.txt"
ok $? "the summary table appears"
n=$(json_get "$TMP/r.json" 'len(j["steps"])')
sk=$(json_get "$TMP/r.json" '",".join(str(s["step"]) for s in j["steps"] if s["skipped"])')
# Step 4, the twin on another core, needs a second allowed CPU.
want=2,5
need_cpus 2 || want=2,4,5
[ "$n" = 5 ] && [ "$sk" = "$want" ]
ok $? "--record wrote five steps, $want skipped ($n; $sk)"

v=$(python3 - "$TMP/r.svg" "$TMP/r.json" <<'PY'
import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
t = " ".join(x.firstChild.data for x in d.getElementsByTagName("text") if x.firstChild)
want = ["SMT basics", "1. One MD5 load alone", "3. Both on one logical CPU", "yield",
    "skipped: no SMT sibling", "100% = alone"]
bars = len(d.getElementsByTagName("rect")) - 1
# A bar for each known speed and yield of a measured step (the record's): on
# a busy machine every speed may be unknown (?), and then no bar is right.
import json
r = json.load(open(sys.argv[2]))
known = sum((s["yield"] is not None) + sum(1 for l in s["loads"] if not l["paused"] and
    l["speed"] is not None and l["speed"] > 0) for s in r["steps"] if s["measured"])
print("bars %d of %d known, missing %s" % (bars, known, [w for w in want if w not in t]))
PY
)
case $v in "bars "[0-9]*" of "[0-9]*" known, missing []")
	[ "$(echo "$v" | cut -d' ' -f2)" = "$(echo "$v" | cut -d' ' -f4)" ]
	st=$? ;;
*) st=1 ;;
esac
ok $st "--svg: a well-formed bar chart of the steps' speeds and yields ($v)"
v=$(json_get "$TMP/r.json" 'all(not s["skipped"] or (not s["ran"] and not s["measured"] and s["shown"]) for s in j["steps"]) and all(s["ran"] or not s["measured"] for s in j["steps"])')
[ "$v" = True ]
ok $? "--record is self-consistent: a skipped step did not run, a measured one did ($v)"

# Latency loads: time against alone, no yield, and the columns line up.
$SMTSCOPE tour --headless --step 0.5 wakeup-latency > "$TMP/wl.txt" 2>&1
ok $? "tour --headless --step 0.5 wakeup-latency exits 0"
sed -n '/^Summary/,$p' "$TMP/wl.txt" > "$TMP/wls.txt"
! grep -E -q '^[0-9]+ .* [0-9]+\.[0-9]{2}$' "$TMP/wls.txt" && ! grep -q 'yield [0-9]' "$TMP/wl.txt"
ok $? "latency steps show no yield"
grep -E -q "^    p +pipe@$CPU_A,$CPU_A .* (~?time [0-9.]+x|-|[?])\$" "$TMP/wls.txt"
ok $? "the pipe's line ends with its time against alone"
awk '/^#   LOAD/ { w = length($0) } /^    [pf] / && w && length($0) != w - 7 { bad = 1 } END { exit bad || !w }' "$TMP/wls.txt"
ok $? "each load's line is as wide as the header's columns"

# A terminating signal mid-tour: the loads go with it.
$SMTSCOPE tour --headless --step 5 smt-basics > /dev/null 2>&1 &
pid=$!
kids=
i=0
while [ $i -lt 100 ] && [ -z "$kids" ]; do
	kids=$(proc_kids $pid)
	sleep 0.05
	i=$((i + 1))
done
kill -TERM $pid
wait $pid 2> /dev/null
st=$?
procs_wait_gone 10 $kids
[ -n "$kids" ] && gone $kids && [ $st -ne 0 ]
ok $? "SIGTERM mid-tour ends it (status $st, wanted not 0) and its loads ($kids; left: $(procs_left $kids || echo none))"

# A binary outside the build tree never reads tours from the current directory.
mkdir -p "$TMP/bin" "$TMP/cwd/doc/tours"
cp "$SMTSCOPE" "$TMP/bin/smtscope"
[ -f ./smtscope-load ] && cp ./smtscope-load "$TMP/bin/"
printf 'tour planted\ntitle Planted in the current directory\nstep one\ncaption x\n' \
    > "$TMP/cwd/doc/tours/planted.tour"
(cd "$TMP/cwd" && "$TMP/bin/smtscope" tour --list) > "$TMP/list" 2>&1
! grep -q planted "$TMP/list"
ok $? "tour --list does not read ./doc/tours of the current directory"
(cd "$TMP/cwd" && "$TMP/bin/smtscope" tour --headless planted) > "$TMP/out" 2> "$TMP/err"
[ $? -eq 2 ] && grep -q "no tour 'planted'" "$TMP/err"
ok $? "nor does tour NAME: $(cat "$TMP/err")"

# The user's own tours come first: $XDG_DATA_HOME/smtscope/tours.
mkdir -p "$TMP/xdg/smtscope/tours"
printf 'tour mine\ntitle My own tour\nstep one\ncaption x\n' \
    > "$TMP/xdg/smtscope/tours/mine.tour"
XDG_DATA_HOME="$TMP/xdg" $SMTSCOPE tour --list > "$TMP/list" 2>&1
head -n 1 "$TMP/list" | grep -q '^mine .*My own tour'
ok $? "tour --list shows the user's tour first: $(head -n 1 "$TMP/list")"
XDG_DATA_HOME="$TMP/xdg" $SMTSCOPE tour --check mine > "$TMP/out" 2>&1
ok $? "tour NAME finds it by name"
# A tour of the same file name in two places (the user's and the shipped one,
# or an installed copy beside a build): listed once, the one that tour NAME plays.
sed 's/^title .*/title The user'"'"'s own copy/' doc/tours/smt-basics.tour \
    > "$TMP/xdg/smtscope/tours/smt-basics.tour"
XDG_DATA_HOME="$TMP/xdg" $SMTSCOPE tour --list > "$TMP/list" 2>&1
[ "$(grep -c '^smt-basics ' "$TMP/list")" -eq 1 ] && grep -q "^smt-basics .*The user's own copy" "$TMP/list"
ok $? "a tour in two places is listed once, the user's: $(grep '^smt-basics' "$TMP/list")"

# A solo measured beside a hog that spins all along is disturbed: its mark
# reaches the record's JSON (a flag per speed) and the SVG (the bar's text),
# ~ or, above 100% of that solo, ? with no bar; never a clean number.
if need_cpus 2 && [ -x tests/helpers/hog ] && command -v taskset > /dev/null 2>&1; then
	printf 'tour hogged\ntitle "Beside a hog"\nstep "A hash load beside a hog"\n  caption x\n  start a hash at %s\n' \
	    "$CPU_B" > "$TMP/hogged.tour"
	taskset -c "$CPU_B" tests/helpers/hog 90 &
	hog=$!
	$SMTSCOPE tour --headless --step 1 --record "$TMP/h.json" --svg "$TMP/h.svg" \
	    "$TMP/hogged.tour" > "$TMP/h.txt" 2>&1
	st=$?
	kill $hog 2> /dev/null
	wait $hog 2> /dev/null
	v=$(json_get "$TMP/h.json" '(lambda l: "%s %s %s" % (l["solo_disturbed"], l["speed_mark"], l["speed"] is None))(j["steps"][0]["loads"][0])')
	case $st:$v in "0:True ~ False"|"0:True ? True") st=0 ;; *) st=1 ;; esac
	ok $st "--record: a solo beside a hog is solo_disturbed, its speed flagged ($v)"
	v=$(python3 - "$TMP/h.svg" <<'PY'
import re, sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
t = [x.firstChild.data for x in d.getElementsByTagName("text") if x.firstChild]
print("marked %d, clean %d" % (sum(1 for s in t if re.fullmatch(r"~[0-9]+%|\?", s)),
      sum(1 for s in t if re.fullmatch(r"[0-9]+%", s))))
PY
)
	[ "$v" = "marked 1, clean 0" ]
	ok $? "--svg: the load's bar text carries the mark ($v)"
else
	need_cpus 2
	skip_n 2 "$CPUS_WHY, taskset and tests/helpers/hog"
fi
# Identical loads share one baseline in a tour too: two hash loads on one
# CPU stand on the same solo (one measurement of their place), and each
# load's record names that baseline.
printf 'tour twins\ntitle "Twins"\nstep "Two hash loads on one CPU"\n  caption x\n  start a hash at %s\n  start b hash at %s\n' \
    "$CPU_A" "$CPU_A" > "$TMP/twins.tour"
$SMTSCOPE tour --headless --step 0.6 --record "$TMP/tw.json" "$TMP/twins.tour" > "$TMP/tw.txt" 2>&1
st=$?
v=$(json_get "$TMP/tw.json" '(lambda a, b: "%s %s %s %s" % (a["solo"] == b["solo"] and a["solo"] is not None, a["baseline"]["place"], a["baseline"] == b["baseline"], a["solo_tries"]))(*j["steps"][0]["loads"])')
case $st:$v in "0:True hash@$CPU_A True "[1-9]*) st=0 ;; *) st=1 ;; esac
ok $st "a tour's identical loads stand on one baseline ($v)"
# ... and read the same SPEED within their spreads (issue 35): both unknown
# (?) together, or apart by no more than the sum of their spreads.
v=$(json_get "$TMP/tw.json" '(lambda a, b: "%s (%s %s, %s %s)" % ((a["speed"] is None) == (b["speed"] is None) and (a["speed"] is None or abs(a["speed"] - b["speed"]) <= (a["spread"] or 0) + (b["spread"] or 0) + 1e-9), a["speed"], a["spread"], b["speed"], b["spread"]))(*j["steps"][0]["loads"])')
case $v in True*) st=0 ;; *) st=1 ;; esac
ok $st "a tour's identical loads read the same SPEED within their spreads ($v)"
done_testing
