#!/bin/sh
# tests/screen/rc.sh: the settings file, as htop keeps its htoprc: t and C
# on the screen, quit, and $XDG_CONFIG_HOME/smtscope/smtscoperc has them;
# the next start comes up with them; command-line options win over it; -n
# neither reads nor writes it; a malformed line is named file:line on stderr
# and the status line, and the screen starts with the defaults for it.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

TM_KEEP_RC=1
TM_W=100 TM_H=30
rcfile="$XDG_CONFIG_HOME/smtscope/smtscoperc"
case "$rcfile" in
"$TMP"/*) ;;
*) echo "Bail out! XDG_CONFIG_HOME is not the test's own: $XDG_CONFIG_HOME"; exit 1 ;;
esac

# run_screen ARGS: a live screen with one load, in this test's tmux, stderr to $TMP/err.
run_screen() {
	tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$CPU_A $1 2> $TMP/err"
}

check "starts without a settings file" run_screen "-t default"
check "the chart is shown" tm_wait '^ SPEED against solo'
tm_keys t
check "t: the next theme" tm_wait ', theme light '
tm_keys C
check "C hides the chart" tm_wait 'time chart hidden'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end
[ -f "$rcfile" ]
ok $? "quitting wrote $rcfile"
grep -q '^theme=light$' "$rcfile" && grep -q '^chart=0$' "$rcfile" &&
    grep -q '^delay=10$' "$rcfile" && grep -q '^view=auto$' "$rcfile"
ok $? "it has the theme, the chart, the delay, the view ($(grep -v '^#' "$rcfile" | tr '\n' ' '))"
left=$(ls -a "$XDG_CONFIG_HOME/smtscope" | grep -v -x -e . -e .. -e smtscoperc)
[ -z "$left" ]
ok $? "no temporary left beside it ($left)"

check "starts again" run_screen ""
check "with the saved theme" tm_wait ', theme light '
sleep 1.5
tm_cap | grep -q '^ SPEED against solo'
[ $? -ne 0 ]
ok $? "and the chart hidden"
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end

check "-t wins over the file" run_screen "-t mono"
check "the command line's theme" tm_wait ', theme mono '
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
grep -q '^theme=mono$' "$rcfile"
ok $? "the theme shown is saved on quit ($(grep '^theme' "$rcfile"))"

cp "$rcfile" "$TMP/before"
printf 'theme=projector\nchart=0\n' > "$rcfile"
check "-n starts" run_screen "-n"
check "-n ignores the file: the default theme" tm_wait ', theme default '
check "-n ignores the file: the chart shown" tm_wait '^ SPEED against solo'
tm_keys t
tm_wait ', theme light ' > /dev/null
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
[ "$(cat "$rcfile")" = "$(printf 'theme=projector\nchart=0')" ]
ok $? "-n does not write it"

printf '# mine\ntheme=projector\nchart=sometimes\ndelay=5\n' > "$rcfile"
check "a malformed file: the screen starts" tm_start "LANG=C.UTF-8 $SMTSCOPE 2> $TMP/err"
check "the file's good lines are used" tm_wait ', theme projector '
check "the bad line on the status line" tm_wait 'smtscoperc:3: chart:'
check "the good line's delay is used" tm_wait 'refresh 0\.5 s'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end
[ "$(wc -l < "$TMP/err")" -eq 1 ] &&
    grep -q "^smtscope: $rcfile:3: chart: 'sometimes' is not 1 or 0; the default used$" "$TMP/err"
ok $? "one line on stderr naming file:line ($(head -n 1 "$TMP/err"))"
grep -q '^delay=5$' "$rcfile" && grep -q '^chart=1$' "$rcfile"
ok $? "the bad line's default (the chart shown) is saved; quitting rewrote it whole ($(grep -v '^#' "$rcfile" | tr '\n' ' '))"

# A file that cannot be written: the screen still quits cleanly, one line says so.
rm -rf "$rcfile"
mkdir "$rcfile"
check "an unwritable settings file: starts" run_screen ""
tm_wait 'q quit' > /dev/null
tm_keys q
check "quits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end
grep -q "^smtscope: the settings were not saved: cannot write $rcfile: a directory" "$TMP/err"
ok $? "and says the settings were not saved ($(tail -n 1 "$TMP/err"))"

# Issue 36: a view chosen is its machine's. v v chooses nothing (auto
# stays); v on this machine is kept for this machine's shape only: another
# machine's view (-i) opens as auto shows it.
rm -rf "$rcfile"
check "v v: starts" run_screen "-t default"
tm_wait ', tree view|, grid view' > /dev/null
tm_keys v
tm_wait 'grid view|tree view' > /dev/null
tm_keys v
sleep 0.3
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
grep -q '^view=auto$' "$rcfile" && ! grep -q '^view\.' "$rcfile"
ok $? "v v keeps auto ($(grep '^view' "$rcfile" | tr '\n' ' '))"
# v v in one burst, both keys read before the next frame is laid out: the
# second v turns back from the view the first chose, not from the one still
# drawn (a whole make check under taskset -c 0 saw view.SHAPE=grid here).
check "v v at once: starts" run_screen "-t default"
tm_wait ', tree view|, grid view' > /dev/null
tm_keys v v v v
sleep 0.3
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
grep -q '^view=auto$' "$rcfile" && ! grep -q '^view\.' "$rcfile"
ok $? "v v v v at once keeps auto ($(grep '^view' "$rcfile" | tr '\n' ' '))"
check "v once: starts" run_screen "-t default"
check "this machine's tree fits at 100x30" tm_wait ', tree view'
tm_keys v
check "v: the grid" tm_wait ', grid view'
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
grep -E -q '^view\.[0-9]+p[0-9]+c[0-9]+t=grid$' "$rcfile" && grep -q '^view=auto$' "$rcfile"
ok $? "the grid is kept for this machine's shape ($(grep '^view' "$rcfile" | tr '\n' ' '))"
check "another machine starts" tm_start "LANG=C.UTF-8 $SMTSCOPE -i 'package:1 core:2 pu:2'"
check "and opens as auto shows it: the tree" tm_wait ', tree view'
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
check "this machine again" run_screen ""
check "opens in the grid chosen for it" tm_wait ', grid view'
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
done_testing
