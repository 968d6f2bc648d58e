#!/bin/sh
# tests/screen/others.sh: others' work on the live screen, with a known
# foreign process (tests/helpers/hog, named smtscope-hog) pinned to CPU 1:
# CPU 1's bar shows others' segment, CPU 1's info line and the header name
# the hog, a load on CPU 1 names it in its WHY, and its solo rate, measured
# beside the hog, is marked disturbed (~), with the speed and efficiency
# made from it; that notice waits while a user's result holds the line;
# the help states the rule and the formula; a shell loop of short
# commands, which no scan names, is named for what it is. Nothing here
# depends on how fast anything runs: the bands are in tests/physics/.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

HOG=
trap '[ -n "$HOG" ] && kill "$HOG" 2> /dev/null; tm_end; rm -rf "$TMP"' EXIT

# The hog on B, the second CPU this test may use; the first load on A.
if [ ! -x tests/helpers/hog ] || ! command -v taskset > /dev/null 2>&1 || ! need_cpus 2; then
	skip "needs tests/helpers/hog (make check builds it), taskset and 2 allowed CPUs (this process may use $ALLOWED_LIST)"
	done_testing
	exit 0
fi
A=$CPU_A B=$CPU_B
taskset -c "$B" tests/helpers/hog 120 &
HOG=$!

# Without colors the bars use a character per kind: 'o' is others' time.
check "starts with -l hash@$A, no colors" tm_start "NO_COLOR=1 LANG=C $SMTSCOPE -l hash@$A"
check "CPU $B's bar is others' time (o), the hog's" tm_wait "CPU $B \[[^]o]{0,4}o{16,}" 8
check "CPU $A's bar starts with the load's own time (#)" tm_wait "CPU $A \[#{6,}" 8
tm_keys l
# The info line names others' work, the most first, as many as fit: wide
# enough for the hog beside whatever else runs on a busy machine.
tm resize-window -x 250 -y 40 2> /dev/null
check "CPU $B's info line: smtscope's and others' shares, the hog named" \
    tm_wait "^CPU $B: .*busy [0-9]+%: smtscope [0-9]+%, others [0-9]+%: .*smtscope-hog \([0-9]+\) [0-9]+%" 8
check "the header says the machine is busy" tm_wait 'BUSY: others [0-9.]+ of [0-9]+ CPUs' 5
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 5
tm_end

# Wide enough for the whole reason.
TM_W=200
check "starts with -l hash@$B" tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@$B"
check "its solo rate, measured beside the hog, is marked ~" \
    tm_wait "^ hash#1 +$B +[0-9.]+ MB/s +~[0-9.]+ MB/s" 10
# (once the start's own result, "solo rate measured", has had its 5 s)
check "the status line says why" \
    tm_wait "hash#1's solo is marked ~: (others used [0-9.]+ CPU on its core|it ran [0-9]+% of the time); measured again when quiet" 12
# Above 100% of that solo they read ? (unknown), never a clean number.
check "its speed and efficiency carry the mark (or ?); its share does not" \
    tm_wait "^ hash#1 +$B +[0-9.]+ MB/s +~[0-9.]+ MB/s +(~[0-9]+%|[?]) +[0-9]+% +(~[0-9]+%|[?])" 5
check "the load's WHY names the hog on its CPU" \
    tm_wait "^ hash#1 +$B .*shares CPU $B with .*smtscope-hog \([0-9]+\) [0-9]+%" 10
sleep 3
tm_cap > "$TMP/later"
grep -E -q "^ hash#1 +$B +[0-9.]+ MB/s +~[0-9.]+ MB/s" "$TMP/later" &&
    ! grep -q 'measuring hash#1' "$TMP/later"
ok $? "while the hog runs its core is not quiet: no new measurement, the mark stays"
# A load started by hand beside the hog: the status line tells its solo's
# end, and the screen's own news (that solo is marked ~) waits for the
# line, never taking it from the user's result within its five seconds.
tm_keys l
check "the cursor moves to CPU $B" tm_wait "^CPU $B hash#1" 5
tm_keys a i Enter
check "a i Enter: int#2 starts on CPU $B, its solo measured, said" \
    tm_wait "started int#2 \\(int@$B\\): solo rate measured" 40
sleep 3
tm_cap | grep -q "started int#2 (int@$B): solo rate measured"
ok $? "3 s later the result still stands (no notice took the line)"
check "then the notice: int#2's solo is marked ~" \
    tm_wait "int#2's solo is marked ~: (others used [0-9.]+ CPU on its core|it ran [0-9]+% of the time)" 10
tm_keys '?'
# The help's terms come first, each with its definition beside it.
check "the help states the formula of EFF" tm_wait 'EFF +SPEED / \(SHARE / solo share\)' 5
check "and the rule of the ~ mark" tm_wait '~ before +SOLO, SPEED, EFF: the solo was disturbed' 5
check "and others' segment of the bars" tm_wait_pages "Bars +smtscope's user time, its system time, then others'"
tm_keys q
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 5
tm_end

# Others' work no scan of /proc can name: a shell starting a command after
# another on B, each gone long before the next scan. Its CPU's busy time
# less ours is others' all the same, and the WHY says what it was.
kill "$HOG" 2> /dev/null
wait "$HOG" 2> /dev/null
taskset -c "$B" sh -c 'while :; do /bin/true; done' &
HOG=$!
# Reading the machine binds to no CPU: hwloc's x86 backend ran cpuid bound
# to each CPU in turn, and bound to B beside this loop the first frame
# waited 57-90 s at 1 start in 2 to 5 (tmux's session its own autogroup).
slow=0
for i in 1 2 3 4 5; do
	tm_start "LANG=C.UTF-8 $SMTSCOPE" && tm_wait 'q quit' 10 > /dev/null || slow=$((slow + 1))
	tm_end
done
[ "$slow" -eq 0 ]
ok $? "beside the loop the first frame comes within 10 s, 5 starts of 5 ($slow not)"
check "starts with -l hash@$B beside a shell loop of short commands" \
    tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@$B"
# Its WHY names them as "shares CPU B with ..." or, where the load got
# little of its CPU (beside two hogs more: 0 %), as "got N % of its CPU ...;
# others: short-lived processes 61%, ...".
check "the load's WHY names the short-lived processes on its CPU" \
    tm_wait "^ hash#1 +$B .*(shares CPU $B with|others:) .*short-lived( processes)? [0-9]+%" 12
# The loop first: beside it the load on B gets little CPU to stop in.
kill "$HOG" 2> /dev/null
wait "$HOG" 2> /dev/null
HOG=
tm_keys q
check "q quits" tm_wait 'SMTSCOPE-EXIT=0' 10
done_testing
