#!/bin/sh
# tests/cli/helpwidth.sh: every --help (the live screen's and each command's)
# fits 80 columns as written, so the fold to 80 never has to cut a line
# (c2c's usage was 87 columns: the fold left `[--round-trips N]` alone on a
# line and the rest indented under it), and folded at 80 it has the same
# words as unfolded.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found"
	done_testing
	exit
fi

"$SMTSCOPE" --help > "$TMP/h" 2>&1
cmds=$(sed -n '/^Commands:/,/^$/p' "$TMP/h" | awk 'NF > 1 && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ]
ok $? "--help lists the commands: $(echo $cmds)"
for c in "" $cmds; do
	name=${c:-(live)}
	# shellcheck disable=SC2086
	COLUMNS=4096 "$SMTSCOPE" $c --help > "$TMP/wide" 2>&1
	st=$?
	# shellcheck disable=SC2086
	env -u COLUMNS "$SMTSCOPE" $c --help > "$TMP/80" 2>&1
	python3 - "$st" "$TMP/wide" "$TMP/80" > "$TMP/why" <<'PY'
import sys
bad = [] if sys.argv[1] == "0" else ["exit %s" % sys.argv[1]]
for what, path in (("as written", sys.argv[2]), ("at 80", sys.argv[3])):
    for n, l in enumerate(open(path, encoding="utf-8"), 1):
        l = l.rstrip("\n")
        if len(l) > 80:
            bad.append("%s line %d: %d columns" % (what, n, len(l)))
print("; ".join(bad))
sys.exit(1 if bad else 0)
PY
	r=$?
	if [ "$r" -eq 0 ] && [ "$(tr -s ' \n' '\n\n' < "$TMP/wide")" != "$(tr -s ' \n' '\n\n' < "$TMP/80")" ]; then
		echo "folded at 80, its words differ from the text as written" > "$TMP/why"
		r=1
	fi
	ok $r "$name --help within 80 columns as written and folded ($(cat "$TMP/why"))"
done
done_testing
