#!/bin/sh
# tests/screen/idle.sh: the idle residency on the live screen, read from a
# copy of tests/data/sys-idle under SMTSCOPE_ROOT whose C1 time counter
# a loop here advances by half of every second on CPU 0: the info line names
# every state with its share and says why there is no busy MHz; key i shows
# the column (each state's share, in state order; CPU 1's C6, disabled in
# the tree, as '-'), the grid's mark (the state most of the idle went to,
# h where held), and the settings file keeps it. The live machine's own
# residency, whatever it is, is shown by the same code: see the report.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

TICK=
TM_W=220
trap '[ -n "$TICK" ] && kill "$TICK" 2> /dev/null; tm_end; rm -rf "$TMP"' EXIT

if ! tm_have; then
	skip "tmux is not installed"
	done_testing
	exit 0
fi
ROOT=$TMP/root
cp -R tests/data/sys-idle "$ROOT"
C1=$ROOT/sys/devices/system/cpu/cpu0/cpuidle/state1
# Half of each second in C1, in 50 ms steps of 25 ms (25000 us), entered each
# time; /proc/stat ticks on: CPU 0 40% busy, CPU 1 idle.
(
	t=$(cat "$C1/time") u=$(cat "$C1/usage") a=500 b=4250 c=4250
	while :; do
		t=$((t + 25000)) u=$((u + 1)) a=$((a + 2)) b=$((b + 3)) c=$((c + 5))
		echo $t > "$C1/time.new" && mv "$C1/time.new" "$C1/time"
		echo $u > "$C1/usage.new" && mv "$C1/usage.new" "$C1/usage"
		printf 'cpu  %d 0 500 %d 0 0 0 0 0 0\ncpu0 %d 0 250 %d 0 0 0 0 0 0\ncpu1 500 0 250 %d 0 0 0 0 0 0\n' \
		    $((a + 500)) $((b + c)) $a $b $c > "$ROOT/proc/stat.new" &&
		    mv "$ROOT/proc/stat.new" "$ROOT/proc/stat"
		sleep 0.05
	done
) &
TICK=$!

check "starts on the fixture tree" tm_start "SMTSCOPE_ROOT='$ROOT' LANG=C.UTF-8 $SMTSCOPE -d 10 -v tree"
# The cursor starts on the first CPU this process may use: CPU 0 is the one
# whose C1 time moves (under taskset -c 1 the cursor goes back to it).
if [ "$CPU_A" != 0 ]; then
	tm_wait '^CPU [0-9]+: core' 8 > /dev/null
	tm_keys k
fi
check "the info line: each state's share, why no busy MHz" \
    tm_wait '^CPU 0: core 0.* idle POLL 0% C1 [1-9][0-9]?% C6 0%; busy MHz n/a: no MHz in /proc/cpuinfo, no cpufreq' 8
tm_cap > "$TMP/off"
! grep -q 'CPU 0 \[.*%.* [0-9]+/[0-9]+/[0-9]+%' "$TMP/off"
ok $? "no column before i"
tm_keys i
check "i: the status line says what the column is" \
    tm_wait 'idle residency column on: each state.s share of the last refresh' 5
check "the column: CPU 0 spends about half in C1" tm_wait 'CPU 0 \[.*%  +0/[1-9][0-9]?/0%' 5
check "CPU 1's C6 is disabled: '-', the CPU held" tm_wait 'CPU 1 \[.*%  +0/0/-%' 5
tm_keys Right
check "CPU 1's info line says it is held" tm_wait '^CPU 1: .* idle POLL 0% C1 0% C6 - \(held\)' 5
tm_keys v
# The cell: "0 ▅ 1" (a mark per CPU) or, with room, "0[▒▒   ] 1" (a bar per CPU).
check "the grid: CPU 0's mark is C1 (1), CPU 1's h" tm_wait '0( [^ ]|\[[^]]*\]) 1 +1( [^ ]|\[[^]]*\]) h' 5
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 5
grep -q '^idle=1$' "$XDG_CONFIG_HOME/smtscope/smtscoperc"
ok $? "the settings file keeps the column (idle=1)"
tm_end

TM_KEEP_RC=1
check "starts again" tm_start "SMTSCOPE_ROOT='$ROOT' LANG=C.UTF-8 $SMTSCOPE -d 10 -v tree"
check "the column is back from the settings file" tm_wait 'CPU 1 \[.*%  +0/0/-%' 8
tm_keys i
check "i hides it" tm_wait 'idle residency column off' 5
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 5
tm_end

TM_KEEP_RC=0
check "no cpuidle (sys-bare)" tm_start "SMTSCOPE_ROOT=tests/data/sys-bare LANG=C.UTF-8 $SMTSCOPE -d 10"
check "the info line says why, once" tm_wait ' idle n/a: no cpuidle in sysfs' 8
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 5
done_testing
