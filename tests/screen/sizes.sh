#!/bin/sh
# tests/screen/sizes.sh: every size keeps what the user needs. Golden
# captures of -i views at 80x24, 100x30, 160x50 and 240x70 for a 2-CPU
# synthetic topology and the project's fixtures of a 72-CPU Skylake, a
# 192-CPU 12-socket Ivy Bridge and a 384-CPU Zen 4 (tests/tools/topofix.sh,
# made from hwloc synthetic strings: a clone runs them), at 100x30 for the
# hybrid laptop, the Xeon Phi and the POWER9; then a live run with three
# loads at 80x24 (the WHY's first clause, the info line's whole WHY, ? help
# and q quit) and seven loads at 100x20 (the tree's spare rows go to the
# panel) and at 80x14 (the hidden ones announced).
# To accept new captures: SMTSCOPE_UPDATE_GOLDEN=1 sh tests/screen/sizes.sh
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# size NAME INPUT W H: capture the view at W x H and compare it.
size() {
	name=$1 input=$2 TM_W=$3 TM_H=$4
	TM_SOCK="smtscope-test-sizes-$name-$TM_W-$$"
	tm_start "LANG=C.UTF-8 SMTSCOPE_ROOT=tests/data/ui-8cpu \
	    $SMTSCOPE -i '$input'" || { ok 1 "$name ${TM_W}x$TM_H: starts"; return; }
	tm_wait 'q quit' > /dev/null
	tm_stable > "$TMP/$name.txt"
	tm_keys q
	tm_end
	grep -q '? help q quit' "$TMP/$name.txt"
	ok $? "$name ${TM_W}x$TM_H: ? help and q quit on the status line"
	exp=tests/expected/screen-size-$name-${TM_W}x$TM_H.txt
	[ -n "$SMTSCOPE_UPDATE_GOLDEN" ] && cp "$TMP/$name.txt" "$exp"
	if diff -u "$exp" "$TMP/$name.txt" > "$TMP/$name.diff" 2>&1; then
		ok 0 "$name ${TM_W}x$TM_H: the screen equals $exp"
	else
		ok 1 "$name ${TM_W}x$TM_H: the screen equals $exp"
		sed 's/^/#   /' "$TMP/$name.diff"
	fi
}

for wh in 80x24 100x30 160x50 240x70; do
	w=${wh%x*} h=${wh#*x}
	size 2cpu 'package:1 core:2 pu:1' "$w" "$h"
	for t in 72cpu:skylake-2s 192cpu:ivybridge-12s 384cpu:zen4-2s; do
		if fixture "${t#*:}"; then
			size "${t%%:*}" "$FIXTURE" "$w" "$h"
		else
			skip "${t%%:*} $wh: $FIXTURE_WHY"
		fi
	done
done
for t in hybrid:hybrid-laptop knl:knl power9:power9-2s; do
	if fixture "${t#*:}"; then
		size "${t%%:*}" "$FIXTURE" 100 30
	else
		skip "${t%%:*} 100x30: $FIXTURE_WHY"
	fi
done

# The grid never leaves a cache group's last core alone on a row.
grep -E -q '^ +[0-9]+ [^0-9]+$' tests/expected/screen-size-192cpu-80x24.txt
[ $? -ne 0 ]
ok $? "192cpu 80x24: no core alone on a grid row"

if ! need_cpus 2; then
	skip "the live part: $CPUS_WHY"
	done_testing
	exit
fi
A=$CPU_A B=$CPU_B
TM_W=80 TM_H=24 TM_SOCK="smtscope-test-sizes-live-$$"
check "80x24: starts with three loads" tm_start \
    "LANG=C.UTF-8 $SMTSCOPE -l spin@$A -l spin@$A -l spin@$B"
check "the status line's 'measuring its solo rate' ends when the solo does" \
    tm_wait "started spin#3 \\(spin@$B\\): solo rate measured|solo is marked" 10
check "the WHY keeps its first clause" tm_wait "^ spin#1 .* shares CPU $A with spin#2" 10
check "the info line has the cursor's load and its whole WHY" \
    tm_wait "^CPU $A spin#[12]: shares CPU $A with spin#[12]"
check "? help and q quit are on the status line" tm_wait '\? help q quit *$'
check "the header keeps the counts" tm_wait 'thread|[0-9]+ CPUs?,'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

TM_W=100 TM_H=20 TM_SOCK="smtscope-test-sizes-many-$$"
check "100x20: starts with seven loads" tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$A \
    -l spin@$B -l spin@$A -l spin@$B -l spin@$A -l spin@$B -l spin@$A"
check "the tree's spare rows show all seven" tm_wait '^ spin#7 ' 10
check "and spin#1" tm_wait '^ spin#1 '
tm resize-window -x 80 -y 14
check "at 80x14 the loads out of view are announced" tm_wait '\+[0-9]+ (more|above), Tab'
tm_keys Tab
check "Tab goes round to the first load: the ones below are announced" \
    tm_wait '\+[0-9]+ more, Tab'
check "? help and q quit still on the status line" tm_wait '\? help q quit *$'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end
done_testing
