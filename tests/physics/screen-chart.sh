#!/bin/sh
# tests/physics/screen-chart.sh: the time chart shows time sharing as it
# happens (make check-live): a hash load alone on CPU 1 draws its line near
# the 100% line; a second hash load started on the same CPU halves it. Read
# back from the capture, in ASCII (the load's digit marks its line): the
# height of load 1's newest point between the 0% and 100% rows, and the
# speed named at the line's end. Waits for a quiet window (tests/lib.sh).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ] || ! command -v python3 > /dev/null; then
	skip "needs 2 CPUs and python3"
	done_testing
	exit 0
fi
TM_W=120 TM_H=40

# height: load 1's newest point as a speed read from the rows of the capture.
height() {
	python3 - "$1" <<'PY'
import re, sys
rows = open(sys.argv[1]).read().split("\n")
r100 = next(i for i, l in enumerate(rows) if l.startswith("100%"))
r0 = next(i for i, l in enumerate(rows) if l.startswith("  0%"))
best = None
for i in range(r100 - 12 if r100 > 12 else 0, r0 + 1):
    l = rows[i][6:].split(" hash#")[0]
    for m in re.finditer("1", l):
        if best is None or m.start() > best[1]:
            best = (i, m.start())
print("%.2f" % ((r0 - best[0]) / (r0 - r100)) if best else "")
PY
}

# label: the speed named at the end of load 1's line.
label() {
	grep -E -o 'hash#1 [0-9]+%' "$1" | head -n 1 | grep -E -o '[0-9]+' | tail -n 1
}

halves() {
	tm_end
	tm_start "LANG=C $SMTSCOPE -l hash@1" || return 1
	tm_wait 'hash#1 [0-9]+%' 15 > /dev/null || return 1
	sleep 4
	tm_cap > "$TMP/alone"
	tm_keys Down a
	tm_wait 'Start a load on CPU 1' 5 > /dev/null || return 1
	tm_keys h Enter
	tm_wait 'hash on CPU 1: parameter' 5 > /dev/null && tm_keys Enter
	tm_wait '^ hash#2 ' 5 > /dev/null || return 1
	tm_wait 'hash#2 [0-9]+%' 15 > /dev/null
	sleep 6
	tm_cap > "$TMP/shared"
	tm_keys q
	tm_end
	a=$(height "$TMP/alone") s=$(height "$TMP/shared")
	la=$(label "$TMP/alone") ls=$(label "$TMP/shared")
	diag "hash#1's line: alone at ${a:-?} (named ${la:-?}%), beside hash#2 at ${s:-?} (named ${ls:-?}%)"
	grep -q 'solo is marked' "$TMP/alone" "$TMP/shared" && PHYSICS_BUSY="a solo was disturbed"
	grep -E -q 'B|S' "$TMP/shared" || return 1
	num_between "$a" 0.8 1.25 && num_between "$s" 0.3 0.7 &&
	    num_between "$ls" 30 70 && return 0
	[ -n "$PHYSICS_BUSY" ] && return 2
	return 1
}

physics "a second load on the same CPU halves the first's chart line" 1 halves
done_testing
