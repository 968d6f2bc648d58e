#!/bin/sh
# tests/physics/screen-foreign.sh: others' work on the live screen, in bands
# that hold only on an otherwise quiet machine (make check-live): a hog
# pinned to CPU 1 beside a load there takes about half of CPU 1, and so does
# the load; alone on CPU 1 it takes nearly all of it; once it ends, the
# load's disturbed solo rate is measured again and loses its ~.
# Each band waits for a quiet window on CPUs 0 and 1 (tests/lib.sh physics).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

HOG=
trap '[ -n "$HOG" ] && kill "$HOG" 2> /dev/null; tm_end; rm -rf "$TMP"' EXIT

if [ ! -x tests/helpers/hog ] || ! command -v taskset > /dev/null 2>&1 ||
    ! taskset -c 1 true 2> /dev/null; then
	skip "needs tests/helpers/hog (make check builds it), taskset and CPU 1"
	done_testing
	exit 0
fi
TM_W=200

# hog SECONDS: start the hog on CPU 1.
hog() {
	taskset -c 1 tests/helpers/hog "$1" &
	HOG=$!
}

# unhog: stop it.
unhog() {
	[ -n "$HOG" ] && kill "$HOG" 2> /dev/null
	wait "$HOG" 2> /dev/null
	HOG=
}

# field PATTERN: the first number after PATTERN in the pane's text.
field() {
	tm_cap | grep -E -o -- "$1 *[0-9]+" | head -n 1 | grep -E -o '[0-9]+$'
}

# beside: the hog and hash@1 share CPU 1: the hog's share and the load's
# SHARE both between 35% and 65%.
beside() {
	tm_end
	hog 60
	tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@1" || { unhog; return 1; }
	tm_keys l
	tm_wait '^CPU 1: .*smtscope-hog \([0-9]+\) [0-9]+%' 10 > /dev/null
	sleep 3
	h=$(field 'smtscope-hog \([0-9]+\)')
	s=$(tm_cap | grep -E -o '^ hash#1 +1 +[0-9.]+ MB/s +~?[0-9.]+ MB/s +(~?[0-9]+%|[?]) +[0-9]+%' |
	    grep -E -o '[0-9]+%$' | tr -d '%')
	diag "beside a load on CPU 1: the hog took ${h:-?}% of it, the load's SHARE ${s:-?}%"
	tm_keys q
	tm_end
	unhog
	num_between "$h" 35 65 && num_between "$s" 35 65
}

# alone: the hog alone on CPU 1 (the load on CPU 0): 85% of CPU 1 or more.
alone() {
	tm_end
	hog 60
	tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@0" || { unhog; return 1; }
	tm_keys l
	tm_wait '^CPU 1: .*smtscope-hog \([0-9]+\) [0-9]+%' 10 > /dev/null
	sleep 3
	h=$(field 'smtscope-hog \([0-9]+\)')
	diag "alone on CPU 1: the hog took ${h:-?}% of it"
	tm_keys q
	tm_end
	unhog
	num_between "$h" 85 100
}

# again: a solo measured beside the hog is marked; once the hog ends and the
# core is quiet, it is measured again and the mark goes.
again() {
	tm_end
	hog 6
	tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@1" || { unhog; return 1; }
	tm_wait '^ hash#1 +1 +[0-9.]+ MB/s +~[0-9.]+ MB/s' 10 || { tm_end; unhog; return 1; }
	wait "$HOG" 2> /dev/null
	HOG=
	tm_wait '^ hash#1 +1 +[0-9.]+ MB/s +[0-9.]+ MB/s +[0-9]+% +[0-9]+% +[0-9]+%' 15
	r=$?
	diag "after the hog: $(tm_cap | grep -E '^ hash#1 ' | cut -c1-80)"
	tm_keys q
	tm_end
	return $r
}

physics "a hog beside a load on CPU 1 takes 35-65% of it, the load's SHARE too" 0,1 beside
physics "a hog alone on CPU 1 takes 85% of it or more" 0,1 alone
physics "a disturbed solo is measured again once the hog ends, and loses its ~" 0,1 again
done_testing
