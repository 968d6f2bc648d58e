#!/bin/sh
# kernels.sh: measure the loads against well-known tools, pinned, and print
# ratios (medians of 3 runs). Run from the repository root:
#
#	tests/bench/kernels.sh [./smtscope]
#
# The loads are run by tests/bench/kernelrate.c (built here from the kernel
# sources), so the figures are the kernels' own, with no supervisor between.
# Environment: CC, CFLAGS, BENCH_SECONDS (per run, default 3).
# Needs openssl, mbw, perf (linux-perf) and taskset; says "skipped" without.

set -u

BIN=${1:-./smtscope}
SECS=${BENCH_SECONDS:-3}
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM
KR=$TMP/kernelrate

say() { printf '%s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }

# The median of three numbers on stdin, one a line.
median3() { sort -g | sed -n 2p; }

# Ratio a/b to 3 places, or "n/a".
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0)
	printf "%.3f", a / b; else printf "n/a" }'; }

# Run kernelrate three times with the given arguments; median displayed value.
kr3() {
	for i in 1 2 3; do
		"$KR" -t "$SECS" "$@" | awk '{ print $2 }'
	done | median3
}

if ! have taskset; then
	say "skipped: taskset not installed (util-linux)"
	exit 0
fi

# config.h from ./configure if there is one, else a stub.
if [ -f config.h ]; then
	CFGINC=-I.
else
	printf '#define _GNU_SOURCE 1\n' >"$TMP/config.h"
	CFGINC=-I$TMP
fi
# shellcheck disable=SC2086
if ! $CC -std=c11 $CFLAGS "$CFGINC" -Isrc -o "$KR" tests/bench/kernelrate.c \
    src/kernels/*.c src/util.c -lm; then
	say "kernels.sh: cannot build kernelrate" >&2
	exit 1
fi

say "# smtscope kernel benchmark: ${SECS}s a run, median of 3, pinned to CPU 0"
if [ -x "$BIN" ]; then
	say "# $BIN kernels:"
	"$BIN" kernels 2>/dev/null | sed 's/^/#   /'
fi
say "# cpu: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"

# hash: MD5 against openssl's, 8192-byte blocks.
hash=$(kr3 -c 0 hash)
if have openssl; then
	for i in 1 2 3; do
		taskset -c 0 openssl speed -elapsed -seconds "$SECS" -bytes 8192 \
		    md5 2>/dev/null | awk '
		/^type/ { for (i = 2; i <= NF; i++) if ($i == "8192") col = ++n;
			  else if ($i ~ /^[0-9]+$/) ++n }
		/^md5/ { v = $(col + 1); sub(/k$/, "", v); print v / 1000 }'
	done | median3 >"$TMP/ossl"
	ossl=$(cat "$TMP/ossl")
	say "hash    $hash MB/s  openssl md5 8192B $ossl MB/s  ratio $(ratio "$hash" "$ossl")"
else
	say "hash    $hash MB/s  skipped: openssl not installed"
fi

# stream: triad bytes (2 read + 1 written) against mbw memcpy bytes moved
# (it reports bytes copied; each is read once and written once, so x2).
stream=$(kr3 -c 0 stream)
if have mbw; then
	for i in 1 2 3; do
		taskset -c 0 mbw -q -n 3 -t0 128 | awk '/^AVG/ {
			for (i = 1; i <= NF; i++) if ($i == "Copy:")
				print $(i + 1) * 2 * 1048576 / 1e9 }'
	done | median3 >"$TMP/mbw"
	mbw=$(cat "$TMP/mbw")
	say "stream  $stream GB/s  mbw memcpy 128MiB x2 $mbw GB/s  ratio $(ratio "$stream" "$mbw")"
else
	say "stream  $stream GB/s  skipped: mbw not installed"
fi

# pipe: round trip against perf bench sched pipe, one CPU and two.
pipe1=$(kr3 -c 0 -p 0 pipe)
pipe2=$(kr3 -c 0 -p 1 pipe 2>/dev/null)
perfpipe() {
	for i in 1 2 3; do
		taskset -c "$1" perf bench sched pipe -l 100000 2>/dev/null |
		    awk '/usecs\/op/ { print $1 }'
	done | median3
}
if have perf && perf bench sched pipe -l 10 >/dev/null 2>&1; then
	p1=$(perfpipe 0)
	say "pipe    $pipe1 us/rt on CPU 0  perf sched pipe $p1 us/op  ratio (perf/ours) $(ratio "$p1" "$pipe1")"
	if [ -n "$pipe2" ]; then
		p2=$(perfpipe 0,1)
		say "pipe    $pipe2 us/rt on CPUs 0,1  perf sched pipe on 0,1 (unpinned ends) $p2 us/op  ratio (perf/ours) $(ratio "$p2" "$pipe2")"
	else
		say "pipe    skipped on two CPUs: no CPU 1"
	fi
else
	say "pipe    $pipe1 us/rt  skipped: perf not installed (linux-perf)"
fi

# fp: against a peak from the measured clock and the FMA datapath.
fp=$(kr3 -c 0 fp)
kf=$("$KR" -c 0 -f)
ghz=$(printf '%s\n' "$kf" | awk '{ print $2 + 0 }')
path=$(printf '%s\n' "$kf" | awk '{ print $3 }')
lanes=$(printf '%s\n' "$kf" | awk '{ print $4 + 0 }')
vendor=$(awk -F': ' '/^vendor_id/ { print $2; exit }' /proc/cpuinfo)
family=$(awk -F': ' '/^cpu family/ { print $2; exit }' /proc/cpuinfo)
case $path in
avx512f)
	# Zen 4 runs 512-bit FMAs on its two 256-bit pipes.
	if [ "$vendor" = AuthenticAMD ] && [ "$family" = 25 ]; then
		lanes=4
	fi ;;
esac
case $ghz:$path in
0:*)
	say "fp      $fp GFLOP/s ($path)  peak cannot be had: clock unknown" ;;
*:avx512f|*:avx2+fma)
	peak=$(awk -v g="$ghz" -v l="$lanes" 'BEGIN { printf "%.1f", 2 * l * 2 * g }')
	say "fp      $fp GFLOP/s ($path)  peak $peak GFLOP/s (2 FMA pipes x $lanes doubles x 2 at a measured $ghz GHz)  ratio $(ratio "$fp" "$peak")" ;;
*)
	say "fp      $fp GFLOP/s ($path)  peak cannot be had: FMA datapath or clock unknown" ;;
esac

# The rest, for the record.
for k in int spin fork chase:32k chase:1m chase; do
	say "$k $("$KR" -c 0 -t "$SECS" "$k" | awk '{ print $2, $3 }')"
done
