# tests/cli/output.sh: output that cannot be written (a full disk, a closed
# standard output) is an error with one line, never a silent success.
. tests/lib.sh

for c in "topo" "topo --json" "kernels" "--help" "--version" "check --dry-run" \
    "tour --list" "time --runs 1 -- true" "run --time 0.1 spin@$CPU_A"; do
	# shellcheck disable=SC2086
	$SMTSCOPE $c > /dev/full 2> "$TMP/err"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l < "$TMP/err" | tr -d ' ')" = 1 ] &&
	    grep -q "cannot write standard output" "$TMP/err"
	ok $? "'$c' > /dev/full: exit 2 ($st), one line: $(tail -n 1 "$TMP/err")"
done
$SMTSCOPE topo >&- 2> "$TMP/err"
st=$?
[ $st -eq 2 ] && grep -q "standard output is closed" "$TMP/err"
ok $? "topo >&-: exit 2 ($st): $(cat "$TMP/err")"
# With stdout closed nothing may be written into a file opened later.
$SMTSCOPE topo --json -i "package:1 core:2 pu:1" >&- 2> /dev/null
[ $? -eq 2 ]
ok $? "topo -i >&-: exit 2"
done_testing
