#!/bin/sh
# tests/screen/mouse.sh: clicks select a CPU in the tree and in the grid,
# a load in the panel, and an entry in the menu. The clicks are typed as
# the terminal would send them (X10 mouse: ESC [ M button x y, each +32).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# click X Y: press and release button 1 at column X, row Y (0-based).
click() {
	tm_keys -l "$(printf "\\033[M %b%b\\033[M#%b%b" \
	    "\\$(printf %03o $((33 + $1)))" "\\$(printf %03o $((33 + $2)))" \
	    "\\$(printf %03o $((33 + $1)))" "\\$(printf %03o $((33 + $2)))")"
}

# col ROW RE: the 0-based column where RE first matches on a row of the pane.
col() {
	tm_cap | awk -v r="$1" -v re="$2" 'NR == r + 1 { print match($0, re) - 1 }'
}

check "starts on a synthetic topology" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE -i 'package:2 core:2 pu:2'"
check "the tree is up" tm_wait 'tree view'
# Rows: 0-1 header, 2 NUMA, 3 Package 0, 4-5 cores 0-1, 6 Package 1, 7-8 cores
# 2-3: at 120 columns a core's two threads share its row (folded), each with
# its bar: "├─Core 2 ───CPU 4 [...]   CPU 5 [...]".
click 3 7
check "a click on a core's row before its CPUs selects its first" tm_wait '^CPU 4: core 2'
x=$(col 8 'CPU 7')
click $((x + 2)) 8
check "a click on a thread of a folded row selects it: CPU 7" tm_wait '^CPU 7: core 3'
click 5 3
check "a click on a label row changes nothing" tm_wait '^CPU 7: core 3'
tm_keys v
check "the grid" tm_wait 'grid view'
# Grid rows: 2 Package 0, 3 cells of cores 0-1, 4 Package 1, 5 cells of cores 2-3;
# at 120 columns each CPU is named with its bar: "  0[▆▆  ] 1[▆   ]  2[...".
x=$(col 3 ' 1\[')
click $((x + 1)) 3
check "a click on a sibling's number selects that CPU" tm_wait '^CPU 1: core 0'
x=$(col 5 '7\[')
click $((x + 3)) 5
check "a click on a CPU's bar selects it" tm_wait '^CPU 7: core 3'
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
TM_W=60 TM_H=20 TM_SOCK="smtscope-test-mouse-narrow-$$"
check "at 60 columns: starts" tm_start "LANG=C.UTF-8 $SMTSCOPE -v grid -i 'package:2 core:6 pu:2'"
check "the grid of marks" tm_wait '^ +0 [^0-9]'
# "  0 · ·  2 · ·": the first CPU's number, then a mark per CPU.
x=$(col 3 ' 2 ')
click $((x + 3)) 3
check "a click on a sibling's mark selects that CPU" tm_wait '^CPU 3: core 1'
click $((x + 1)) 3
check "a click on a cell's number selects its first CPU" tm_wait '^CPU 2: core 1'
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end

if ! need_cpus 2; then
	skip "the live part: $CPUS_WHY"
	done_testing
	exit
fi
A=$CPU_A B=$CPU_B
TM_SOCK="$TM_SOCK-live"
check "starts with two loads" tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$A -l spin@$B"
check "both rows are up" tm_wait "^ spin#2 +$B "
y=$(tm_cap | grep -n '^ spin#2 ' | cut -d: -f1)
click 3 $((y - 1))
check "a click on a load's row puts the cursor on its CPU" tm_wait "^CPU $B spin#2: "
check "the info line's CPU part follows it" tm_wait "CPU $B: core"
tm_keys d
check "and selects it: d stops spin#2" tm_wait 'stopped spin#2'
tm_keys a
check "the menu opens" tm_wait "Start a load on CPU $B"
y=$(tm_cap | grep -n ' 4 spin ' | cut -d: -f1)
click 30 $((y - 1))
check "a click in the menu starts that kernel" tm_wait "^ spin#3 +$B "
tm_keys a
tm_wait "Start a load on CPU $B" > /dev/null
click 2 $((${TM_H} - 3))
check "a click outside the menu closes it" tm_wait_not 'Start a load on'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
done_testing
