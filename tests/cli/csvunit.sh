#!/bin/sh
# tests/cli/csvunit.sh: every CSV the headless commands write has a `unit`
# column (doc/smtscope.1, OUTPUT FORMATS: "Every CSV output has ... a unit
# column"), filled wherever a row has a figure: the plans (--dry-run) on a
# synthetic machine, the fixtures, and short live runs (--time 0.1) where
# there is no plan. c2c --csv and check --idle --csv once had none.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

S4='package:1 core:2 pu:2'
# has_unit NAME FIGURE CMD...: CMD's stdout is CSV with a unit column, and
# every row with a figure in column FIGURE says its unit.
has_unit() {
	_name=$1 _fig=$2
	shift 2
	"$@" > "$TMP/csv" 2> "$TMP/err" < /dev/null
	_st=$?
	if [ "$_st" -ne 0 ] || [ ! -s "$TMP/csv" ]; then
		ok 1 "$_name: exit $_st: $(head -c 200 "$TMP/err")"
		return
	fi
	_why=$(python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head = rows[0]
if "unit" not in head:
    print("no unit column in the header: " + ",".join(head))
    sys.exit(0)
u = head.index("unit")
f = head.index(sys.argv[2])
for r in rows[1:]:
    if len(r) != len(head):
        print("a row of %d fields, %d columns: %s" % (len(r), len(head), r))
        break
    if r[f] != "" and r[u] == "":
        print("a %s with no unit: %s" % (sys.argv[2], ",".join(r)))
        break
' "$TMP/csv" "$_fig")
	[ -z "$_why" ]
	ok $? "$_name: a unit column ($_why)"
}

# The plans and fixtures: no time spent.
has_unit "topo --csv" size $SMTSCOPE topo --csv -i "$S4"
has_unit "check --dry-run --csv" solo $SMTSCOPE check --dry-run --csv -i "$S4"
has_unit "check --scheduler --dry-run --csv" solo \
    $SMTSCOPE check --scheduler --dry-run --csv -i "$S4"
has_unit "check --idle --dry-run --csv" us \
    $SMTSCOPE check --idle --dry-run --csv -i "$S4"
has_unit "check --capacity --dry-run --csv" median \
    $SMTSCOPE check --capacity --dry-run --csv -i "$S4"
has_unit "c2c --dry-run --csv" ns $SMTSCOPE c2c --dry-run --csv -i "$S4"
has_unit "time --dry-run --csv" wall \
    $SMTSCOPE time --dry-run --csv -i "$S4" -- true
has_unit "compare --csv" solo \
    $SMTSCOPE compare --csv tests/data/compare/a.json tests/data/compare/b.json
has_unit "replay --summary --csv" median \
    $SMTSCOPE replay --summary --csv tests/data/record/small.jsonl

# Short live runs: the rows with figures.
has_unit "run --time 0.1 --csv" rate $SMTSCOPE run --time 0.1 --csv "spin@$CPU_A"
has_unit "time --csv" wall $SMTSCOPE time --csv --runs 1 -- true
if need_cpus 2; then
	has_unit "c2c --csv" ns \
	    $SMTSCOPE c2c --cpus "$CPU_A,$CPU_B" --samples 1 --round-trips 20 --csv
else
	skip "c2c --csv: $CPUS_WHY"
fi
has_unit "check --idle --time 0.1 --csv" us \
    $SMTSCOPE check --idle --time 0.1 --csv

done_testing
