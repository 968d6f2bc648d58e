#!/bin/sh
# tests/screen/wide.sh: 16 to 64 CPUs use the width (issue 36, point 8).
# Golden captures of -i views of 16 CPUs (one package of 8 cores), 64 CPUs
# on 4 packages of 8 cores and 512 CPUs (2 packages of 128 cores), every
# core with its own L2, L1d and L1i under an L3 as lstopo shows them (the
# tree's "each core:" row), each with a frozen /proc/stat of its CPUs (tests/tools/fakestat.sh),
# at 80x24, 120x36 and 200x60; at 200x60 the 16 CPUs' rows reach past
# three quarters of the width (a core's threads side by side, as htop's
# meters), in half the rows, the tree's words kept (Core N, CPU N).
# To accept new captures: SMTSCOPE_UPDATE_GOLDEN=1 sh tests/screen/wide.sh
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# wide NAME INPUT NCPU W H: capture the view at W x H and compare it.
wide() {
	name=$1 input=$2 TM_W=$4 TM_H=$5
	TM_SOCK="smtscope-test-wide-$name-$TM_W-$$"
	[ -d "$TMP/root-$3" ] || sh tests/tools/fakestat.sh "$TMP/root-$3" "$3"
	tm_start "LANG=C.UTF-8 SMTSCOPE_ROOT='$TMP/root-$3' $SMTSCOPE -n -i '$input'" ||
	    { ok 1 "$name ${TM_W}x$TM_H: starts"; return; }
	tm_wait 'q quit' > /dev/null
	tm_stable > "$TMP/$name-$TM_W.txt"
	tm_keys q
	tm_end
	exp=tests/expected/screen-wide-$name-${TM_W}x$TM_H.txt
	[ -n "$SMTSCOPE_UPDATE_GOLDEN" ] && cp "$TMP/$name-$TM_W.txt" "$exp"
	if diff -u "$exp" "$TMP/$name-$TM_W.txt" > "$TMP/$name.diff" 2>&1; then
		ok 0 "$name ${TM_W}x$TM_H: the screen equals $exp"
	else
		ok 1 "$name ${TM_W}x$TM_H: the screen equals $exp"
		sed 's/^/#   /' "$TMP/$name.diff"
	fi
}

for wh in 80x24 120x36 200x60; do
	wide 16cpu 'package:1 l3:1 l2:8 l1d:1 l1i:1 core:1 pu:2' 16 "${wh%x*}" "${wh#*x}"
	wide 64cpu-4pkg 'package:4 l3:1 l2:8 l1d:1 l1i:1 core:1 pu:2' 64 "${wh%x*}" "${wh#*x}"
	wide 512cpu 'package:2 l3:2 l2:64 l1d:1 l1i:1 core:1 pu:2' 512 "${wh%x*}" "${wh#*x}"
done
f=$TMP/16cpu-200.txt
w=$(awk '/CPU +[0-9]+ \[/ { n = length($0); if (n > m) m = n } END { print m + 0 }' "$f")
[ "$w" -ge 150 ]
ok $? "16 CPUs at 200 columns: the CPUs' rows reach column $w (150 or more)"
[ "$(grep -c -E '^.*Core [0-9]+ .*CPU +[0-9]+ \[.*CPU +[0-9]+ \[' "$f")" -eq 8 ]
ok $? "a core's two threads share its row, Core N and CPU N kept (8 rows for 16 CPUs)"
grep -q '^Package 3' tests/expected/screen-wide-64cpu-4pkg-200x60.txt
ok $? "the 4-package view names its fourth package"
for f in tests/expected/screen-wide-*.txt; do
	grep -q 'L2 4MB + L1d 32KB + L1i 32KB' "$f"
	ok $? "$(basename "$f"): the cores' own caches, in the tree or the info line"
done
for f in tests/expected/screen-wide-16cpu-200x60.txt tests/expected/screen-wide-64cpu-4pkg-200x60.txt; do
	grep -q '├─each core: L2 4MB + L1d 32KB + L1i 32KB$' "$f"
	ok $? "$(basename "$f"): the tree's row of the cores' own caches"
done
done_testing
