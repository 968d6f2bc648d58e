#!/bin/sh
# kernels.sh: the loads as `smtscope run` runs them (smtscope-load exec'd,
# pinned with hwloc, counted through the supervisor), beside independent
# references, as ratios of medians of 3 runs (5 for stream) taken in turns.
# From the repository root:
#
#	sh tests/bench/kernels.sh [./smtscope]
#
# Goals: the fork load within 15 % of a bare fork/_exit/waitpid loop; the
# int load within 5 % of a plain C loop of the same mix; stream:384m (three
# arrays a power of two long) at 0.95 or more of stream:390m.
# Environment: CC, CFLAGS, BENCH_SECONDS (per run, default 2).
# A case that cannot run says "skip: REASON".

set -u

BIN=${1:-./smtscope}
SECS=${BENCH_SECONDS:-2}
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM

say() { printf '%s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }

# median N: the median of N numbers on stdin, one a line (blank if any is missing).
median() { sort -g | awk -v n="$1" 'NF { v[++c] = $1 } END { if (c == n) print v[int((n + 1) / 2)] }'; }

# Ratio a/b to 3 places, or "n/a".
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0)
	printf "%.3f", a / b; else printf "n/a" }'; }

# goal WHAT CONDITION: whether a goal is met (a missing figure misses it).
goal() {
	if awk "BEGIN { exit !($2) }" 2>/dev/null; then
		say "met:    $1"
	else
		say "missed: $1"
	fi
}

# rate SPEC: one `smtscope run --json` of SPEC; the load's figure in its unit.
rate() {
	"$BIN" run --json --time "$SECS" "$1" 2>/dev/null | python3 -c '
import json, sys
l = json.load(sys.stdin)["loads"][0]
print(l["rate"] if l["rate"] is not None else "")' 2>/dev/null
}

# turns SPEC REFCMD...: three runs of SPEC and of REFCMD in turns; sets
# ours and ref to the medians (REFCMD prints its figure first on a line).
turns() {
	_spec=$1
	shift
	: > "$TMP/ours"
	: > "$TMP/ref"
	for _i in 1 2 3; do
		rate "$_spec" >> "$TMP/ours"
		"$@" 2>/dev/null | awk 'NR == 1 { print $1 }' >> "$TMP/ref"
	done
	ours=$(median 3 < "$TMP/ours")
	ref=$(median 3 < "$TMP/ref")
}

# build NAME: compile tests/bench/NAME.c into $TMP/NAME.
build() {
	# shellcheck disable=SC2086
	$CC -std=c11 $CFLAGS -o "$TMP/$1" "tests/bench/$1.c" 2>"$TMP/$1.err"
}

if ! [ -x "$BIN" ]; then
	say "skip: every case: $BIN is not built (make)"
	exit 0
fi
if ! have python3; then
	say "skip: every case: python3 absent (it reads smtscope run --json)"
	exit 0
fi
if [ -z "$(rate spin@0)" ]; then
	say "skip: every case: $BIN run spin@0 gives no figure (is smtscope-load built?)"
	exit 0
fi

say "# smtscope kernel benchmark: $BIN run --json --time ${SECS} KERNEL@0 (rate), medians of 3 (stream 5)"
say "# cpu: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)," \
    "$(getconf _NPROCESSORS_ONLN) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# fork: against a 10-line fork/_exit/waitpid loop pinned to the same CPU.
if build forkloop; then
	turns fork@0 "$TMP/forkloop" 0 "$SECS"
	r=$(ratio "$ours" "$ref")
	say "fork    $ours us/fork  bare fork loop $ref us/fork  ratio $r"
	goal "fork load within 15 % of the bare loop (ratio $r <= 1.15)" "$r <= 1.15"
else
	say "skip: fork: cannot build tests/bench/forkloop.c: $(head -n 1 "$TMP/forkloop.err")"
fi

# int: against the same eight chains of shift/xor/multiply/add in plain C.
if build intloop; then
	turns int@0 "$TMP/intloop" 0 "$SECS"
	r=$(ratio "$ours" "$ref")
	say "int     $ours Gop/s  plain C loop $ref Gop/s  ratio $r"
	goal "int load within 5 % of the plain loop (ratio $r in 0.95..1.05)" \
	    "$r >= 0.95 && $r <= 1.05"
else
	say "skip: int: cannot build tests/bench/intloop.c: $(head -n 1 "$TMP/intloop.err")"
fi

# stream: three 128 MiB arrays (a power of two) against three of 130 MiB;
# medians of 5, as memory bandwidth is shared with whatever else runs.
avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
if [ "${avail:-0}" -lt 2048 ]; then
	say "skip: stream:384m vs stream:390m: only ${avail:-?} MiB available (2048 needed)"
else
	: > "$TMP/a"
	: > "$TMP/b"
	for i in 1 2 3 4 5; do
		rate stream:384m@0 >> "$TMP/a"
		rate stream:390m@0 >> "$TMP/b"
	done
	a=$(median 5 < "$TMP/a")
	b=$(median 5 < "$TMP/b")
	r=$(ratio "$a" "$b")
	say "stream  384m $a GB/s  390m $b GB/s  ratio $r"
	goal "stream:384m at 0.95 or more of stream:390m (ratio $r)" "$r >= 0.95"
fi

# hash: MD5 against openssl's, 8192-byte blocks.
ossl_md5() {
	taskset -c 0 openssl speed -elapsed -seconds "$SECS" -bytes 8192 md5 2>/dev/null |
	    awk '/^type/ { for (i = 2; i <= NF; i++) if ($i == "8192") col = ++n;
			  else if ($i ~ /^[0-9]+$/) ++n }
		/^md5/ { v = $(col + 1); sub(/k$/, "", v); print v / 1000 }'
}
if have openssl && have taskset; then
	turns hash@0 ossl_md5
	say "hash    $ours MB/s  openssl md5 8192B $ref MB/s  ratio $(ratio "$ours" "$ref")"
else
	say "skip: hash vs openssl md5: openssl or taskset not installed"
fi

# stream: triad bytes (2 read + 1 written) against mbw memcpy bytes moved
# (it reports bytes copied; each is read once and written once, so x2).
mbw_copy() {
	taskset -c 0 mbw -q -n 3 -t0 128 | awk '/^AVG/ {
	    for (i = 1; i <= NF; i++) if ($i == "Copy:") print $(i + 1) * 2 * 1048576 / 1e9 }'
}
if have mbw && have taskset; then
	turns stream@0 mbw_copy
	say "stream  $ours GB/s  mbw memcpy 128MiB x2 $ref GB/s  ratio $(ratio "$ours" "$ref")"
else
	say "skip: stream vs mbw: mbw or taskset not installed"
fi

# pipe: round trip against perf bench sched pipe, on one CPU and on two.
# perf_pipe CPUS: microseconds a round trip in perf's pipe benchmark.
perf_pipe() {
	taskset -c "$1" perf bench sched pipe -l 100000 2>/dev/null |
	    awk '/usecs\/op/ { print $1 }'
}
if have perf && have taskset && perf bench sched pipe -l 10 >/dev/null 2>&1; then
	turns pipe@0,0 perf_pipe 0
	say "pipe    $ours us/rt on CPU 0  perf sched pipe $ref us/op  ratio (perf/ours) $(ratio "$ref" "$ours")"
	if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]; then
		turns pipe@0,1 perf_pipe 0,1
		say "pipe    $ours us/rt on CPUs 0,1  perf sched pipe on 0,1 (ends unpinned) $ref us/op  ratio (perf/ours) $(ratio "$ref" "$ours")"
	else
		say "skip: pipe on two CPUs: no CPU 1"
	fi
else
	say "skip: pipe vs perf bench sched pipe: perf or taskset not installed, or perf not permitted"
fi

# fp: against a peak from the measured clock and the FMA datapath.
: > "$TMP/fp"
for i in 1 2 3; do rate fp@0 >> "$TMP/fp"; done
fp=$(median 3 < "$TMP/fp")
[ -f config.h ] && CFGINC=-I. || { printf '#define _GNU_SOURCE 1\n' > "$TMP/config.h"; CFGINC=-I$TMP; }
# shellcheck disable=SC2086
if $CC -std=c11 $CFLAGS "$CFGINC" -Isrc -o "$TMP/fpinfo" tests/bench/fpinfo.c \
    src/engine/kernels/*.c src/base/util.c -lm 2>"$TMP/fpinfo.err"; then
	kf=$("$TMP/fpinfo" -c 0)
	ghz=$(printf '%s\n' "$kf" | awk '{ print $2 + 0 }')
	path=$(printf '%s\n' "$kf" | awk '{ print $3 }')
	lanes=$(printf '%s\n' "$kf" | awk '{ print $4 + 0 }')
	vendor=$(awk -F': ' '/^vendor_id/ { print $2; exit }' /proc/cpuinfo)
	family=$(awk -F': ' '/^cpu family/ { print $2; exit }' /proc/cpuinfo)
	# Zen 4 runs 512-bit FMAs on its two 256-bit pipes.
	[ "$path" = avx512f ] && [ "$vendor" = AuthenticAMD ] && [ "$family" = 25 ] && lanes=4
	case $ghz:$path in
	0:*)
		say "fp      $fp GFLOP/s ($path)  skip: peak: the clock cannot be measured here" ;;
	*:avx512f|*:avx2+fma)
		peak=$(awk -v g="$ghz" -v l="$lanes" 'BEGIN { printf "%.1f", 2 * l * 2 * g }')
		say "fp      $fp GFLOP/s ($path)  peak $peak GFLOP/s (2 FMA pipes x $lanes doubles x 2 at a measured $ghz GHz)  ratio $(ratio "$fp" "$peak")" ;;
	*)
		say "fp      $fp GFLOP/s ($path)  skip: peak: FMA datapath unknown" ;;
	esac
else
	say "fp      $fp GFLOP/s  skip: peak: cannot build tests/bench/fpinfo.c"
fi

# The rest, for the record.
for k in spin chase:32k chase:1m chase; do
	say "$k $(rate "$k@0") $("$BIN" kernels | awk -v k="${k%%:*}" '$1 == k { print $2 }')"
done
