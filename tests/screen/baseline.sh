#!/bin/sh
# tests/screen/baseline.sh: one baseline per place on the live screen
# (capacity.h). Two identical loads on one CPU show the same SOLO (one was
# measured, the other takes it), and a third started later on the same
# place takes the place's baseline and says so on the status line (or, when
# the machine is busy and that baseline was disturbed, measures its own,
# which then serves all three). Words and equalities, never values.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

A=$CPU_A

# solo_of ID: the SOLO column of hash#ID's row, as shown.
solo_of() {
	tm_cap | sed -n "s/^ hash#$1 \{1,\}$A \{1,\}[0-9.]\{1,\} MB\/s \{1,\}\(~\{0,1\}[0-9.]\{1,\} MB\/s\).*/\1/p" |
	    head -n 1
}

check "starts with -l hash@$A twice" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@$A -l hash@$A"
check "the first has a solo rate" \
    tm_wait "^ hash#1 +$A +[0-9.]+ MB/s +~?[0-9.]+ MB/s" 15
check "the second has one too" \
    tm_wait "^ hash#2 +$A +[0-9.]+ MB/s +~?[0-9.]+ MB/s" 15
s1=$(solo_of 1) s2=$(solo_of 2)
[ -n "$s1" ] && [ "$s1" = "$s2" ]
ok $? "identical loads on one CPU show one SOLO ($s1 and $s2)"

# A later load on the same place: the menu's hash (key 1), no parameter.
tm_keys a
check "a opens the kernel menu" tm_wait "Start a load on CPU $A"
tm_keys 1
tm_wait "hash on CPU $A: parameter" > /dev/null
tm_keys Enter
check "hash#3 starts and takes the place's baseline, or measures it when that was disturbed" \
    tm_wait "started hash#3 \(hash@$A\): (solo rate from this place's baseline \(hash#[12]'s\)|measuring its solo rate|its solo rate is hash#[12]'s)"
check "hash#3 has a solo rate" \
    tm_wait "^ hash#3 +$A +[0-9.]+ MB/s +~?[0-9.]+ MB/s" 15
# Within 15 s: on a busy machine the place's baseline may be measured again
# (disturbed), its rows reading "measuring" meanwhile; then one SOLO for all.
i=0
while :; do
	s1=$(solo_of 1) s3=$(solo_of 3)
	{ [ -n "$s1" ] && [ "$s1" = "$s3" ]; } || [ $i -ge 30 ] && break
	sleep 0.5
	i=$((i + 1))
done
[ -n "$s1" ] && [ "$s1" = "$s3" ]
ok $? "the later load shows the same SOLO ($s1 and $s3)"
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
done_testing
