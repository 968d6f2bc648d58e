#!/bin/sh
# tests/screen/golden.sh: with a fixed topology (-i synthetic) and frozen
# /proc/stat samples (SMTSCOPE_ROOT), the screen equals a stored
# capture: tree and grid, in the default and mono themes, UTF-8 and ASCII.
# To accept new captures: SMTSCOPE_UPDATE_GOLDEN=1 sh tests/screen/golden.sh
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# golden NAME LANG THEME [KEYS]: capture the screen and compare it.
golden() {
	name=$1 lang=$2 theme=$3
	shift 3
	TM_SOCK="smtscope-test-golden-$name-$$"
	tm_start "LANG=$lang SMTSCOPE_ROOT=tests/data/ui-8cpu \
	    $SMTSCOPE -t $theme -i 'package:2 core:2 pu:2'" || { ok 1 "$name: starts"; return; }
	tm_wait 'q quit' > /dev/null
	if [ $# -gt 0 ]; then
		tm_keys "$@"
		tm_wait 'grid view' > /dev/null
	fi
	tm_wait '50.0%|grid view' > /dev/null
	tm_cap > "$TMP/$name.txt"
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
	tm_end
	exp=tests/expected/screen-$name.txt
	if [ -n "$SMTSCOPE_UPDATE_GOLDEN" ]; then
		cp "$TMP/$name.txt" "$exp"
	fi
	if diff -u "$exp" "$TMP/$name.txt" > "$TMP/$name.diff" 2>&1; then
		ok 0 "$name: the screen equals $exp"
	else
		ok 1 "$name: the screen equals $exp"
		sed 's/^/#   /' "$TMP/$name.diff"
	fi
}

# With colors the screen's styles must carry them; mono has none.
colors() {
	theme=$1 want=$2
	TM_SOCK="smtscope-test-golden-colors-$theme-$$"
	tm_start "LANG=C.UTF-8 SMTSCOPE_ROOT=tests/data/ui-8cpu \
	    $SMTSCOPE -t $theme -i 'package:2 core:2 pu:2'" ||
	    { ok 1 "$theme: the screen starts, to show its colors"; return; }
	tm_wait 'q quit' > /dev/null
	n=$(tm capture-pane -p -e | grep -c "$(printf '\033')\\[[0-9;]*3[0-7]m")
	tm_keys q
	tm_end
	if [ "$want" = yes ]; then
		[ "$n" -gt 0 ]
		ok $? "$theme: the screen has colors ($n lines)"
	else
		[ "$n" -eq 0 ]
		ok $? "$theme: the screen has no colors ($n lines)"
	fi
}

golden tree-default C.UTF-8 default
golden grid-default C.UTF-8 default v
golden tree-mono C.UTF-8 mono
golden grid-mono C.UTF-8 mono v
golden tree-ascii C mono
golden grid-ascii C default v
colors default yes
colors mono no
done_testing
