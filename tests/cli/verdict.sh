#!/bin/sh
# tests/cli/verdict.sh: check ends with one verdict line, "SMT yield: ..."
# (a figure per kernel, or why it cannot be told: no SMT sibling, others'
# work), and its JSON carries the same words as "verdict"; a dry run has none;
# the exit status 3 exactly when the verdict is "not measurable now".
. tests/lib.sh

"$SMTSCOPE" check --kernels int --time 0.1 > "$TMP/c.txt" 2> "$TMP/c.err"
rc=$?
last=$(tail -n 1 "$TMP/c.txt")
# exit 3 exactly when the verdict is "not measurable now" (others' work)
case $rc:$last in
"3:SMT yield: not measurable now"*) ok 0 "check: exit 3 with 'not measurable now'" ;;
3:*) ok 1 "check: exit 3 without 'not measurable now' ($last)" ;;
"0:SMT yield: not measurable now"*) ok 1 "check: exit 0 with 'not measurable now'" ;;
0:*) ok 0 "check: exit 0, the verdict told ($last)" ;;
*) ok 1 "check: exit $rc ($(head -n 1 "$TMP/c.err"))" ;;
esac
case $last in
"SMT yield: int "[0-9]*|"SMT yield: not measurable"*) ok 0 "check: a verdict last ($last)" ;;
*) ok 1 "check: a verdict last ($last; $(head -n 1 "$TMP/c.err"))" ;;
esac
if grep -q '^SMT yield' "$TMP/c.txt" && [ "$(grep -c '^SMT yield' "$TMP/c.txt")" -eq 1 ] &&
    [ "$(tail -n 1 "$TMP/c.txt" | wc -c)" -le 81 ]; then
	ok 0 "check: one verdict line, within 80 columns"
else
	ok 1 "check: one verdict line, within 80 columns"
fi
"$SMTSCOPE" check --kernels int --time 0.1 --json > "$TMP/c.json" 2> /dev/null
if command -v python3 > /dev/null 2>&1; then
	v=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1])).get("verdict", "none"))' "$TMP/c.json")
	case $v in
	"SMT yield: "*) ok 0 "check --json: verdict ($v)" ;;
	*) ok 1 "check --json: verdict ($v)" ;;
	esac
else
	skip "python3 not found: cannot parse the JSON"
fi
"$SMTSCOPE" check --dry-run --json -i "core:2 pu:2" > "$TMP/d.json"
if grep -q '"verdict"' "$TMP/d.json"; then
	ok 1 "check --dry-run --json: no verdict (nothing measured)"
else
	ok 0 "check --dry-run --json: no verdict (nothing measured)"
fi
done_testing
