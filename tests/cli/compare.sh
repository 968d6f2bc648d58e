# tests/cli/compare.sh: `smtscope compare` on check results (tests/data/compare:
# two real runs and one edited to SMT off and a slow hash), its formats, exit
# statuses and bad input; and -o with %h and %% on the commands that write results.
. tests/lib.sh

D=tests/data/compare
$SMTSCOPE compare $D/a.json $D/b.json $D/c.json > "$TMP/out" 2> "$TMP/err"
st=$?
[ $st -eq 1 ] && [ ! -s "$TMP/err" ]
ok $? "three results with an outlier: exit 1 ($st)"
# One SMT state, in the machine model's words: the group's line says what
# most have, c's reason says its own against exactly that (the words from
# --json, the text read as one line).
smt=$($SMTSCOPE compare --json $D | sed -n 's/.*"topology":{[^}]*"smt":"\([^"]*\)"}.*/\1/p')
csmt=$($SMTSCOPE compare --json $D | sed 's/{"name":/\n&/g' | sed -n 's/^{"name":"c",.*"smt":"\([^"]*\)",.*/\1/p')
tr '\n' ' ' < "$TMP/out" | tr -s ' ' > "$TMP/flat"
grep -qF "most have 1 package, 1 NUMA node, 2 cores, 2 logical CPUs, $smt " "$TMP/flat" &&
    grep -qF "! c: $csmt where 2 others have $smt ! " "$TMP/flat" &&
    echo "$smt" | grep -q '^SMT not supported (1 thread per core)$' && echo "$csmt" | grep -q 'control off$'
ok $? "c: its SMT ($csmt) where 2 others have the group's line's ($smt)"
! grep -q '#' "$TMP/out"
ok $? "no reason or note carries a placeholder: $(grep '#' "$TMP/out" | head -n 1)"
grep -qF 'note: 3 of 3 reported: CPU 0 was 100% busy with other work before measuring: figures there may be low note:' "$TMP/flat"
ok $? "a warning all three said alike, in its own words"
grep -q '^  ! c: hash solo [0-9.]* MB/s, 30 % below the median [0-9.]*' "$TMP/out"
ok $? "c: its hash solo 30 % below the median"
[ "$(widest "$TMP/out")" -le 79 ]
ok $? "the text fits 80 columns"
grep -q '^hash alone MB/s ' "$TMP/out" && grep -q '^int same-pu ' "$TMP/out"
ok $? "a line per kernel alone and per kernel and relation"
# Aligned (tests/tools/aligned.py): every cell at its column's start, each
# column as wide as its widest cell; names whole, machines in blocks of 80.
if command -v python3 > /dev/null 2>&1; then
	python3 tests/tools/aligned.py "$TMP/out" '^ +[^ !].*  median$' '^  !' > "$TMP/al" 2>&1
	ok $? "the table's columns aligned, each as wide as its widest cell ($(tail -n 1 "$TMP/al"))"
	mkdir "$TMP/many"
	for n in a-machine-named-at-length b c d e f; do
		cp $D/a.json "$TMP/many/$n.json"
	done
	cp $D/b.json "$TMP/many/bb.json"
	$SMTSCOPE compare "$TMP/many" > "$TMP/many.out" 2>&1
	python3 tests/tools/aligned.py "$TMP/many.out" '^ {12,}[^ ]' '^  !' > "$TMP/al" 2>&1 &&
	    grep -q '^ *a-machine-named-at-length  ' "$TMP/many.out" &&
	    [ "$(grep -c '^hash alone MB/s ' "$TMP/many.out")" -ge 2 ] &&
	    [ "$(widest "$TMP/many.out")" -le 80 ]
	ok $? "seven machines, one long name: blocks within 80 columns, aligned, names whole ($(tail -n 1 "$TMP/al"))"
else
	skip_n 2 "python3 not found: the alignment is not read"
fi
$SMTSCOPE compare $D > "$TMP/dir" 2>&1
[ $? -eq 1 ] && cmp -s "$TMP/dir" "$TMP/out"
ok $? "a directory reads its *.json in name order: the same report"
$SMTSCOPE compare $D/a.json $D/a.json > "$TMP/out2" 2>&1
st=$?
[ $st -eq 0 ] && grep -q '1 group (same CPU); 0 outliers' "$TMP/out2"
ok $? "two alike results: exit 0 ($st)"

if command -v python3 > /dev/null 2>&1; then
	$SMTSCOPE compare --json $D > "$TMP/j.json"
	v=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["kind"], j["outliers"], [m["name"] for m in j["machines"] if m["outlier"]][-1], len(j["groups"]))' "$TMP/j.json")
	[ "$v" = "compare 2 c 1" ] || [ "$v" = "compare 1 c 1" ]
	ok $? "--json parses: kind, outliers, c among them, one group ($v)"
	v=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); g=j["groups"][0]["topology"]["smt"]; c=[m for m in j["machines"] if m["name"] == "c"][0]; print(sum(m["smt"] == g for m in j["machines"]), any(r == c["smt"] + " where 2 others have " + g for r in c["reasons"]))' "$TMP/j.json")
	[ "$v" = "2 True" ]
	ok $? "--json: each machine's smt and the group's; c's reason in the same words ($v)"
	$SMTSCOPE compare --csv $D > "$TMP/c.csv"
	v=$(python3 -c 'import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); print(len(r) > 0, all(x["machine"] in "abc" for x in r), any(x["outlier"] == "true" and x["machine"] == "c" and x["kernel"] == "hash" for x in r))' "$TMP/c.csv")
	[ "$v" = "True True True" ]
	ok $? "--csv parses: rows of a, b, c; c's hash flagged ($v)"
	# --svg FILE as every other --svg: the heatmap in FILE, the report as ever.
	$SMTSCOPE compare --svg "$TMP/f.svg" $D > "$TMP/f.txt" 2> "$TMP/f.err"
	st=$?
	cmp -s "$TMP/f.txt" "$TMP/out" && [ $st -eq 1 ] && [ ! -s "$TMP/f.err" ] &&
	    python3 -c 'import sys, xml.dom.minidom as x; d=x.parse(sys.argv[1]); sys.exit(len(d.getElementsByTagName("rect")) < 10)' "$TMP/f.svg"
	ok $? "--svg FILE: the heatmap in FILE (well-formed, its cells), the text report on stdout as without it (exit $st)"
	$SMTSCOPE compare --json --svg "$TMP/j.svg" $D > "$TMP/j2.json" 2> /dev/null
	cmp -s "$TMP/j.svg" "$TMP/f.svg" && grep -q '^{"kind":"compare"' "$TMP/j2.json"
	ok $? "--svg FILE beside --json: the same heatmap, the JSON on stdout"
	# The old forms, when --svg took no FILE: the heatmap alone on stdout.
	$SMTSCOPE compare --svg $D > "$TMP/h.svg"
	$SMTSCOPE compare --svg - $D > "$TMP/h2.svg"
	$SMTSCOPE compare --svg $D/a.json $D/b.json $D/c.json > "$TMP/h3.svg"
	cmp -s "$TMP/h.svg" "$TMP/f.svg" && cmp -s "$TMP/h2.svg" "$TMP/f.svg" &&
	    cmp -s "$TMP/h3.svg" "$TMP/f.svg" && [ -s $D/a.json ] && grep -q '^{' $D/a.json
	ok $? "the old --svg DIR and --svg A.json B.json..., and --svg -: the same heatmap on stdout, no result overwritten"
	# Colours by better and worse in the unit's direction: b's chase alone
	# (405 ns/load against a median of 528: faster) is blue, c's hash alone
	# (30 % below the median MB/s: slower) red.
	grep -q 'fill="#[0-9a-f][0-9a-f][0-9a-f][0-9a-f]ff"[^>]*><title>b: chase alone ns/load 405' "$TMP/f.svg" &&
	    grep -q 'fill="#ff[0-9a-f]*"[^>]*><title>c: hash alone MB/s' "$TMP/f.svg" &&
	    grep -q 'red worse, blue better' "$TMP/f.svg"
	ok $? "--svg: a lower ns/load is blue (better), a lower MB/s red (worse): $(grep -o 'fill="#[0-9a-f]*"[^>]*><title>b: chase alone[^<]*' "$TMP/f.svg")"
else
	skip "python3 not found: cannot parse --json, --csv, --svg"
	skip "python3 not found"
	skip_n 4 "python3 not found"
fi

# bad_input WHAT NEEDLE FILE...: exit 2, one line on stderr that says NEEDLE.
bad_input() {
	_what=$1
	_needle=$2
	shift 2
	$SMTSCOPE compare "$@" > "$TMP/o" 2> "$TMP/e"
	_st=$?
	[ $_st -eq 2 ] && [ "$(wc -l < "$TMP/e" | tr -d ' ')" = 1 ] && grep -qF -- "$_needle" "$TMP/e"
	ok $? "$_what: exit 2 ($_st), one line: $(cat "$TMP/e")"
}
sed 's/"format":1,/"format":2,/' $D/a.json > "$TMP/v2.json"
bad_input "another format" "$TMP/v2.json: format 2; this smtscope reads format 1" $D/a.json "$TMP/v2.json"
sed 's/"kind":"check"/"kind":"run"/' $D/a.json > "$TMP/run.json"
bad_input "another kind" "$TMP/run.json: a 'run' result" $D/a.json "$TMP/run.json"
head -c 500 $D/a.json > "$TMP/cut.json"
bad_input "a truncated file" "$TMP/cut.json: not JSON: line 1, column 501" "$TMP/cut.json"
bad_input "a missing file" "/nonexistent/x.json: No such file" /nonexistent/x.json
mkdir "$TMP/empty"
bad_input "an empty directory" "no *.json results" "$TMP/empty"
bad_input "no operand" "no result given"
bad_input "a bad tolerance" "--tolerance: 'x'" -t x $D
bad_input "--svg - and --json" "choose one" --svg - --json $D
bad_input "--svg DIR (the old form) and --json" "choose one" --svg $D --json
bad_input "--svg followed by an option" "--svg takes a FILE" --svg --json $D
bad_input "--svg into a missing directory" "cannot write /nonexistent/x.svg" --svg /nonexistent/x.svg $D

# -o: %h is the short host name, %% a %; the file appears whole.
host=$(hostname | cut -d. -f1)
$SMTSCOPE check --dry-run --json -o "$TMP/%h-%%.json" > "$TMP/o" 2>&1
[ $? -eq 0 ] && [ -s "$TMP/$host-%.json" ] && [ ! -s "$TMP/o" ]
ok $? "check -o %h-%%.json writes $host-%.json, nothing on stdout"
grep -q '"kind":"check","machine":{"format":1,' "$TMP/$host-%.json"
ok $? "the result starts with its kind and machine object"
ls -a "$TMP" | grep -q '^\.' && [ -z "$(ls -A "$TMP" | grep '^\.[^.]')" ]
ok $? "no temporary file is left beside it"
$SMTSCOPE check --dry-run -o "$TMP/%q" > /dev/null 2> "$TMP/e"
[ $? -eq 2 ] && grep -q "unknown '%q'" "$TMP/e"
ok $? "-o with an unknown %: exit 2: $(cat "$TMP/e")"
$SMTSCOPE time --dry-run --json -o /nonexistent/dir/t.json -- true > /dev/null 2> "$TMP/e"
[ $? -eq 2 ] && grep -q "/nonexistent/dir/t.json" "$TMP/e"
ok $? "-o in a missing directory names it: $(cat "$TMP/e")"

# Every --json result is self-describing: its kind and machine object.
if command -v python3 > /dev/null 2>&1; then
	$SMTSCOPE run --time 0.1 --json -o "$TMP/run-%h.json" "spin@$CPU_A" > /dev/null 2>&1
	$SMTSCOPE time --runs 1 --json -o "$TMP/time.json" -- true > /dev/null 2>&1
	printf 'tour tiny\ntitle "tiny"\nstep "one"\n  start a spin at 0\n' > "$TMP/t.tour"
	$SMTSCOPE tour --headless --step 0.5 -r "$TMP/tour.json" "$TMP/t.tour" > /dev/null 2>&1
	for f in "run-$host.json run" "time.json time" "tour.json tour"; do
		set -- $f
		v=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); m=j["machine"]; print(j["kind"], m["format"], m["hostname"] != None, sorted(m["topology"]) == ["cores","cpu_kinds","numa_nodes","packages","pus","smt_control","smt_on","smt_width"], "dmi" in m and "microcode" in m["cpu"])' "$TMP/$1" 2>&1)
		[ "$v" = "$2 1 True True True" ]
		ok $? "$2 --json: kind $2 and the machine object ($v)"
	done
else
	skip "python3 not found: cannot read the results"
fi
done_testing
