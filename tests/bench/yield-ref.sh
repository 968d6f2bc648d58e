#!/bin/sh
# tests/bench/yield-ref.sh: how steady yields are on this machine, measured
# by an independent reference (tests/bench/memref.c, not smtscope's
# kernels), the yardstick of check-spread.sh. The same runs N times in a row
# (default 5): for each kind of work (stream: memory bandwidth; chase: memory
# latency; int: compute that stays in the core), the reference alone on CPU
# A, two copies on CPU A (one CPU shared in time), one on A and one on B (two
# cores), each window WINDOW seconds (default 0.35, about check's), both
# copies of a pair measuring over the same time. A yield is the pair's work
# over one copy alone. If the reference's yields spread as widely as
# smtscope's, the spread is the machine's, not smtscope's.
# Usage: [YIELD_RUNS=N] [WINDOW=S] [CPU_A=1] [CPU_B=0] [KINDS="stream chase int"]
#	[MIB=working set] [MEMREF=built memref] [RAW=1] sh tests/bench/yield-ref.sh
# RAW=1 prints a line per kind and run, "KIND RUN SOLO SAME1 SAME2 CORES1
# CORES2", for check-spread.sh, and nothing else.
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
N=${YIELD_RUNS:-5}
W=${WINDOW:-0.35}
A=${CPU_A:-$BENCH_CPU}
B=${CPU_B:-$OTHER_CPU}
KINDS=${KINDS:-stream chase int}
RAW=${RAW:-0}
CC=${CC:-cc}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
have python3 || { say "skip: python3 is not installed"; exit 0; }
[ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] || { say "skip: needs two CPUs"; exit 0; }
if [ -n "${MEMREF:-}" ]; then
	cp "$MEMREF" "$TMP/memref" || exit 2
else
	$CC -O2 -o "$TMP/memref" tests/bench/memref.c || { say "skip: $CC cannot build memref.c"; exit 0; }
fi
# The working set of smtscope's default: 4x the last-level cache, as sysfs
# gives it for CPU A (getconf's can be the whole package's, or wrong).
llc=0
for f in /sys/devices/system/cpu/cpu"$A"/cache/index*/size; do
	[ -r "$f" ] || continue
	v=$(cat "$f")
	case $v in *K) v=$(( ${v%K} * 1024 )) ;; *M) v=$(( ${v%M} * 1048576 )) ;; esac
	[ "$v" -gt "$llc" ] 2> /dev/null && llc=$v
done
[ "$llc" -gt 0 ] || llc=$((8 << 20))
mib=${MIB:-$(( 4 * llc / 1048576 ))}
if [ "$RAW" != 1 ]; then
	say "reference: memref (tests/bench/memref.c), ${mib} MiB (4x LLC), windows of $W s," \
	    "CPUs $A and $B, $N runs"
	say "$(load_average) before"
fi

# pair KIND CPU1 CPU2: the two copies' rates, measured over the same time.
pair() {
	_at=$(python3 -c 'import time; print("%.3f" % (time.time() + 1.5))')
	"$TMP/memref" "$1" "$2" "$W" "$mib" "$_at" > "$TMP/p1" &
	"$TMP/memref" "$1" "$3" "$W" "$mib" "$_at" > "$TMP/p2" &
	wait
	echo "$(cat "$TMP/p1") $(cat "$TMP/p2")"
}

for k in $KINDS; do
	i=1
	while [ "$i" -le "$N" ]; do
		solo=$("$TMP/memref" "$k" "$A" "$W" "$mib")
		same=$(pair "$k" "$A" "$A")
		cores=$(pair "$k" "$A" "$B")
		echo "$k $i $solo $same $cores"
		i=$((i + 1))
	done
done > "$TMP/runs"
if [ "$RAW" = 1 ]; then
	cat "$TMP/runs"
	exit 0
fi
python3 - "$TMP/runs" "$N" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
print("%-7s %-10s %-36s %6s" % ("KIND", "RELATION", "YIELDS (%s runs)" % sys.argv[2], "SPREAD"))
for k in ("stream", "chase", "int"):
    rs = [r for r in rows if r[0] == k and len(r) == 7]
    if not rs:
        continue
    for name, a, b in (("same-pu", 3, 4), ("2 cores", 5, 6)):
        ys = []
        for r in rs:
            solo, x, y = float(r[2]), float(r[a]), float(r[b])
            # chase gives ns per load: its work rate is the inverse.
            ys.append(solo / x + solo / y if k == "chase" else (x + y) / solo)
        print("%-7s %-10s %-36s %6.2f" % (k, name, " ".join("%.2f" % v for v in ys),
                                         max(ys) - min(ys)))
PY
