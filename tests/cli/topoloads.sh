#!/bin/sh
# tests/cli/topoloads.sh: `smtscope topo --svg FILE --loads FILE2`: a run
# result's and a recording's loads drawn in the box of each CPU they were
# pinned to (the SVG's geometry read by tests/tools/svgloads.py), with the
# figure and mark the file gives; a file from another machine, a load on a
# CPU the topology lacks and bad files refused in one line; exit codes.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found: cannot read the SVG's geometry"
	done_testing
	exit
fi
A=$CPU_A
B=${CPU_B:-$CPU_A}

# expect RESULT.json: the lines svgloads.py must print for a run result,
# from the file alone: "LABEL FIGURE CPU" per CPU of each pinned load.
expect() {
	python3 -c 'import json, sys
for l in json.load(open(sys.argv[1]))["loads"]:
    mark = l["speed_mark"] or ""
    fig = mark + "%.0f%%" % (l["speed"] * 100) if l["speed"] is not None else (mark or "-")
    for c in ([] if l["floating"] else l["cpus"]):
        print("%s#%d %s %d" % (l["kernel"], l["id"], fig, c))' "$1" | sort
}

# drawn SVG: the loads' lines svgloads.py reads from the picture, sorted.
drawn() {
	python3 tests/tools/svgloads.py "$1" > "$TMP/drawn.all"
	_rc=$?
	grep -v '^legend: ' "$TMP/drawn.all" | sort
	return $_rc
}

# A run on this machine, two loads on the first and last allowed CPUs.
"$SMTSCOPE" run --time 1 --json hash@"$A" int@"$B" > "$TMP/run.json" 2> "$TMP/run.err"
ok $? "run --json hash@$A int@$B ($(head -n 1 "$TMP/run.err"))"
"$SMTSCOPE" topo --svg "$TMP/run.svg" --loads "$TMP/run.json" > /dev/null 2> "$TMP/e"
ok $? "topo --svg --loads RUN.json exits 0 ($(head -n 1 "$TMP/e"))"
expect "$TMP/run.json" > "$TMP/want"
drawn "$TMP/run.svg" > "$TMP/got"
[ $? -eq 0 ] && [ -s "$TMP/want" ] && cmp -s "$TMP/want" "$TMP/got"
ok $? "each load's label and figure inside its CPU's box: $(tr '\n' ';' < "$TMP/got")"
grep -q "^legend: Loads of the run result run.json (host $(uname -n)" "$TMP/drawn.all"
ok $? "the legend names the file, its kind and its host: $(grep legend "$TMP/drawn.all")"

# The marks as the file gives them: ~ with its figure, ? without one.
python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
j["loads"][0]["speed_mark"] = "~"
if j["loads"][0]["speed"] is None:	# unknown in this run: the file edited holds one
    j["loads"][0]["speed"] = 0.5
j["loads"][1]["speed"] = None
j["loads"][1]["speed_mark"] = "?"
json.dump(j, open(sys.argv[2], "w"))' "$TMP/run.json" "$TMP/marks.json"
"$SMTSCOPE" topo --svg "$TMP/marks.svg" --loads "$TMP/marks.json" > /dev/null 2>&1
expect "$TMP/marks.json" > "$TMP/want"
drawn "$TMP/marks.svg" > "$TMP/got"
[ $? -eq 0 ] && grep -q "^hash#1 ~[0-9]*% $A\$" "$TMP/got" && grep -q "^int#2 ? $B\$" "$TMP/got" &&
    cmp -s "$TMP/want" "$TMP/got"
ok $? "the marks are kept, no figure where the file has none: $(tr '\n' ';' < "$TMP/got")"

# A floating load is in no CPU's box: the legend says where it could run.
python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
j["loads"][1]["floating"] = True
json.dump(j, open(sys.argv[2], "w"))' "$TMP/run.json" "$TMP/float.json"
"$SMTSCOPE" topo --svg "$TMP/float.svg" --loads "$TMP/float.json" > /dev/null 2>&1
drawn "$TMP/float.svg" > "$TMP/got"
[ $? -eq 0 ] && ! grep -q '^int#2 ' "$TMP/got" && grep -q '^hash#1 ' "$TMP/got" &&
    grep -q "^legend: int#2 [^ ]*: floating over CPUs $B" "$TMP/drawn.all"
ok $? "a floating load in the legend, in no CPU's box: $(grep 'legend: int' "$TMP/drawn.all")"

# A recording on this machine.
"$SMTSCOPE" record -o "$TMP/rec.jsonl" -t 1 -l hash@"$A" -l int@"$B" > /dev/null 2> "$TMP/rec.err"
ok $? "record -t 1 -l hash@$A -l int@$B ($(head -n 1 "$TMP/rec.err"))"
"$SMTSCOPE" topo --svg "$TMP/rec.svg" --loads "$TMP/rec.jsonl" > /dev/null 2> "$TMP/e"
ok $? "topo --svg --loads REC.jsonl exits 0 ($(head -n 1 "$TMP/e"))"
drawn "$TMP/rec.svg" > "$TMP/got"
st=$?
printf 'hash#1 %s\nint#2 %s\n' "$A" "$B" | sort > "$TMP/want"
sed 's/ [^ ]* / /' "$TMP/got" > "$TMP/where"
[ $st -eq 0 ] && cmp -s "$TMP/want" "$TMP/where" &&
    ! grep -qv '^[a-z]*#[0-9]* \(~\?[0-9][0-9]*%\|?\|-\) [0-9]*$' "$TMP/got"
ok $? "the recording's loads in their CPUs' boxes, each with a figure: $(tr '\n' ';' < "$TMP/got")"
start=$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["start"])' \
    "$TMP/rec.jsonl")
grep -q "^legend: Loads of the recording rec.jsonl (host $(uname -n), started $start)" \
    "$TMP/drawn.all"
ok $? "the legend names the recording, its host and its start: $(grep legend "$TMP/drawn.all")"
# A load moved during the recording (a move event written in before its
# stop): drawn where it ended, the legend says it moved.
python3 -c 'import json, sys
lines = open(sys.argv[1]).read().splitlines()
stop = [i for i, l in enumerate(lines) if json.loads(l).get("e") == "stop"][0]
t = json.loads(lines[stop])["t"]
lines.insert(stop, json.dumps({"t": t, "e": "move", "id": 1, "to": "hash@" + sys.argv[3]}))
open(sys.argv[2], "w").write("\n".join(lines) + "\n")' "$TMP/rec.jsonl" "$TMP/moved.jsonl" "$B"
"$SMTSCOPE" topo --svg "$TMP/moved.svg" --loads "$TMP/moved.jsonl" > /dev/null 2> "$TMP/e"
drawn "$TMP/moved.svg" > "$TMP/got"
[ $? -eq 0 ] && grep -q "^hash#1 [^ ]* $B\$" "$TMP/got" &&
    grep -q "^legend: hash#1 [^ ]*: moved 1 time, drawn where it ended (CPUs $B)" "$TMP/drawn.all"
ok $? "a load moved: drawn on CPU $B where it ended, said in the legend ($(head -n 1 "$TMP/e")$(grep 'legend: hash' "$TMP/drawn.all"))"

# The same drawn on the recording's own XML (-i): no host to differ.
python3 -c 'import json, sys; sys.stdout.write(json.loads(open(sys.argv[1]).readline())["xml"])' \
    "$TMP/rec.jsonl" > "$TMP/rec.xml"
"$SMTSCOPE" topo -i "$TMP/rec.xml" --svg "$TMP/recxml.svg" --loads "$TMP/rec.jsonl" \
    > /dev/null 2> "$TMP/e"
ok $? "drawn on the recording's own XML with -i ($(head -n 1 "$TMP/e"))"

# refused WHAT WANT ARGS...: exit 2, one line on stderr holding WANT.
refused() {
	_what=$1 _want=$2
	shift 2
	"$SMTSCOPE" topo "$@" > /dev/null 2> "$TMP/err"
	_st=$?
	[ $_st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q -- "$_want" "$TMP/err"
	ok $? "$_what: exit 2 ($_st), one line: $(cat "$TMP/err")"
}
sed "s/\"hostname\":\"[^\"]*\"/\"hostname\":\"not-$(uname -n)\"/" "$TMP/run.json" > "$TMP/host.json"
refused "a run from another host" "host.json: a run result from host not-$(uname -n)" \
    --svg "$TMP/o.svg" --loads "$TMP/host.json"
refused "a run on another topology" "run.json: a run result from another machine: " \
    -i "package:3 core:5 pu:1" --svg "$TMP/o.svg" --loads "$TMP/run.json"
refused "a recording on another topology" "rec.jsonl: a recording from another machine" \
    -i "package:2 core:3 pu:1" --svg "$TMP/o.svg" --loads "$TMP/rec.jsonl"
python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
j["loads"][1]["cpus"] = [4000]
json.dump(j, open(sys.argv[2], "w"))' "$TMP/run.json" "$TMP/cpu.json"
refused "a load on a CPU the topology lacks" "load int#2 ran on CPU 4000, which the topology" \
    --svg "$TMP/o.svg" --loads "$TMP/cpu.json"
: > "$TMP/empty"
printf 'not json\n' > "$TMP/text"
mkfifo "$TMP/fifo"
mkdir "$TMP/dir"
printf '{"kind":"check"}\n' > "$TMP/check.json"
refused "an empty file" "empty: empty" --svg "$TMP/o.svg" --loads "$TMP/empty"
refused "not JSON" "text: line 1" --svg "$TMP/o.svg" --loads "$TMP/text"
refused "a FIFO" "fifo: a FIFO, not a regular file" --svg "$TMP/o.svg" --loads "$TMP/fifo"
refused "a directory" "dir: a directory" --svg "$TMP/o.svg" --loads "$TMP/dir"
refused "a missing file" "nonexistent.json: No such file" --svg "$TMP/o.svg" \
    --loads "$TMP/nonexistent.json"
refused "another kind of result" 'check.json: a result of kind "check"' --svg "$TMP/o.svg" \
    --loads "$TMP/check.json"
if truncate -s 2G "$TMP/huge.json" 2> /dev/null; then
	refused "a huge file" "huge.json: larger than" --svg "$TMP/o.svg" --loads "$TMP/huge.json"
else
	skip "a huge file: truncate cannot make a sparse 2 GB file here"
fi
refused "--loads without --svg" "give --svg FILE too" --loads "$TMP/run.json"
refused "--loads ''" "the file name is empty" --svg "$TMP/o.svg" --loads ''
[ ! -e "$TMP/o.svg" ]
ok $? "nothing written when the loads are refused"

# A runtime failure (the picture cannot be written: a file size limit): exit 1.
out=$( (trap '' XFSZ; ulimit -f 0; "$SMTSCOPE" topo --svg "$TMP/big.svg" \
    --loads "$TMP/run.json" 2>&1 > /dev/null; echo "rc=$?") 2>&1)
case $out in
*"cannot write"*"rc=1") ok 0 "an SVG that cannot be written: exit 1 ($out)" ;;
*) ok 1 "an SVG that cannot be written: exit 1 ($out)" ;;
esac
done_testing
