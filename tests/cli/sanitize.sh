# tests/cli/sanitize.sh: strings from outside reach no terminal raw (issue
# 39, point 2). A process named with escape sequences (its comm, from the
# name of the file it was started from) and an hwloc XML info come out of
# run's and check's text and CSV and topo as the screen shows them (^[, ^G),
# never as a raw ESC; so do a result's strings in compare (its brand, a
# kernel's name) and a recording's in replay --summary (its host).
. tests/lib.sh

ESC=$(printf '\033')
NAME="${ESC}]2;PWN$(printf '\007')${ESC}[2J"
# noesc WHAT FILE: FILE holds no raw ESC, and does hold the shown form.
noesc() {
	! grep -q "$ESC" "$2" && grep -q '\^\[' "$2"
	ok $? "$1: no raw ESC, shown as ^[ ($(grep -c "$ESC" "$2") raw; $(grep -o '.\{0,20\}\^\[.\{0,20\}' "$2" | head -n 1))"
}

# A helper spinning on CPU 0 whose comm is the escape sequence.
ln -s /bin/sh "$TMP/$NAME"
taskset -c 0 "$TMP/$NAME" -c 'while :; do :; done' &
H=$!
sleep 0.3
[ "$(cat "/proc/$H/comm")" = "$NAME" ]
ok $? "the helper's name holds the escapes (pid $H)"
timeout 60 "$SMTSCOPE" run --time 1 spin@0 > "$TMP/run.txt" 2>&1
timeout 60 "$SMTSCOPE" run --csv --time 1 spin@0 > "$TMP/run.csv" 2>&1
timeout 60 "$SMTSCOPE" check --kernels spin --time 0.3 --anchor 0 > "$TMP/check.txt" 2>&1
timeout 60 "$SMTSCOPE" check --csv --kernels spin --time 0.3 --anchor 0 > "$TMP/check.csv" 2>&1
# The helper is this test's own: ended by its pid, checked by its name.
[ "$(cat "/proc/$H/comm" 2> /dev/null)" = "$NAME" ] && kill "$H"
wait "$H" 2> /dev/null
grep -q 'PWN' "$TMP/run.txt"
ok $? "run names the helper ($(grep -c PWN "$TMP/run.txt") lines)"
noesc "run, text" "$TMP/run.txt"
noesc "run --csv" "$TMP/run.csv"
noesc "check, text" "$TMP/check.txt"
noesc "check --csv" "$TMP/check.csv"

# An hwloc XML info with raw escapes.
f=$TOPOLOGIES/amd-epyc-7402-zen2-2s-v1xml.xml
if [ -f "$f" ]; then
	sed "s/value=\"AMD EPYC 7402/value=\"${ESC}]2;PWN$(printf '\007')AMD EPYC 7402/" \
	    "$f" > "$TMP/esc.xml"
	timeout 20 "$SMTSCOPE" topo -i "$TMP/esc.xml" > "$TMP/topo.txt" 2>&1
	noesc "topo -i, an XML info" "$TMP/topo.txt"
else
	skip "topo -i: no topologies at $TOPOLOGIES"
fi

# A check result whose brand and one kernel's name hold \u001b escapes (JSON
# text), beside the two others of tests/data/compare.
mkdir "$TMP/cmp"
cp tests/data/compare/b.json tests/data/compare/c.json "$TMP/cmp/"
sed -e 's/"brand":"AMD EPYC"/"brand":"AMD\\u001b[2J EPYC"/' \
    -e 's/"solos":{"hash/"solos":{"ha\\u001b]2;PWN\\u0007sh/' \
    tests/data/compare/a.json > "$TMP/cmp/a.json"
grep -q 'u001b\[2J' "$TMP/cmp/a.json" && grep -q 'u001b]2;PWN' "$TMP/cmp/a.json"
ok $? "the result holds the escapes as JSON text"
timeout 20 "$SMTSCOPE" compare "$TMP/cmp" > "$TMP/cmp.txt" 2>&1
noesc "compare, a result's brand and kernel" "$TMP/cmp.txt"
grep -q 'AMD\^\[\[2J EPYC' "$TMP/cmp.txt"
ok $? "compare shows the brand as the screen would ($(grep -o 'AMD.\{0,12\}EPYC' "$TMP/cmp.txt" | head -n 1))"

# A recording whose host name holds an escape (JSON text).
timeout 60 "$SMTSCOPE" record -o "$TMP/r.jsonl" --time 1 -l "spin@$CPU_A" > /dev/null 2>&1
sed '1s/"hostname":"/"hostname":"\\u001b]2;PWN\\u0007/' "$TMP/r.jsonl" > "$TMP/esc.jsonl"
grep -q 'u001b]2;PWN' "$TMP/esc.jsonl"
ok $? "the recording holds the escape as JSON text"
timeout 20 "$SMTSCOPE" replay --summary "$TMP/esc.jsonl" > "$TMP/replay.txt" 2>&1
noesc "replay --summary, a recording's host" "$TMP/replay.txt"

done_testing
