# tests/cli/help.sh: --help is made from the command entries (cmd.h's
# struct cmd_option): smtscope --help lists every option the live screen
# takes, each command lists what it parses and parses what it lists, and
# every help line fits 80 columns with no wrapped line that reads as an
# option.
. tests/lib.sh

cmds="topo run check time tour kernels c2c compare record replay"

# The options an option block lists, one spelling a line: -t, --time.
options_of() {
	awk '/^  +-/ { sub(/^ +/, ""); sub(/  .*/, ""); gsub(/,/, " ");
	    for (i = 1; i <= NF; i++) if ($i ~ /^-/) { sub(/\[=.*/, "", $i); print $i } }'
}

$SMTSCOPE -n --help > "$TMP/live" 2>&1
$SMTSCOPE --help > "$TMP/top" 2>&1
options_of < "$TMP/live" | sort -u > "$TMP/live.opts"
options_of < "$TMP/top" | sort -u > "$TMP/top.opts"
missing=$(comm -23 "$TMP/live.opts" "$TMP/top.opts" | tr '\n' ' ')
[ -s "$TMP/live.opts" ] && [ -z "$missing" ]
ok $? "smtscope --help lists every option of the live screen's $(wc -l < "$TMP/live.opts") (missing: ${missing:-none})"
for o in -v --view -n --no-config --snapshot --record --infer-from -V --version; do
	grep -qx -- "$o" "$TMP/top.opts" || missing="$missing $o"
done
[ -z "$missing" ]
ok $? "smtscope --help has -v, -n, --snapshot, --record, --infer-from, -V (missing:${missing:- none})"

# Each option a command lists parses: it and --help print the help, exit 0.
bad=
for c in "" $cmds; do
	# shellcheck disable=SC2086
	$SMTSCOPE $c --help 2>&1 | awk '/^  +-/ { sub(/^ +/, ""); sub(/  .*/, ""); print }' |
	    grep -E '^(-[a-zA-Z]|--[a-z])' | while IFS= read -r spec; do
		o=$(echo "$spec" | tr ',' ' ' | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^-/) print $i }')
		# The argument's name, when the option takes one: the last word, not an option.
		arg=$(echo "$spec" | awk '$NF !~ /^-/ { print $NF }')
		for s in $o; do
			case $s in
			*"[="*) s=${s%%\[=*} ;;
			--*) [ -n "$arg" ] && s="$s=x" ;;
			-?) [ -n "$arg" ] && s="${s}x" ;;
			esac
			case $s in -h|--help|-V|--version) continue ;; esac
			# shellcheck disable=SC2086
			$SMTSCOPE $c "$s" --help > /dev/null 2>&1 || echo "${c:-live} $s"
		done
	done > "$TMP/bad.$c"
	bad="$bad$(tr '\n' ' ' < "$TMP/bad.$c")"
done
[ -z "$bad" ]
ok $? "every option each --help lists is one the command parses (refused: ${bad:-none})"

# The help's shape: 80 columns, and a line that begins with '-' is an option's.
long= odd=
for c in "" $cmds; do
	# shellcheck disable=SC2086
	$SMTSCOPE $c --help > "$TMP/h" 2>&1
	l=$(awk 'length($0) > 80 && !/^usage: smtscope (c2c|compare) / { n++ }
	    END { print n + 0 }' "$TMP/h")
	[ "$l" -gt 0 ] && long="$long ${c:-live}:$l"
	grep -E '^ +-' "$TMP/h" | grep -Ev '^  (-[a-zA-Z](, --| |$)|    --)' |
	    grep -v -- '-- COMMAND' > "$TMP/odd" && odd="$odd ${c:-live}"
done
[ -z "$long" ]
ok $? "help lines fit 80 columns, the usage lines of c2c and compare aside (over:${long:- none})"
[ -z "$odd" ]
ok $? "no wrapped help line begins with '-' (in:${odd:- none})"

# A wrapped line keeps its words: the option block has every word of its help once.
$SMTSCOPE check --help | grep -q 'PAIRS as 0:1,0:2'
ok $? "a long option help wraps whole words ('PAIRS as 0:1,0:2' on one line)"
# --wide (cmd_width.c takes it out before a command parses): in every
# command's --help, not in the live screen's, which folds nothing.
nowide=
for c in $cmds; do
	$SMTSCOPE $c --help 2>&1 | grep -q '^      --wide  ' || nowide="$nowide $c"
done
[ -z "$nowide" ] && ! grep -q -- '--wide' "$TMP/live" "$TMP/top"
ok $? "every command's --help lists --wide, the live screen's does not (missing:${nowide:- none})"

# smtscope --help takes --wide as a command's --help does (it exited 2:
# "unexpected argument '--wide' after --help"), in either order.
COLUMNS=4096 $SMTSCOPE --help > "$TMP/top.wide" 2>&1
bad=
for a in "--help --wide" "--wide --help" "-h --wide"; do
	# shellcheck disable=SC2086
	COLUMNS=50 $SMTSCOPE $a > "$TMP/top.a" 2>&1 || bad="$bad [$a: exit $?]"
	cmp -s "$TMP/top.a" "$TMP/top.wide" || bad="$bad [$a: not the help as written]"
done
[ -z "$bad" ] && [ "$(widest "$TMP/top.wide")" -gt 50 ]
ok $? "smtscope --help --wide, --wide --help, -h --wide: the help, unfolded at COLUMNS=50 (widest $(widest "$TMP/top.wide");${bad:- ok})"
# Folded at 50: more lines, and a line past 50 is one word under its indent
# (a long word is never cut).
COLUMNS=50 $SMTSCOPE --help > "$TMP/top.50" 2>&1
long=$(LC_ALL=C awk '{ s = $0; gsub(/[\200-\277]/, "", s) }
    length(s) > 50 { sub(/^ +/, "", s); if (s ~ / /) print s }' "$TMP/top.50")
[ "$(wc -l < "$TMP/top.50")" -gt "$(wc -l < "$TMP/top.wide")" ] && [ -z "$long" ] &&
    [ "$(tr -s ' \n' '\n\n' < "$TMP/top.50")" = "$(tr -s ' \n' '\n\n' < "$TMP/top.wide")" ]
ok $? "smtscope --help folds to COLUMNS=50 as a command's does, every word kept ($(wc -l < "$TMP/top.50") lines, not $(wc -l < "$TMP/top.wide")${long:+; not folded: $long})"
$SMTSCOPE --help --x > /dev/null 2> "$TMP/x.err"
[ $? -eq 2 ] && grep -q "unexpected argument '--x' after --help" "$TMP/x.err"
ok $? "smtscope --help --x: exit 2, unexpected argument ($(cat "$TMP/x.err"))"
done_testing
