#!/bin/sh
# tests/screen/why.sh: every reason at every width (issue 36, point 1). The
# issue's three loads (two on one CPU, one alone) at 80x24 and 120x36 in
# one pane, resized: each WHY in the panel is its 200-column WHY's first
# words, the ellipsis where words were left out, never a count ("+N", read
# as a figure); the info lines above the status line hold the cursor's
# load's reason whole (tests/tools/whycut.py); the help (?) begins with it;
# the header at 80 columns says its counts in words, not "1p 2c 2t".
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! tm_have || ! command -v python3 > /dev/null 2>&1; then
	skip "needs tmux and python3"
	done_testing
	exit
fi
if ! need_cpus 2; then
	skip "$CPUS_WHY"
	done_testing
	exit
fi

# tm_size WxH: resize the pane and wait until two captures 0.2 s apart agree.
tm_size() {
	tm resize-window -x "${1%x*}" -y "${1#*x}" > /dev/null 2>&1
	_k=40
	while [ "$(tm display-message -p '#{pane_width}x#{pane_height}')" != "$1" ] &&
	    [ $_k -gt 0 ]; do
		sleep 0.05
		_k=$((_k - 1))
	done
	_prev= _k=20
	while [ $_k -gt 0 ]; do
		_cur=$(tm_cap)
		[ -n "$_prev" ] && [ "$_cur" = "$_prev" ] && return 0
		_prev=$_cur
		sleep 0.2
		_k=$((_k - 1))
	done
}

TM_W=200 TM_H=60
check "the issue's three loads start" tm_start "LANG=C.UTF-8 $SMTSCOPE -d 30 \
    -l hash@$CPU_A -l hash@$CPU_A -l fp@$CPU_B"
check "their figures come" tm_wait '^ fp#3 .*([0-9]%|\?) ' 60
# The panel's selected row (black on cyan) is the load the info lines speak
# of, the cursor's (the last started, fp#3 on another CPU, was selected).
sel=$(tm capture-pane -e -p | grep -a '46m *[a-z]*#[0-9]' | sed 's/.*46m *\([a-z]*#[0-9]*\).*/\1/')
info=$(tm_cap | grep -E -o '^CPU [0-9]+ [a-z]+#[0-9]+:' | head -n 1 | cut -d' ' -f3 | tr -d :)
[ -n "$sel" ] && [ "$sel" = "$info" ]
ok $? "the selected row is the info lines' load (selected: ${sel:-none}, info: ${info:-none})"
for size in 80x24 120x36; do
	_try=0
	while [ $_try -lt 5 ]; do
		tm_size 200x60
		tm_cap > "$TMP/wide"
		tm_size "$size"
		tm_cap > "$TMP/narrow"
		python3 tests/tools/whycut.py "$TMP/narrow" "$TMP/wide" > "$TMP/whycut" && break
		sed "s/^/#   try $_try: /" "$TMP/whycut"
		_try=$((_try + 1))
	done
	[ $_try -lt 5 ]
	ok $? "at $size each WHY is its first words, no +N; the info lines hold it whole"
	sed 's/^/#   /' "$TMP/whycut"
	grep -E -q '^ (hash|fp)#[0-9]+ .*[^0-9a-z ]\+[0-9]+ *$|^ (hash|fp)#[0-9]+ .* \+[0-9]+ *$' \
	    "$TMP/narrow"
	ok $((! $?)) "at $size no load's row ends with a count"
done
tm_size 80x24
tm_cap | head -n 1 | grep -E -q '[0-9]+ pkg [0-9]+ cores? [0-9]+ CPUs?|package'
ok $? "the header at 80 columns says its counts in words"
tm_cap | head -n 1 | grep -E -q '[0-9]p [0-9]+c [0-9]+t'
ok $((! $?)) "the header at 80 columns has no '1p 2c 2t'"
tm_keys '?'
check "the help opens" tm_wait 'smtscope help' 5
tm_cap | sed -n 3p | grep -E -q 'Why (hash|fp)#[0-9]+ on CPU [0-9]+ runs as it does'
ok $? "the help begins with the cursor's load's reason"
tm_keys Escape
tm_size 200x60
tm_keys '?'
check "the help opens at 200x60" tm_wait 'smtscope help' 5
# The page may be drawn in more than one refresh after the resize: waited for.
tm_wait 'Grid  *a cell per core' 5
ok $? "the help explains the grid's marks"
tm_cap | grep -q 'thin line of braille dots'
ok $? "the help explains the chart's lines"
tm_keys Escape q
tm_wait 'SMTSCOPE-EXIT' 10 > /dev/null
done_testing
