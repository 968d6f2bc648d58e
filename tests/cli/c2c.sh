#!/bin/sh
# tests/cli/c2c.sh: `smtscope c2c`: the matrix here (same-CPU cells not
# measured), JSON, CSV and SVG that parse, the plan of other machines
# (--dry-run -i), usage errors in one line with exit 2, Ctrl-C printing
# what was measured, the options in smtscope(1). Shapes only: no timing band.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

# usage_error WHAT ARGS...: exit 2, one line on stderr naming c2c, nothing on stdout.
usage_error() {
	_what=$1
	shift
	$SMTSCOPE c2c "$@" > "$TMP/out" 2> "$TMP/err" < /dev/null
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && [ ! -s "$TMP/out" ] &&
	    grep -q '^smtscope: c2c: ' "$TMP/err"
	ok $? "$_what: exit 2, one line (rc $rc: $(head -c 120 "$TMP/err"))"
}

usage_error "--samples 0" --samples 0
usage_error "--samples x" --samples x
usage_error "--round-trips 0" --round-trips 0
usage_error "--mode foo" --mode foo
usage_error "--per-core with --groups" --per-core --groups
usage_error "--cpus with a CPU that is not there" --cpus 4095
usage_error "--cpus with one CPU" --cpus 0
usage_error "--json with --csv" --json --csv
usage_error "an unknown option" --frobnicate
usage_error "a stray argument" stray
usage_error "--svg with an empty name" --svg ''
usage_error "-i without --dry-run" -i 'package:1 core:2 pu:2'
usage_error "-i with a file that is no topology" --dry-run -i /nonexistent/file.xml

# The plan of another machine: counts, no matrix, nothing measured.
$SMTSCOPE c2c --dry-run -i 'package:2 core:2 pu:2' > "$TMP/plan" 2> "$TMP/err"
rc=$?
[ $rc -eq 0 ] && grep -q '^Plan: 28 pairs of 8 CPUs' "$TMP/plan" &&
    grep -q 'nothing is measured' "$TMP/plan" && ! grep -q 'One-way' "$TMP/plan"
ok $? "--dry-run -i synthetic: the plan only, 28 pairs (rc $rc: $(grep Plan "$TMP/plan"))"
if have_topologies; then
	x=$TOPOLOGIES/amd-epyc-9654-zen4-2s.xml
	for sel in ":73536" "--per-core:18528" "--groups:324"; do
		o=${sel%%:*} n=${sel##*:}
		# shellcheck disable=SC2086
		$SMTSCOPE c2c --dry-run -i "$x" $o > "$TMP/plan" 2>&1
		grep -q "^Plan: $n pairs of " "$TMP/plan"
		ok $? "384-CPU Zen4 ${o:-all}: $n pairs ($(grep Plan "$TMP/plan" | cut -c1-60))"
	done
	$SMTSCOPE c2c --dry-run --json -i "$TOPOLOGIES/intel-xeon-6140-skylake-2s.xml" \
	    > "$TMP/plan.json" 2> "$TMP/err"
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["measured"] is False and r["pairs_planned"] == 2556, r["pairs_planned"]
p = [q for q in r["pairs"] if {q["cpu_a"], q["cpu_b"]} == {0, 36}][0]
assert p["relation"] == "smt-sibling" and p["ns"] is None and p["status"] == "planned"
assert r["cpus"][:2] == [0, 36]' "$TMP/plan.json"
	ok $? "--dry-run --json on the Skylake file: 2556 planned, 0 and 36 siblings"
else
	skip "$TOPOLOGIES not found: the real machines' plans are not checked"
fi

if command -v groff > /dev/null 2>&1; then
	groff -mandoc -Tutf8 -ww doc/smtscope.1 2> /dev/null | sed 's/.\x08//g' > "$TMP/man"
	missing=
	for o in $($SMTSCOPE c2c --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		grep -q -- "$o\b" "$TMP/man" || missing="$missing $o"
	done
	[ -z "$missing" ] && grep -q 'Core-to-core latency' "$TMP/man"
	ok $? "smtscope(1) documents c2c and its options (missing:${missing:- none})"
else
	skip "groff is not installed"
fi

# The pair measured: the first two CPUs this test may use.
if ! need_cpus 2; then
	skip_n 7 "$CPUS_WHY"
	done_testing
	exit 0
fi
A=$CPU_A B=$CPU_B
FAST="--cpus $A,$B --samples 3 --round-trips 200"

# shellcheck disable=SC2086
$SMTSCOPE c2c $FAST --svg "$TMP/m.svg" > "$TMP/text" 2> "$TMP/err"
rc=$?
[ $rc -eq 0 ] || diag "rc $rc: $(cat "$TMP/err")"
awk -v a="$A" -v b="$B" '$1 == a && NF == 3 && $2 == "-" && $3 ~ /^~?[0-9.]+$/ { x = 1 }
    $1 == b && NF == 3 && $3 == "-" && $2 ~ /^~?[0-9.]+$/ { y = 1 }
    END { exit !(x && y) }' "$TMP/text"
ok $? "text: CPU $A and $B rows, same-CPU cells '-', the cross pair a figure"
sed -n "/^ *$A *$B\$/,/^\$/p" "$TMP/text" | sed 's/^/#   /'
rel=$($SMTSCOPE c2c --dry-run --json --cpus "$A,$B" | python3 -c \
    'import json, sys; print(json.load(sys.stdin)["pairs"][0]["relation"])')
grep -q "^$rel  *1  *1 " "$TMP/text"
ok $? "the summary has the pair's class ($rel) with one pair measured"
python3 -c 'import sys, xml.dom.minidom as d
doc = d.parse(sys.argv[1])
r = doc.getElementsByTagName("rect")
t = [n.firstChild.data for n in doc.getElementsByTagName("title") if n.firstChild]
assert len(r) >= 4, len(r)
a, b = sys.argv[2], sys.argv[3]
assert any(s.startswith("CPUs %s and %s: same CPU" % (a, a)) for s in t), t
assert any(s.startswith("CPUs %s and %s: " % (a, b)) and s.endswith("ns") or "disturbed" in s for s in t), t
assert "one-way ns" in open(sys.argv[1]).read()' "$TMP/m.svg" "$A" "$B"
ok $? "--svg: the heatmap parses as XML, cells titled, the same CPU not measured"

# shellcheck disable=SC2086
$SMTSCOPE c2c $FAST --json > "$TMP/j" 2> "$TMP/err"
python3 -c '
import json, math, sys
r = json.load(open(sys.argv[1]))
m = r["matrix"]
assert r["cpus"] == [int(sys.argv[2]), int(sys.argv[3])] and r["pairs_planned"] == 1 and r["pairs_measured"] == 1
assert m[0][0] is None and m[1][1] is None, "same CPU must not be measured"
p = r["pairs"][0]
assert p["status"] == "ok" or p["status"].startswith("disturbed"), p["status"]
assert p["ns"] > 0 and m[0][1] == m[1][0] == p["ns"] and p["samples"] == 3
assert p["min_ns"] <= p["ns"] <= p["max_ns"]
assert r["mode"] == "cas" and r["round_trips"] == 200' "$TMP/j" "$A" "$B"
ok $? "--json: parses; diagonal null; the pair's figure in the matrix both ways"

# shellcheck disable=SC2086
$SMTSCOPE c2c $FAST --csv --mode store > "$TMP/c" 2> "$TMP/err"
python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 1, rows
r = rows[0]
assert r["cpu_a"] == sys.argv[2] and r["cpu_b"] == sys.argv[3] and float(r["ns"]) > 0, r
assert r["status"] == "ok" or r["status"].startswith("disturbed"), r' "$TMP/c" "$A" "$B"
ok $? "--csv --mode store: one row per pair, parses"

$SMTSCOPE c2c $FAST --svg /nonexistent/dir/m.svg > /dev/null 2> "$TMP/err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q 'cannot write' "$TMP/err"
ok $? "--svg into a missing directory: refused before measuring, exit 2, one line (rc $rc)"

# Ctrl-C in the middle: the partial matrix, then death by the signal. The
# run asked for takes a minute even at 25 ns one way, so 0.5 s is the middle.
python3 - "$SMTSCOPE" "$TMP" "$A,$B" <<'EOF'
import signal, subprocess, sys, time
p = subprocess.Popen([sys.argv[1], "c2c", "--cpus", sys.argv[3], "--samples", "1000",
    "--round-trips", "1000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
time.sleep(0.5)
p.send_signal(signal.SIGINT)
out, err = p.communicate(timeout=30)
open(sys.argv[2] + "/int.out", "wb").write(out)
open(sys.argv[2] + "/int.err", "wb").write(err)
open(sys.argv[2] + "/int.rc", "w").write("%d\n" % p.returncode)
EOF
st=$(cat "$TMP/int.rc" 2> /dev/null)
[ "$st" = -2 ] && grep -q 'One-way latency' "$TMP/int.out" &&
    grep -q 'Partial: 0 of 1 pair measured' "$TMP/int.out" &&
    [ "$(wc -l < "$TMP/int.err")" -eq 1 ] && grep -q 'interrupted by signal 2 .* of 1 pair$' "$TMP/int.err"
ok $? "SIGINT: the partial matrix on stdout, one line on stderr, death by the signal ($st)"
sed 's/^/#   /' "$TMP/int.err"

# Every option of c2c --help is in smtscope(1).
done_testing
