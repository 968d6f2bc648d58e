# tests/cli/record.sh: `smtscope record` writes a recording that `replay
# --summary` reads back (plain and gzip); SIGINT leaves a whole file and no
# load; bad options and bad files are one-line errors naming what and where.
# Shapes and signs only: the speeds' bands are in tests/physics/record.sh.
. tests/lib.sh

# gone ID...: none of these processes (identities from proc_kids: a pid
# alone may name another process by then) is alive; zombies count as gone.
gone() {
	procs_gone "$@"
}

R=$TMP/s.jsonl.gz
$SMTSCOPE record -o "$R" --time 2 -l "spin@$CPU_A" -l "spin@$CPU_A" > "$TMP/out" 2> "$TMP/err"
st=$?
[ $st -eq 0 ] && [ "$(wc -l < "$TMP/out")" -eq 1 ] && [ ! -s "$TMP/err" ]
ok $? "record --time 2 of two loads: exit 0, one line said ($st: $(cat "$TMP/out") $(head -c 200 "$TMP/err"))"
[ "$(od -An -tx1 -N2 "$R" | tr -d ' ')" = "1f8b" ]
ok $? "a .gz name gives a gzip file"
gzip -dc "$R" > "$TMP/s.jsonl" 2> "$TMP/gz"
ok $? "gzip reads it whole ($(cat "$TMP/gz"))"
head -n 1 "$TMP/s.jsonl" | grep -q '^{"kind":"record","format":1,'
ok $? "line 1 is the header: kind record, format 1"
[ "$(grep -c '"e":"start"' "$TMP/s.jsonl")" -eq 2 ] &&
    [ "$(grep -c '"e":"solo"' "$TMP/s.jsonl")" -eq 2 ] &&
    [ "$(grep -c '"e":"stop"' "$TMP/s.jsonl")" -eq 2 ]
ok $? "events: two starts, two solos, two stops"
grep '"e":"solo"' "$TMP/s.jsonl" | python3 -c "import json, sys
for line in sys.stdin:
    b = json.loads(line)['baseline']
    assert b['value'] > 0 and 'spread' in b and b['at_s'] >= 0 and isinstance(b['disturbed'], bool), b" 2> "$TMP/py"
ok $? "each solo event carries its baseline's value, spread, at_s and disturbed ($(tail -n 1 "$TMP/py"))"
tail -n 1 "$TMP/s.jsonl" | grep -q '"e":"end","why":"time"'
ok $? "the last line is the end, by time"
n=$(grep -c '"c":\[' "$TMP/s.jsonl")
[ "$n" -ge 1 ] && [ "$n" -le 3 ]
ok $? "2 s at 1 Hz: 1 to 3 samples ($n)"
# record printed nothing when done: its one line counts the refreshes (the
# sample lines), the time they cover as replay --summary says it, the lines.
lines=$(wc -l < "$TMP/s.jsonl")
over=$($SMTSCOPE replay --summary --wide "$R" 2> /dev/null | sed -n 's/^.* over \([0-9.]*\) s, .*$/\1/p')
want="Recorded $n refresh$([ "$n" -eq 1 ] || echo es) over $over s, $lines lines, to $R"
[ "$(cat "$TMP/out")" = "$want" ]
ok $? "its line: what it wrote ($(cat "$TMP/out"); wanted $want)"

if command -v python3 > /dev/null 2>&1; then
	python3 - "$TMP/s.jsonl" "spin@$CPU_A" > "$TMP/py" 2>&1 <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
h = lines[0]
assert h["machine"]["hostname"], "no host"
assert h["xml"].startswith("<?xml") and "<topology" in h["xml"], "no hwloc XML"
assert [l["load"] for l in h["loads"]] == [sys.argv[2], sys.argv[2]], h["loads"]
n = len(h["cpus"])
for l in lines[1:]:
    if "c" in l:
        assert len(l["c"]) == 3 * n, "c of %d" % len(l["c"])
        assert all(v is None or 0 <= v <= 100 for v in l["c"]), l["c"]
        # A rate of 0 only where the load got no CPU time over the interval.
        assert len(l["l"]) == 2 and all(x[1] == "r" and (x[2] > 0 or x[3] == 0)
                                        for x in l["l"]), l["l"]
rated = [x[0] for l in lines[1:] if "l" in l for x in l["l"] if x[2] > 0]
assert 1 in rated and 2 in rated, "a load never had a rate: %s" % rated
print("ok")
EOF
	[ "$(cat "$TMP/py")" = ok ]
	ok $? "every line is JSON; the header has the host, the XML, the loads; each sample 3 figures a CPU and two running loads ($(tail -n 1 "$TMP/py"))"
else
	skip "python3 is not installed: the lines are not parsed"
fi

$SMTSCOPE replay --summary "$R" > "$TMP/sum" 2> "$TMP/err"
st=$?
[ $st -eq 0 ] && [ ! -s "$TMP/err" ]
ok $? "replay --summary: exit 0 ($st)"
grep -q "^Recording $R: host $(uname -n | cut -d. -f1)" "$TMP/sum"
ok $? "it names the recording and its host"
grep -q "^  load 1: spin@$CPU_A (#1), solo [0-9.]* Mloop/s" "$TMP/sum" &&
    grep -q "^  load 2: spin@$CPU_A (#2), solo [0-9.]* Mloop/s" "$TMP/sum"
ok $? "it lists the two loads with their solos"
# LOAD is two words ("#1 spin@0"): MEDIAN is field 8, SPEED field 11. A
# speed past physics on a solo others disturbed reads ? (a busy machine).
awk '$1 ~ /^#[12]$/ { n++; s = $11; sub(/^~/, "", s)
    if (!($8 + 0 > 0 && (s ~ /^[0-9]+%$/ && s + 0 > 0 || s == "?" && $10 ~ /^~/))) bad = 1 }
    END { exit bad || n < 2 }' "$TMP/sum"
ok $? "each load has rows with a positive median rate and speed (? only on a ~ solo)"
[ "$(awk '$1 == "#1"' "$TMP/sum" | wc -l)" = "$(awk '$1 == "#2"' "$TMP/sum" | wc -l)" ]
ok $? "both loads have as many rows"
if command -v python3 > /dev/null 2>&1; then
	$SMTSCOPE replay --summary --json "$R" | python3 -c '
import json, sys
j = json.load(sys.stdin)
assert j["kind"] == "replay-summary" and len(j["loads"]) == 2
assert all(l["solo"] > 0 for l in j["loads"])
assert all(p["median"] > 0 and (p["speed"] > 0 if p["speed"] is not None else
           p["speed_mark"] == "?") for p in j["parts"])
print(len(j["parts"]))' > "$TMP/py" 2>&1
	ok $? "--json parses: two loads with solos, parts with speeds ($(tail -n 1 "$TMP/py") parts)"
else
	skip "python3 is not installed: --json is not parsed"
fi
gzip -dc "$R" > "$TMP/plain.jsonl"
$SMTSCOPE replay --summary "$TMP/plain.jsonl" | tail -n +2 > "$TMP/sum2"
tail -n +2 "$TMP/sum" | cmp -s - "$TMP/sum2"
ok $? "the same recording uncompressed gives the same summary"

# SIGINT: the file is whole up to an end line, no load is left, smtscope dies of it.
# A background job of sh starts with SIGINT ignored, which smtscope keeps
# (nohup): env gives it the default back.
env --default-signal=INT,QUIT $SMTSCOPE record -o "$TMP/int.jsonl" -d 2 -l "spin@$CPU_A" -l "spin@${CPU_B:-$CPU_A}" > "$TMP/intout" 2> "$TMP/err" &
pid=$!
i=0
while [ $i -lt 200 ] && ! grep -q '"c":\[' "$TMP/int.jsonl" 2> /dev/null; do
	sleep 0.05
	i=$((i + 1))
done
kids=$(proc_kids $pid)
kill -INT $pid
wait $pid
st=$?
[ $st -eq 130 ]
ok $? "record ends on SIGINT as killed by it (status $st)"
procs_wait_gone 10 $kids
[ "$(echo $kids | wc -w)" -ge 2 ] && gone $kids
ok $? "its load processes ($kids) are gone (left: $(procs_left $kids || echo none))"
tail -n 1 "$TMP/int.jsonl" | grep -q '"e":"end","why":"SIGINT"'
ok $? "the file ends with the end event: SIGINT"
# The refreshes it counts are the file's (none where a busy machine kept the
# solos past the wait above: the kill then comes first).
nref=$(grep -c '"c":\[' "$TMP/int.jsonl")
grep -q "^Recorded $nref refresh.* over [0-9.]* s, $(wc -l < "$TMP/int.jsonl") lines, to $TMP/int.jsonl\$" "$TMP/intout"
ok $? "on SIGINT too, its line says what it wrote, $nref refreshes as the file has ($(cat "$TMP/intout"))"
$SMTSCOPE replay --summary "$TMP/int.jsonl" > /dev/null 2> "$TMP/err"
[ $? -eq 0 ] && [ ! -s "$TMP/err" ]
ok $? "replay reads it without a warning ($(cat "$TMP/err"))"

# A recording cut short: its last line is left out, with a warning naming it.
head -c -5 "$TMP/int.jsonl" > "$TMP/cut.jsonl"
last=$(wc -l < "$TMP/int.jsonl")
$SMTSCOPE replay --summary "$TMP/cut.jsonl" > /dev/null 2> "$TMP/err"
[ $? -eq 0 ] && grep -q "cut.jsonl: line $last: truncated" "$TMP/err"
ok $? "a file cut short: a warning names line $last ($(cat "$TMP/err"))"

# Bad files: one line naming the file and the line, exit 2.
bad() {
	$SMTSCOPE replay --summary "$1" > "$TMP/bo" 2> "$TMP/be"
	st=$?
	[ $st -eq 2 ] && [ ! -s "$TMP/bo" ] && [ "$(wc -l < "$TMP/be")" -eq 1 ] &&
	    grep -q "$2" "$TMP/be"
	ok $? "$3: exit 2, one line: $(cat "$TMP/be")"
}
sed '1s/"format":1,/"format":7,/' "$TMP/s.jsonl" > "$TMP/v7.jsonl"
bad "$TMP/v7.jsonl" "v7.jsonl: line 1: recording format 7" "another format version"
bad tests/data/compare/a.json "a.json: line 1" "a check result"
sed '4s/.*/{"t":1,"c":"x"}/' "$TMP/s.jsonl" > "$TMP/l4.jsonl"
bad "$TMP/l4.jsonl" "l4.jsonl: line 4: " "a bad line 4"
bad "$TMP/none.jsonl" "none.jsonl: No such file" "a missing file"
: > "$TMP/empty.jsonl"
bad "$TMP/empty.jsonl" "empty.jsonl: empty" "an empty file"

# Usage: one line, exit 2, nothing started.
usage() {
	$SMTSCOPE "$@" > "$TMP/uo" 2> "$TMP/ue"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l < "$TMP/ue")" -eq 1 ]
	ok $? "$*: exit 2, one line: $(cat "$TMP/ue")"
}
usage record -l "spin@$CPU_A"
usage record -o "$TMP/x.jsonl" -d 0
usage record -o "$TMP/x.jsonl" --time abc
usage record -o "$TMP/x.jsonl" -l "nosuch@$CPU_A"
usage record -o "$TMP/nodir/x.jsonl" --time 1
usage replay --summary
usage --record "$TMP/x.jsonl" -i 'package:1 core:2 pu:1'
$SMTSCOPE -n --help | grep -q -- '--record FILE .*record the session'
ok $? "the live screen's help names --record"
usage replay --csv "$R"
grep -q -- '--json and --csv go with --summary' "$TMP/ue"
ok $? "replay --csv without --summary says they go with --summary"
[ ! -e "$TMP/x.jsonl" ]
ok $? "no file is written on a usage error"
# Identical loads on one CPU stand on one baseline: their solo events carry
# the same solo, the place's best measurement, whoever took it (issue 35).
# A hog on their CPU disturbs the first's solo, so the second measures its
# own (a disturbed baseline is not reused): before, each kept its own.
hog=
if [ -x tests/helpers/hog ] && command -v taskset > /dev/null 2>&1; then
	taskset -c "$CPU_A" tests/helpers/hog 60 &
	hog=$!
fi
$SMTSCOPE record -o "$TMP/twin.jsonl" -t 1 -l "hash@$CPU_A" -l "hash@$CPU_A" > /dev/null 2>&1
if [ -n "$hog" ]; then
	kill $hog 2> /dev/null
	wait $hog 2> /dev/null
fi
grep '"e":"solo"' "$TMP/twin.jsonl" > "$TMP/twin.solo"
v=$(python3 - "$TMP/twin.solo" <<'PY' 2> /dev/null
import json, sys
s = [json.loads(l) for l in open(sys.argv[1])]
print(" ".join("%s:%s:%s" % (e["id"], e["solo"], e["baseline"]["by"]) for e in s))
PY
)
set -- $v
[ $# -eq 2 ] && [ "${1#*:}" = "${2#*:}" ]
ok $? "two hash@$CPU_A: one solo and one baseline in both solo events ($v)"
# Absurd figures in a recording are refused, naming the line, not shown:
# a rate of 1e300 in a sample, a negative solo (issue 39, finding 8).
$SMTSCOPE record -o "$TMP/one.jsonl" -t 1 -l "spin@$CPU_A" > /dev/null 2>&1
sed 's/"l":\[\[1,"r",[0-9.e+]*/"l":[[1,"r",1e300/' "$TMP/one.jsonl" > "$TMP/huge.jsonl"
sed 's/"solo":[0-9.e+]*,"share"/"solo":-5,"share"/' "$TMP/one.jsonl" > "$TMP/neg.jsonl"
for f in huge neg; do
	$SMTSCOPE replay --summary "$TMP/$f.jsonl" > /dev/null 2> "$TMP/$f.err"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l < "$TMP/$f.err")" -eq 1 ] &&
	    grep -q "$TMP/$f.jsonl: line [0-9]*: a .* out of range" "$TMP/$f.err"
	ok $? "replay --summary of $f.jsonl: exit $st, one line naming the line: $(cat "$TMP/$f.err")"
done
# One refresh is "1 refresh", not "1 refreshes".
n=$(grep -c '"c":\[' "$TMP/one.jsonl")
$SMTSCOPE replay --summary "$TMP/one.jsonl" 2>&1 | sed -n 2p > "$TMP/one.sum"
case $n in
1) grep -q '^1 refresh every ' "$TMP/one.sum" ;;
*) grep -q "^$n refreshes every " "$TMP/one.sum" ;;
esac
ok $? "replay --summary counts $n refresh(es) in the right number ($(cat "$TMP/one.sum"))"
done_testing
