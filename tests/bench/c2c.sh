#!/bin/sh
# c2c.sh: `smtscope c2c`'s compare-and-swap one-way latency between CPUs 0
# and 1 beside a standalone C program of the same method (c2cref.c: two
# pinned threads, one word on its own line, the median of 15 samples of
# 1000 round trips), seven runs of each in turns; the ratio of the medians.
# From the repository root:
#
#	sh tests/bench/c2c.sh [./smtscope]
#
# Goal: within 10 % of the reference (ratio 0.9 to 1.1).
# Environment: CC, CFLAGS. A case that cannot run says "skip: REASON".

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
BIN=${1:-./smtscope}
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM

median() { sort -g | awk 'NF { v[++c] = $1 } END { if (c) print v[int((c + 1) / 2)] }'; }

if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	echo "skip: one CPU here, no pair"
	exit 0
fi
if ! $CC $CFLAGS -pthread -o "$TMP/c2cref" tests/bench/c2cref.c 2> "$TMP/cc"; then
	echo "skip: cannot build tests/bench/c2cref.c: $(head -n 1 "$TMP/cc")"
	exit 0
fi
: > "$TMP/ours"
: > "$TMP/ref"
# Seven of each in turns, every other round the reference first: a drift
# over the rounds (where the host runs the two vCPUs) falls on both alike.
ours() { "$BIN" c2c --cpus 0,1 --csv 2> /dev/null | awk -F, 'NR == 2 { print $6 }' >> "$TMP/ours"; }
ref() { "$TMP/c2cref" 0 1 15 1000 | awk '{ print $1 }' >> "$TMP/ref"; }
for i in 1 2 3 4 5 6 7; do
	if [ $((i % 2)) -eq 1 ]; then ours; ref; else ref; ours; fi
done
ours=$(median < "$TMP/ours")
ref=$(median < "$TMP/ref")
echo "smtscope c2c --cpus 0,1 (cas): $(tr '\n' ' ' < "$TMP/ours")-> median $ours ns"
echo "c2cref 0 1 15 1000:            $(tr '\n' ' ' < "$TMP/ref")-> median $ref ns"
ratio=$(awk -v a="$ours" -v b="$ref" 'BEGIN { if (a + 0 > 0 && b + 0 > 0)
	printf "%.3f", a / b; else printf "n/a" }')
echo "ratio smtscope/reference: $ratio"
goal "CAS one-way latency over the reference's (c2c --cpus 0,1)" "$ratio" ">=" 0.9
goal "CAS one-way latency over the reference's (c2c --cpus 0,1)" "$ratio" "<=" 1.1
