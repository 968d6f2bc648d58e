#!/bin/sh
# tests/tools/fakestat.sh: a frozen /proc/stat for a view of N CPUs, so that
# -i views of big machines show busy bars and meters (SMTSCOPE_ROOT=DIR):
# CPU i is busy (i * 7) % 101 percent, a fifth of it system time. Test data
# for drawing, not a measurement of any machine.
# Usage: sh tests/tools/fakestat.sh DIR N
set -eu
[ $# -eq 2 ] || { echo "usage: fakestat.sh DIR N" >&2; exit 2; }
mkdir -p "$1/proc"
awk -v n="$2" 'BEGIN {
	for (i = 0; i < n; i++) {
		b = (i * 7) % 101
		u[i] = 10 * (b - int(b / 5)); s[i] = 10 * int(b / 5); d[i] = 1000 - u[i] - s[i]
		tu += u[i]; ts += s[i]; td += d[i]
	}
	printf "cpu  %d 0 %d %d 0 0 0 0 0 0\n", tu, ts, td
	for (i = 0; i < n; i++)
		printf "cpu%d %d 0 %d %d 0 0 0 0 0 0\n", i, u[i], s[i], d[i]
	print "intr 0\nctxt 0\nbtime 1700000000\nprocesses 1\nprocs_running 1\nprocs_blocked 0"
}' > "$1/proc/stat"
