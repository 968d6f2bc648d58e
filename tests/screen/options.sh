#!/bin/sh
# tests/screen/options.sh: the screen's command line: help, bad options (one
# line on stderr, exit 2), no terminal, and --help agreeing with smtscope(1).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

# usage_error WHAT ARGS...: exit 2, exactly one line on stderr, nothing on stdout.
usage_error() {
	_what=$1
	shift
	$SMTSCOPE "$@" > "$TMP/out" 2> "$TMP/err" < /dev/null
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && [ ! -s "$TMP/out" ] &&
	    grep -q '^smtscope: ' "$TMP/err"
	ok $? "$_what: exit 2 and one line on stderr (rc $rc: $(head -c 100 "$TMP/err"))"
}

usage_error "-d 0" -d 0
usage_error "-d 101" -d 101
usage_error "-d x" -d x
usage_error "-d without a value" -d
usage_error "an unknown option" --frobnicate
usage_error "an unknown short option" -z
usage_error "a stray argument" -d 5 stray
usage_error "-l with a bad kernel" -l "nosuch@$CPU_A"
usage_error "-l with a CPU that does not exist" -l hash@4095
usage_error "-l without a place" -l hash
usage_error "-l with -i" -i 'package:1 core:1 pu:1' -l "hash@$CPU_A"
usage_error "-i with a file that is no topology" -i /nonexistent/file.xml

$SMTSCOPE -d 5 -h > "$TMP/help" 2>&1
ok $? "-h after other options prints help and exits 0"
grep -q '^usage: smtscope \[-d TENTHS\] \[-t THEME\] \[-l LOAD\]... \[-i FILE.xml|SYNTHETIC\]' \
    "$TMP/help"
ok $? "the help starts with the usage line"
$SMTSCOPE -d 5 --help > /dev/null 2>&1
ok $? "--help works too"

$SMTSCOPE -i 'package:1 core:1 pu:1' < /dev/null > "$TMP/out" 2> "$TMP/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q 'needs a terminal' "$TMP/err"
ok $? "without a terminal: exit 1 and a message (rc $rc)"

man=doc/smtscope.1
if [ ! -f "$man" ]; then
	ok 1 "doc/smtscope.1 exists"
elif ! command -v groff > /dev/null 2>&1; then
	skip "groff is not installed: cannot render smtscope(1)"
else
	groff -mandoc -Tutf8 -ww "$man" 2> "$TMP/lint" | sed 's/.\x08//g' > "$TMP/man.txt"
	[ ! -s "$TMP/lint" ]
	ok $? "groff renders smtscope(1) without a warning"
	sed 's/^/#   /' "$TMP/lint" | head -n 20
	missing=
	for o in $(grep -o -- ' -[a-zA-Z]\b\| --[a-z][a-z0-9-]*' "$TMP/help" | sort -u); do
		grep -q -- "$o\b" "$TMP/man.txt" || missing="$missing $o"
	done
	[ -z "$missing" ]
	ok $? "smtscope(1) documents every option of --help (missing:${missing:- none})"
	missing=
	for k in ' topo ' ' run ' ' check ' ' time ' ' tour ' ' kernels' NO_COLOR \
	    XDG_CONFIG_HOME SMTSCOPE_ROOT default light mono projector F10 F1 \
	    PgUp Home End Space Delete Tab Mouse; do
		grep -q -- "$k" "$TMP/man.txt" || missing="$missing [$k]"
	done
	[ -z "$missing" ]
	ok $? "smtscope(1) covers commands, themes, keys, environment (missing:${missing:- none})"
	missing=
	for e in $(sed -n 's/^\([a-z_]*\) *=.*/\1/p' themes/default.theme); do
		grep -q "^ *$e " "$TMP/man.txt" || missing="$missing $e"
	done
	[ -z "$missing" ]
	ok $? "smtscope(1) lists every theme element (missing:${missing:- none})"
	for c in topo run check time tour; do
		$SMTSCOPE $c --help 2>&1 | grep -o -- '--[a-z][a-z0-9-]*' | sort -u > "$TMP/opts"
		missing=
		for o in $(cat "$TMP/opts"); do
			[ "$o" = --help ] && continue
			grep -q -- "$o\b" "$TMP/man.txt" || missing="$missing $o"
		done
		[ -z "$missing" ]
		ok $? "smtscope(1) has every long option of '$c --help' (missing:${missing:- none})"
	done
fi
done_testing
