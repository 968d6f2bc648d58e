#!/bin/sh
# tests/cli/numbers.sh: a number in a file smtscope reads that does not fit
# where it goes (1e300, -1e300, 2.5 where a whole number is wanted) is
# refused in one line naming the file and the key, exit 2 (issue 39): never
# a cast C leaves undefined (a sanitized build stops at one with exit 1 and
# a "runtime error" line), never a value quietly cut to a whole one.
. tests/lib.sh

SYN="package:1 core:2 pu:1"

# refused WHAT WANT CMD...: exit 2, one line on stderr holding WANT, no sanitizer report.
refused() {
	_what=$1 _want=$2
	shift 2
	"$SMTSCOPE" "$@" < /dev/null > /dev/null 2> "$TMP/err"
	_st=$?
	[ $_st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q -- "$_want" "$TMP/err" &&
	    ! grep -q 'runtime error' "$TMP/err"
	ok $? "$_what: exit 2 ($_st), one line: $(head -c 300 "$TMP/err")"
}

# infer PUS PAIR: a check --infer --json result with this topology and one pair.
infer() {
	printf '{"kind":"check-infer","machine":{"format":1,"topology":{"pus":%s}},' "$1"
	printf '"infer":{"pairs":[%s]}}\n' "$2"
}
infer 1e300 '' > "$TMP/pus-huge.json"
infer 2.5 '' > "$TMP/pus-half.json"
infer 2 '{"a":-1e300,"b":1,"measured":"smt-siblings"}' > "$TMP/a-huge.json"
infer 2 '{"a":0,"b":1.5,"measured":"smt-siblings"}' > "$TMP/b-half.json"
refused "--infer-from: pus 1e300" \
    "pus-huge.json: the topology's \"pus\" is not a whole number from 1 to 4096" \
    -i "$SYN" --infer-from "$TMP/pus-huge.json"
refused "--infer-from: pus 2.5" "pus-half.json: the topology's \"pus\" is not a whole" \
    -i "$SYN" --infer-from "$TMP/pus-half.json"
refused "--infer-from: a pair's a -1e300" \
    "a-huge.json: pair 1: \"a\" or \"b\" is not a whole number from 0 to 4095" \
    -i "$SYN" --infer-from "$TMP/a-huge.json"
refused "--infer-from: a pair's b 1.5" "b-half.json: pair 1: \"a\" or \"b\" is not" \
    -i "$SYN" --infer-from "$TMP/b-half.json"
infer 2 '{"a":0,"b":1,"measured":"smt-siblings"}' > "$TMP/fine.json"
"$SMTSCOPE" -i "$SYN" --infer-from "$TMP/fine.json" < /dev/null > /dev/null 2> "$TMP/err"
grep -q 'needs a terminal' "$TMP/err"
ok $? "--infer-from a result whose numbers fit: read, on to the terminal check ($(cat "$TMP/err"))"

# run PUS ID CPU: a run result of one load.
run() {
	printf '{"kind":"run","machine":{"hostname":"x","topology":{"pus":%s}},' "$1"
	printf '"loads":[{"id":%s,"kernel":"spin","cpus":[%s],"speed":1,' "$2" "$3"
	printf '"speed_mark":null,"floating":false}]}\n'
}
run 1e300 1 0 > "$TMP/run-pus.json"
run 2 -1e300 0 > "$TMP/run-id.json"
run 2 1 1e300 > "$TMP/run-cpu.json"
refused "topo --loads: pus 1e300" \
    "run-pus.json: the machine's \"pus\" is not a whole number from 0 to 4096" \
    topo -i "$SYN" --svg "$TMP/o.svg" --loads "$TMP/run-pus.json"
refused "topo --loads: a load's id -1e300" "run-id.json: a load without an id" \
    topo -i "$SYN" --svg "$TMP/o.svg" --loads "$TMP/run-id.json"
refused "topo --loads: a load's CPU 1e300" "run-cpu.json: load spin#1: a CPU that is not" \
    topo -i "$SYN" --svg "$TMP/o.svg" --loads "$TMP/run-cpu.json"

# A recording: a sample's load id 1e300, a solo event's id 2.5.
R=tests/data/record/small.jsonl
sed '6s/"l":\[\[1,/"l":[[1e300,/' "$R" > "$TMP/sample.jsonl"
sed '4s/"id":1,/"id":2.5,/' "$R" > "$TMP/solo.jsonl"
! cmp -s "$R" "$TMP/sample.jsonl" && ! cmp -s "$R" "$TMP/solo.jsonl"
ok $? "the hostile recordings differ from $R"
refused "replay: a sample's load id 1e300" \
    "sample.jsonl: line 6: a sample of a load that never started" \
    replay --summary "$TMP/sample.jsonl"
refused "replay: a solo event's id 2.5" "solo.jsonl: line 4: solo event of a load that never" \
    replay --summary "$TMP/solo.jsonl"
"$SMTSCOPE" replay --summary "$R" > /dev/null 2> "$TMP/err"
ok $? "replay --summary $R itself is read ($(head -n 1 "$TMP/err"))"

done_testing
