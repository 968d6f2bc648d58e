#!/bin/sh
# tests/screen/themes.sh: themes on the screen: by name and by path; a bad
# theme file falls back to the default with file:line on the status line;
# NO_COLOR means mono; every shipped theme loads; t cycles through them.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

topo="-i 'package:1 core:2 pu:2'"

# screen NAME ENV ARGS: start smtscope, wait for its keys, keep the screen in $TMP/NAME.
screen() {
	TM_SOCK="smtscope-test-themes-$1-$$"
	tm_start "$2 LANG=C.UTF-8 $SMTSCOPE $topo $3" || return 1
	tm_wait 'q quit' > /dev/null
	tm_cap > "$TMP/$1"
	tm capture-pane -p -e > "$TMP/$1.e"
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
	r=$?
	tm_end
	return $r
}

for t in themes/*.theme; do
	name=$(basename "$t" .theme)
	screen "$name" "" "-t $name"
	grep -q "theme $name " "$TMP/$name" && ! grep -q 'using the default theme' "$TMP/$name"
	ok $? "the shipped theme $name loads by name"
done

printf 'normal = default\n# comment\nbar_user = #ff8700 bold\nbar_sistem = red\n' > "$TMP/bad.theme"
screen bad "" "-t $TMP/bad.theme"
grep -q "bad.theme:4: unknown element 'bar_sistem'; using the default theme" "$TMP/bad"
ok $? "a bad theme file: file:line on the status line and the default theme"
grep -q 'theme default' "$TMP/bad"
ok $? "the header names the default theme"

printf 'cursor = black on 208\nheader = #00ff00 bold underline\n' > "$TMP/good.theme"
screen good "" "-t $TMP/good.theme"
grep -q 'theme good ' "$TMP/good" && ! grep -q 'using the default' "$TMP/good"
ok $? "a theme by path"

screen nosuch "" "-t nosuch"
grep -q "theme 'nosuch' not found" "$TMP/nosuch"
ok $? "an unknown theme name says so"

screen nocolor "NO_COLOR=1" ""
grep -q 'theme mono ' "$TMP/nocolor"
ok $? "NO_COLOR means mono"
n=$(grep -c "$(printf '\033')\\[[0-9;]*3[0-7]m" "$TMP/nocolor.e")
[ "$n" -eq 0 ]
ok $? "and no colors on the screen ($n lines with one)"

screen dumb "TERM=vt100" ""
grep -q 'theme mono ' "$TMP/dumb"
ok $? "a terminal without colors gets mono"

# t cycles in name order; a theme in $XDG_CONFIG_HOME/smtscope/themes joins.
mkdir -p "$TMP/config/smtscope/themes"
printf 'cursor = reverse\n' > "$TMP/config/smtscope/themes/zebra.theme"
TM_SOCK="smtscope-test-themes-cycle-$$"
tm_start "XDG_CONFIG_HOME=$TMP/config LANG=C.UTF-8 $SMTSCOPE $topo -t default"
tm_wait 'theme default ' > /dev/null
for t in light mono projector zebra default; do
	tm_keys t
	tm_wait ", theme $t " > /dev/null
	ok $? "t cycles to $t"
done
tm_keys q
tm_end
done_testing
