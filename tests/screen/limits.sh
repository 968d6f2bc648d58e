#!/bin/sh
# tests/screen/limits.sh: resource limits met with one clear line, no crash,
# no load left: file descriptors, address space, processes (the live screen
# keeps running and says why a load could not start), a full disk, and a
# terminal that goes away.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc
# The loads' CPUs: the first two this test may use (one twice when it has one).
A=$CPU_A B=${CPU_B:-$CPU_A}

# Too few descriptors: refused up front, exit 2, one line naming the limit.
prlimit --nofile=16 $SMTSCOPE run --time 0.2 hash@$A > "$TMP/out" 2> "$TMP/err"
st=$?
[ $st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q "file descriptors.*ulimit -n" "$TMP/err"
ok $? "nofile=16: exit 2 ($st), one line: $(cat "$TMP/err")"
prlimit --nofile=16 $SMTSCOPE -l spin@$A < /dev/null > "$TMP/out" 2> "$TMP/err"
st=$?
[ $st -eq 2 ] && grep -q "file descriptors" "$TMP/err"
ok $? "nofile=16, live screen: exit 2 ($st) before the screen starts"
# At the minimum, eight loads with pipes still start and are measured. A
# load that others kept from its CPU (a fork storm beside the test) says
# so: that is the machine, not the limit, and is no failure here.
prlimit --nofile=32 $SMTSCOPE run --time 0.2 --json pipe@$A,$B pipe@$B,$A hash@$A hash@$B \
    spin@$A spin@$B int@$A fork@$B > "$TMP/out.json" 2> "$TMP/err"
why=$(python3 -c 'import json,sys
l = json.load(open(sys.argv[1]))["loads"]
bad = ["%s@%s: %s" % (x["kernel"], x["cpus"], x["error"]) for x in l
       if x["error"] is not None and "others took its CPU" not in x["error"]]
print("; ".join(bad) if len(l) == 8 else "%d loads, not 8" % len(l))
sys.exit(len(l) != 8 or bad != [])' "$TMP/out.json" 2>&1)
ok $? "nofile=32: eight loads, two of them pipes, all run${why:+ ($why)}"

# Too little address space: the load that cannot map its memory says so.
# (A sanitizer build cannot even reserve its shadow memory under --as.)
if grep -q __asan_report "$SMTSCOPE" 2> /dev/null; then
	skip "address-space limit: a sanitizer build needs terabytes of shadow address space"
else
	prlimit --as=$((96 * 1024 * 1024)) $SMTSCOPE run --time 0.2 hash@$A stream:256m@$B \
	    > "$TMP/out" 2> "$TMP/err"
	st=$?
	[ $st -eq 1 ] && grep -q "FAILED: stream: cannot map" "$TMP/out" && grep -q "^hash#1 .*MB/s" "$TMP/out"
	ok $? "as=96M: stream:256m fails with the reason, hash still measured (exit $st): $(grep FAILED "$TMP/out")"
fi

# A full disk for an output file: the error names the file, the status says so.
if mkdir -p "$TMP/tiny" && mount -t tmpfs -o size=4k tmpfs "$TMP/tiny" 2> /dev/null; then
	head -c 4096 /dev/zero > "$TMP/tiny/fill" 2> /dev/null
	$SMTSCOPE tour --headless --step 0.2 smt-basics --record "$TMP/tiny/r.json" \
	    > /dev/null 2> "$TMP/err"
	st=$?
	[ $st -ne 0 ] && grep -q "r.json: No space left on device" "$TMP/err"
	ok $? "a full disk for --record: exit $st, one line: $(cat "$TMP/err")"
	umount "$TMP/tiny"
else
	skip "cannot mount a tmpfs here (needs root)"
fi

# Processes: as a user of our own (tests/lib.sh free_uid) under --nproc, loads that cannot start are reported on
# the screen, and the screen keeps running.
if grep -q __asan_report "$SMTSCOPE" 2> /dev/null; then
	for i in 1 2 3 4; do
		skip "process limit: the sanitizer runtime needs processes of its own there"
	done
elif LUID=$(free_uid) && [ -n "$LUID" ] && [ "$(id -u)" -eq 0 ] &&
    command -v setpriv > /dev/null && uid_bindir "$LUID"; then
	TM_SOCK="smtscope-test-limits-nproc-$$"
	tm_start "LANG=C.UTF-8 setpriv --reuid=$LUID --regid=$LUID --clear-groups \
	    prlimit --nproc=3 $UBIN/smtscope -d 2 -l spin@$A -l hash@$B -l int@$A -l fork@$B"
	tm_wait 'Resource temporarily unavailable|process limit' 10 > /dev/null
	ok $? "nproc=3: the screen says why a load could not start"
	tm_wait '^ spin#1 ' 5 > /dev/null
	ok $? "nproc=3: the load that could start is shown"
	a=$(tm_cap | md5sum)
	tm_keys j
	sleep 0.6
	b=$(tm_cap | md5sum)
	[ "$a" != "$b" ]
	ok $? "nproc=3: the screen keeps running (it redraws)"
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' 5 > /dev/null
	ok $? "nproc=3: q quits cleanly"
	tm_end
else
	why="needs root and setpriv to run as an unused user"
	[ -n "${UBIN_WHY:-}" ] && why=$UBIN_WHY
	for i in 1 2 3 4; do
		skip "$why"
	done
fi

# The terminal goes away (its tmux server killed): smtscope ends, no load left.
TM_SOCK="smtscope-test-limits-hup-$$"
tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$A -l hash@$B"
tm_wait '^ hash#2 ' 10 > /dev/null
pid=$(tm_smtscope_pid)
kids=$(proc_kids "$pid")
sid=$(proc_id "$pid")
tm kill-server > /dev/null 2>&1
procs_wait_gone 10 $sid $kids
procs_gone $sid $kids && [ -n "$kids" ]
ok $? "terminal gone: smtscope ($sid) and its loads ($kids) end within 10 s (left: $(procs_left $sid $kids || echo none))"
done_testing
