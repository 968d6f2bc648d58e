#!/bin/sh
# tests/screen/lines.sh: every line of the screen is composed to fit, never
# cut. Each state (no load; three loads; a disturbed solo; a tour; a replay;
# the c2c view; the kernel menu; the help) is drawn on several machines (this
# one; the project's fixtures from 2 to 384 CPUs, tests/tools/topofix.sh,
# with a frozen /proc/stat from tests/tools/fakestat.sh) at 80x24, 100x30,
# 120x36, 160x50 and 200x60 (one pane, resized). smtscope's own test hook,
# SMTSCOPE_CUTS=1, says on stderr every text paint_text() had to cut; a
# state passes when no frame at any size cut anything and "q quit" ends the
# status line at every size ("? help" too outside the help and the menu).
# Three loads' WHY at 80x24 is its first words, the ellipsis where words
# were left out, and the info lines hold it whole (tests/tools/whycut.py).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! tm_have; then
	skip "no tmux"
	done_testing
	exit
fi
SIZES="80x24 100x30 120x36 160x50 200x60"

# tm_settled: wait until two captures 0.15 s apart are equal (3 s at most).
tm_settled() {
	_st_prev= _st_n=20
	while [ "$_st_n" -gt 0 ]; do
		_st_cur=$(tm_cap)
		[ -n "$_st_prev" ] && [ "$_st_cur" = "$_st_prev" ] && return 0
		_st_prev=$_st_cur
		sleep 0.15
		_st_n=$((_st_n - 1))
	done
	return 1
}

# state NAME COMMAND READY [KEYS WANT [STATUS]]: start COMMAND at 80x24, wait
# for READY, type KEYS and wait for WANT; then at each size the status line
# must end as STATUS says ('\? help q quit *$' unless told); last, no cut.
state() {
	_name=$1 _cmd=$2 _ready=$3 _keys=${4:-} _want=${5:-} _status=${6:-'\? help q quit *$'}
	TM_W=80 TM_H=24 TM_SOCK="smtscope-test-lines-$$-$(echo "$_name" | tr -c 'a-z0-9' -)"
	: > "$TMP/cuts"
	if ! tm_start "SMTSCOPE_CUTS=1 LANG=C.UTF-8 $_cmd 2>> '$TMP/cuts'" ||
	    ! tm_wait "$_ready" 20 > "$TMP/why"; then
		ok 1 "$_name: starts"
		sed 's/^/# /' "$TMP/why"
		tm_end
		return
	fi
	if [ -n "$_want" ]; then
		# shellcheck disable=SC2086
		[ -z "$_keys" ] || tm_keys $_keys
		tm_wait "$_want" 30 > "$TMP/why" || sed 's/^/# /' "$TMP/why"
	fi
	_bad=
	for _wh in $SIZES; do
		tm resize-window -x "${_wh%x*}" -y "${_wh#*x}" > /dev/null 2>&1
		_k=40
		while [ "$(tm display-message -p '#{pane_width}x#{pane_height}')" != "$_wh" ] &&
		    [ $_k -gt 0 ]; do
			sleep 0.05
			_k=$((_k - 1))
		done
		tm_settled
		tm_cap | tail -n 1 | grep -E -q -- "$_status" || _bad="$_bad $_wh:[$(tm_cap |
		    tail -n 1)]"
		[ -z "$_want" ] || tm_cap | grep -E -q -- "$_want" || _bad="$_bad $_wh:lost"
	done
	tm_keys Escape
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT' 10 > /dev/null
	tm_end
	_cuts=$(grep -c '^smtscope: cut at' "$TMP/cuts")
	[ -z "$_bad" ] && [ "$_cuts" -eq 0 ]
	ok $? "$_name: at $SIZES nothing cut ($_cuts), the status line whole${_bad:+ (bad:$_bad)}"
	grep '^smtscope: cut at' "$TMP/cuts" | sort | uniq -c | sort -rn | head -n 8 |
	    sed 's/^/#   /'
}

# tm_size WxH: resize the pane and wait until it is drawn at that size.
tm_size() {
	tm resize-window -x "${1%x*}" -y "${1#*x}" > /dev/null 2>&1
	_k=40
	while [ "$(tm display-message -p '#{pane_width}x#{pane_height}')" != "$1" ] &&
	    [ $_k -gt 0 ]; do
		sleep 0.05
		_k=$((_k - 1))
	done
	tm_settled
}

# why_narrow NAME COMMAND: with its loads measured, each load's WHY at 80x24
# is its WHY at 200x60's first words, the ellipsis where words were left
# out, never "+N" (tests/tools/whycut.py), tried until the two captures agree.
why_narrow() {
	_name=$1
	TM_W=200 TM_H=60 TM_SOCK="smtscope-test-lines-$$-why"
	if ! tm_start "LANG=C.UTF-8 $2" || ! tm_wait '^ int#3 .*([0-9]%|\?) ' 40 > "$TMP/why"; then
		ok 1 "$_name: starts"
		sed 's/^/# /' "$TMP/why"
		tm_end
		return
	fi
	_try=0
	while [ $_try -lt 5 ]; do
		tm_size 200x60
		tm_cap > "$TMP/wide1"
		tm_size 80x24
		tm_cap > "$TMP/narrow"
		tm_size 200x60
		tm_cap > "$TMP/wide2"
		python3 tests/tools/whycut.py "$TMP/narrow" "$TMP/wide1" > "$TMP/whycut" ||
		    python3 tests/tools/whycut.py "$TMP/narrow" "$TMP/wide2" > "$TMP/whycut" &&
		    break
		sed "s/^/#   try $_try: /" "$TMP/whycut"
		_try=$((_try + 1))
	done
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT' 10 > /dev/null
	tm_end
	[ $_try -lt 5 ]
	ok $? "$_name: each WHY its first words, no +N; the info lines whole ($_try retries)"
	sed 's/^/#   /' "$TMP/whycut"
}

# The views of other machines, each with a frozen /proc/stat for its CPUs.
view() {
	_v=$1 _xml=$2 _np=$3
	sh tests/tools/fakestat.sh "$TMP/root-$_v" "$_np"
	_c="SMTSCOPE_ROOT='$TMP/root-$_v' $SMTSCOPE -i '$_xml'"
	state "$_v: no load" "$_c" 'q quit'
	state "$_v: the help" "$_c" 'q quit' '?' 'smtscope help' 'q quit *$'
	state "$_v: the c2c view" "$_c -v c2c" 'q quit' '' 'q quit' 'q quit *$'
}
view 2cpu 'package:1 core:2 pu:1' 2
for t in skylake-2s:72 ivybridge-12s:192 zen4-2s:384; do
	if fixture "${t%%:*}"; then
		view "${t%%:*}" "$FIXTURE" "${t#*:}"
	else
		skip "${t%%:*}: $FIXTURE_WHY"
	fi
done

# This machine, live.
state "live: no load" "$SMTSCOPE" 'q quit'
state "live: the kernel menu" "$SMTSCOPE" 'q quit' a 'spin' 'Esc cancel *$'
state "live: the help" "$SMTSCOPE" 'q quit' '?' 'smtscope help' 'q quit *$'
if need_cpus 2; then
	a=$(echo "$ALLOWED_LIST" | cut -d, -f1 | cut -d- -f1)
	state "live: three loads" "$SMTSCOPE -l spin@$a -l hash@$a -l int@$a" 'q quit' '' \
	    '^ int#3 '
	# Three loads, one alone on its core: WHYs of several clauses at 80x24.
	b=$(echo "$ALLOWED_CPUS" | awk '{ print $NF }')
	if command -v python3 > /dev/null 2>&1; then
		why_narrow "live: three loads' WHY at 80x24" \
		    "$SMTSCOPE -d 30 -l spin@$a -l hash@$a -l int@$b"
	else
		skip "live: three loads' WHY at 80x24: python3 not found"
	fi
	# A disturbed solo: a busy loop of another process on the loads' CPU.
	taskset -c "$a" sh -c 'while :; do :; done' &
	busy=$!
	state "live: a disturbed solo" "$SMTSCOPE -l spin@$a" 'q quit' '' ' ~[0-9]'
	kill "$busy" 2> /dev/null
	wait "$busy" 2> /dev/null
	state "live: a tour" "$SMTSCOPE tour --step 2 smt-basics" 'q quit' '' \
	    '[Ss]tep [0-9]' '(q quit|q end) *$'
else
	skip "live loads: $CPUS_WHY"
fi
if "$SMTSCOPE" record -o "$TMP/r.jsonl" -d 2 --time 2 > "$TMP/rec.out" 2>&1; then
	state "a replay" "$SMTSCOPE replay '$TMP/r.jsonl'" 'q quit'
else
	ok 1 "a recording to replay ($(head -n 1 "$TMP/rec.out"))"
fi
done_testing
