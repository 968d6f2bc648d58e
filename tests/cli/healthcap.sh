#!/bin/sh
# tests/cli/healthcap.sh: check --health --capacity, the node health check
# with the capacity scan: exit 1 exactly when a line says FAIL, each FAIL
# line a topology difference or one outlier CPU (its kernel, how far below);
# exit 0 with one OK line ending in the scan's words; a CPU a pinned hog
# keeps busy is named unmeasured, not failed; its usage errors. The FAIL
# lines of real outliers are tests/unit/test_health.c's (no outlier can be
# made on demand here).
. tests/lib.sh

# lines FILE RC: the relation between the exit status and the lines.
lines() {
	_bad=$(grep -v -e '^smtscope health: OK: .*; capacity (int): no outlier among [0-9]* CPUs' \
	    -e "^smtscope health: OK: .*; capacity (int): no CPU measured, others' work on CPUs* [0-9,-]*$" \
	    -e '^smtscope health: FAIL: CPU [0-9]* is a capacity outlier: int [0-9]*% below the machine.s median$' \
	    -e '^smtscope health: FAIL: [0-9]* CPUs online, [0-9]* expected' "$1")
	_fails=$(grep -c '^smtscope health: FAIL' "$1")
	[ -z "$_bad" ] && { { [ "$2" -eq 1 ] && [ "$_fails" -ge 1 ]; } ||
	    { [ "$2" -eq 0 ] && [ "$_fails" -eq 0 ] && [ "$(grep -c . "$1")" -eq 1 ]; }; }
}

"$SMTSCOPE" check --health --capacity --kernels int > "$TMP/h.out" 2> "$TMP/h.err"
rc=$?
lines "$TMP/h.out" $rc
ok $? "--health --capacity: exit $rc, FAIL lines exactly when 1 ($(tr '\n' '|' < "$TMP/h.out")$(head -n 1 "$TMP/h.err"))"

# A topology difference still fails, first, with the scan's lines after it.
"$SMTSCOPE" check --health --capacity --expect-cpus 4097 > "$TMP/e.out" 2> "$TMP/e.err"
rc=$?
[ $rc -eq 1 ] && lines "$TMP/e.out" $rc &&
    head -n 1 "$TMP/e.out" | grep -q "^smtscope health: FAIL: [0-9]* CPUs online, 4097 expected$"
ok $? "--health --capacity --expect-cpus 4097: exit 1, the difference first ($rc: $(head -n 1 "$TMP/e.out"))"

# Beside a hog pinned to an allowed CPU: that CPU is unmeasured (others'
# work), named so, and that is no failure.
HOGCPU=${CPU_B:-$CPU_A}
ln -s /bin/sh "$TMP/healthhog"
taskset -c "$HOGCPU" "$TMP/healthhog" -c 'while :; do :; done' &
H=$!
sleep 0.2
"$SMTSCOPE" check --health --capacity > "$TMP/b.out" 2> "$TMP/b.err"
rc=$?
# The hog is this test's own: ended by its pid, checked by its name.
[ "$(cat "/proc/$H/comm" 2> /dev/null)" = healthhog ] && kill "$H"
wait "$H" 2> /dev/null
# (an outlier among other CPUs, on a bigger machine, may still fail it)
lines "$TMP/b.out" $rc && ! grep -q "FAIL: CPU $HOGCPU is" "$TMP/b.out" &&
    { [ $rc -eq 1 ] || grep -q "unmeasured (others' work)$\|no CPU measured, others' work on CPU" "$TMP/b.out"; }
ok $? "beside a hog on CPU $HOGCPU: its CPU unmeasured, not failed ($rc: $(cat "$TMP/b.out"))"

check_usage_error "--health --capacity -i" --health --capacity -i "package:1 core:2 pu:1"
check_usage_error "--health --kernels without --capacity" --health --kernels int
check_usage_error "--health --capacity --json" --health --capacity --json
check_usage_error "--health --capacity with an unknown kernel" --health --capacity --kernels nosuch
done_testing
