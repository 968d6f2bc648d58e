#!/bin/sh
# tests/screen/readme.sh: the README's example screen has the shape of the
# program's. The example's command runs in a pane of the example's size;
# once its three loads are drawn, each part the example shows (the header's
# two lines, the tree with its bars and loads, the chart's title and time
# axis, the panel's title and rows, the info line, the status line's keys)
# must be in the capture, in the same order, and the other way round.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! need_cpus 2; then
	skip "$CPUS_WHY"
	done_testing
	exit
fi
# The example: the indented lines after "$ ./smtscope -l hash@0 ...", blank
# ones included, to the first line that is not; its size is theirs.
python3 - README "$TMP/readme" > "$TMP/size" <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
i = lines.index("    $ ./smtscope -l hash@0 -l hash@0 -l fp@1") + 1
out = []
while i < len(lines) and (lines[i].startswith("    ") or lines[i] == ""):
    out.append(lines[i][4:])
    i += 1
while out and out[-1] == "":
    out.pop()
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out) + "\n")
print(max(len(l) for l in out), len(out))
PY
read -r w n < "$TMP/size"
[ "$n" -ge 12 ]
ok $? "the README has its example screen (${w}x$n)"

# shape FILE: the parts, one a line, in order (figures and names do not count).
shape() {
	awk '
	/^smtscope: /			{ print "header" }
	/^(refresh )?[0-9.]+ s, /	{ print "state" }
	/^Package [0-9]+ /		{ print "package meter" }
	/CPU [0-9]+ \[.*\] +[0-9.]+%/	{ print "cpu bar" }
	/^ SPEED against solo/		{ print "chart" }
	/^-[0-9]+s .* now$/		{ print "time axis" }
	/^ LOAD +CPU +RATE +SOLO +SPEED/ { print "panel" }
	/^ (hash|fp)#[0-9]+ /		{ print "load row" }
	/^CPU [0-9]+ [a-z]+#[0-9]+: /	{ print "info" }
	/\? help q quit *$/		{ print "keys" }
	' "$1" | uniq
}
shape "$TMP/readme" > "$TMP/want"
TM_W=$w TM_H=$n
a=$(echo "$ALLOWED_LIST" | cut -d, -f1 | cut -d- -f1)
b=$(echo "$ALLOWED_LIST" | tr ',' '\n' | tail -n 1 | sed 's/.*-//')
check "the example's command starts at ${w}x$n" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@$a -l hash@$a -l fp@$b"
check "its three loads are drawn" tm_wait '^ fp#3 ' 15
# The chart and the info line come with the first solos: wait for the axis.
tm_wait '^-[0-9]+s .* now$' 30 > /dev/null
tm_cap > "$TMP/live"
shape "$TMP/live" > "$TMP/got"
diff "$TMP/want" "$TMP/got" > "$TMP/diff"
ok $? "the README's screen has the program's parts in its order ($(tr '\n' ' ' < "$TMP/diff"))"
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
done_testing
