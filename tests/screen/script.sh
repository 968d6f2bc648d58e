#!/bin/sh
# tests/screen/script.sh: the API tours drive (ui.h): a step function that
# captions the screen, starts a load, waits for its solo rate, moves it,
# highlights CPUs, switches views, waits for n, and quits.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

helper=tests/helpers/ui_script
# The helper's script names CPUs 0 and 1.
if [ ! -x "$helper" ] || ! need_cpus 2 || [ "$CPU_A $CPU_B" != "0 1" ]; then
	skip "needs $helper (make check builds it) and CPUs 0 and 1 (this process may use $ALLOWED_LIST)"
	done_testing
	exit
fi

check "the scripted screen starts" tm_start "LANG=C.UTF-8 $helper"
check "step 1: the caption bar" tm_wait '^ Step 1: a hash load on CPU 0, alone'
check "the load started by the script measures its solo rate" \
    tm_wait '^ hash#1 +0 .*measuring solo'
check "step 2 comes after the solo rate, by itself" \
    tm_wait '^ Step 2: solo rate measured; moved to CPU 1' 8
check "the load was moved" tm_wait '^ hash#1 +1 '
check "the view switched to the grid and the cursor to CPU 1" \
    tm_wait '^CPU 1 hash#1: .*CPU 1: core|^CPU 1: core'
check "the status line asks for n" tm_wait 'n next step'
tm_keys n
check "n: step 3" tm_wait '^ Step 3: the end'
check "its message" tm_wait 'script over'
check "then the script quits the screen" tm_wait 'SMTSCOPE-EXIT=0' 5
done_testing
