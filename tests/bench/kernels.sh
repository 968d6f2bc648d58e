#!/bin/sh
# kernels.sh: what users run, measured against what nothing watches.
#  1. The cost of watching, per kernel: each kernel under `smtscope run`
#     (its counters and /proc reads, the supervisor sampling it) and the
#     same smtscope-load binary under a bare launcher (tests/bench/bareload.c)
#     on the same CPU, in turns; the median of the rounds' ratios of the
#     time a unit of work takes. Goal: at most 1.03 for every kernel. Beside
#     it, for the compute and memory kernels, the same ratio per second on a
#     CPU (the rate over the share of the time the load ran): on a busy
#     machine the wall-clock ratio is how others shared the CPU in each
#     round, this one what watching cost the load's own work. And,
#     for the record, what the perf software group that smtscope opened on
#     every load before issue 24 cost pipe (bareload -p).
#  2. The latency kernels against independent references on the same CPU:
#     pipe@C,C against `perf bench sched pipe`, fork against a bare
#     fork/_exit/waitpid loop (forkloop.c). Goals: within 1.10x.
#  3. The compute and memory kernels against references: int within 5 % of
#     the same chains in plain C (intloop.c); stream:384m at 0.95 of
#     stream:390m; fp at 0.9 of the peak from the clock, measured with chains
#     the CPU cannot fold (fpinfo.c), and the FMA datapath; hash beside
#     openssl md5 and stream beside mbw, for the record.
# Everything runs on BENCH_CPU (default 1 where there is one: the system's own
# work lands on CPU 0). From the repository root, after make:
#
#	sh tests/bench/kernels.sh [./smtscope]
#
# Environment: BENCH_CPU, BENCH_SECONDS (per run, default 2), BENCH_ROUNDS
# (default 3), CC. A case that cannot run says "skip: REASON".

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh

BIN=${1:-./smtscope}
SECS=${BENCH_SECONDS:-2}
ROUNDS=${BENCH_ROUNDS:-3}
CC=${CC:-cc}
C=$BENCH_CPU
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM

# rate SPEC: one `smtscope run --json` of SPEC; the load's rate in its unit.
rate() {
	"$BIN" run --json --time "$SECS" "$1" 2> /dev/null | python3 -c '
import json, sys
l = json.load(sys.stdin)["loads"][0]
print(l["rate"] if l["rate"] is not None else "")' 2> /dev/null
}

# rate_share SPEC: as rate, and the share of the time its load ran on a CPU.
rate_share() {
	"$BIN" run --json --time "$SECS" "$1" 2> /dev/null | python3 -c '
import json, sys
l = json.load(sys.stdin)["loads"][0]
if l["rate"] is not None:
    print(l["rate"], l["cpu_share"] if l["cpu_share"] is not None else 0)' 2> /dev/null
}

# per_cpu RATE SHARE HIGHER: the rate per second on a CPU (a time per unit: times the share).
per_cpu() {
	awk -v r="$1" -v s="$2" -v h="$3" 'BEGIN { if (r + 0 > 0 && s + 0 > 0)
	    printf "%.6g", h ? r / s : r * s; else printf "n/a" }'
}

# higher KERNEL: 1 when the kernel's unit is higher-is-better.
higher() {
	"$BIN" kernels | awk -v k="$1" '$1 == k { print ($3 == "higher") ? 1 : 0 }'
}

# cost OURS BARE HIGHER: the time a unit takes under smtscope over bare.
cost() {
	if [ "$3" = 1 ]; then ratio "$2" "$1"; else ratio "$1" "$2"; fi
}

# build NAME: compile tests/bench/NAME.c alone into $TMP/NAME.
build() {
	# shellcheck disable=SC2086
	$CC -std=c11 ${CFLAGS:--O2} -o "$TMP/$1" "tests/bench/$1.c" 2> "$TMP/$1.err"
}

# build_core NAME: compile tests/bench/NAME.c against smtscope's core library.
build_core() {
	# shellcheck disable=SC2086
	$CC -std=c11 -O2 -I. -Isrc -o "$TMP/$1" "tests/bench/$1.c" tests/libsmtscope-core.a \
	    $(sed -n 's/^CORELIBS[	 ]*=[	 ]*//p' Makefile) 2> "$TMP/$1.err"
}

if ! [ -x "$BIN" ] || ! [ -x ./smtscope-load ]; then
	say "skip: every case: $BIN or ./smtscope-load is not built (make)"
	exit 0
fi
have python3 || { say "skip: every case: python3 absent (it reads smtscope run --json)"; exit 0; }
[ -f tests/libsmtscope-core.a ] || make tests/libsmtscope-core.a > /dev/null 2>&1

say "# smtscope kernels: $BIN run --json --time $SECS against references, on CPU $C," \
    "$ROUNDS rounds in turns"
say "# cpu: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo), $(load_average)"

# 1. The cost of watching: smtscope run against the bare launcher, in turns.
if build_core bareload; then
	say ""
	say "observer cost: the time a unit takes under smtscope run over under bareload"
	printf '%-8s %14s %14s %-14s %s\n' KERNEL "SMTSCOPE RUN" BARE UNIT \
	    "RATIOS (median); PER CPU SECOND (median)"
	for k in hash int fp spin chase stream pipe fork; do
		where=$C
		[ "$k" = pipe ] && where=$C,$C
		hi=$(higher "$k")
		: > "$TMP/r"
		: > "$TMP/o"
		: > "$TMP/b"
		: > "$TMP/rc"
		i=0
		n=$ROUNDS
		# The memory loads move most with the host: more rounds.
		case $k in chase|stream) n=$((ROUNDS + 2)) ;; esac
		while [ "$i" -lt "$n" ]; do
			# In turns, every other round bare first: a drift over
			# the rounds falls on both alike.
			if [ $((i % 2)) -eq 1 ]; then
				set -- $("$TMP/bareload" "$k@$where" "$SECS" 2> /dev/null) "" ""
				b=$1 bs=$2
			fi
			set -- $(rate_share "$k@$where") "" ""
			o=$1 os=$2
			if [ $((i % 2)) -eq 0 ]; then
				set -- $("$TMP/bareload" "$k@$where" "$SECS" 2> /dev/null) "" ""
				b=$1 bs=$2
			fi
			echo "$o" >> "$TMP/o"
			echo "$b" >> "$TMP/b"
			cost "$o" "$b" "$hi" | grep -v n/a >> "$TMP/r"
			case $k in pipe|fork) ;; *)
				cost "$(per_cpu "$o" "$os" "$hi")" "$(per_cpu "$b" "$bs" "$hi")" \
				    "$hi" | grep -v n/a >> "$TMP/rc" ;;
			esac
			# fp under smtscope run, and its code with no smtscope
			# around it, for its peak below.
			if [ "$k" = fp ]; then
				echo "$o" >> "$TMP/fpw"
				per_cpu "$o" "$os" 1 | grep -v n/a >> "$TMP/fp"
				per_cpu "$b" "$bs" 1 | grep -v n/a >> "$TMP/fpbare"
			fi
			i=$((i + 1))
		done
		r=$(median < "$TMP/r")
		rc=$(median < "$TMP/rc")
		printf '%-8s %14s %14s %-14s %s\n' "$k" "$(median < "$TMP/o")" \
		    "$(median < "$TMP/b")" "$("$BIN" kernels | awk -v k="$k" '$1 == k { print $2 }')" \
		    "$(tr '\n' ' ' < "$TMP/r")(${r:-n/a}); $(tr '\n' ' ' < "$TMP/rc")(${rc:-n/a})"
		echo "$k ${r:-n/a}" >> "$TMP/costs"
	done
	while read -r k r; do
		goal "observer cost of $k (smtscope run / bare)" "$r" "<=" 1.03
	done < "$TMP/costs"
	: > "$TMP/p"
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		b=$("$TMP/bareload" "pipe@$C,$C" "$SECS" 2> /dev/null | awk '{ print $1 }')
		p=$("$TMP/bareload" -p "pipe@$C,$C" "$SECS" 2> /dev/null | awk '{ print $1 }')
		ratio "$p" "$b" | grep -v n/a >> "$TMP/p"
		i=$((i + 1))
	done
	say "for the record: pipe@$C,$C with the old perf software group on each end, over" \
	    "bare: $(median < "$TMP/p") (issue 24 measured 1.50)"
else
	say "skip: observer cost: cannot build tests/bench/bareload.c: $(head -n 1 "$TMP/bareload.err")"
fi

# 2. The latency kernels against references on the same CPU.
say ""
perf_pipe() {
	taskset -c "$C" perf bench sched pipe -l 100000 2> /dev/null |
	    awk '/usecs\/op/ { print $1 }'
}
if have perf && have taskset && perf bench sched pipe -l 10 > /dev/null 2>&1; then
	: > "$TMP/r"
	: > "$TMP/o"
	: > "$TMP/b"
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		o=$(rate "pipe@$C,$C")
		b=$(perf_pipe)
		echo "$o" >> "$TMP/o"
		echo "$b" >> "$TMP/b"
		ratio "$o" "$b" | grep -v n/a >> "$TMP/r"
		i=$((i + 1))
	done
	say "pipe    $(median < "$TMP/o") us/round trip on CPU $C; perf bench sched pipe on" \
	    "CPU $C $(median < "$TMP/b") us/op; ratios $(tr '\n' ' ' < "$TMP/r")"
	goal "pipe@$C,$C against perf bench sched pipe on CPU $C" "$(median < "$TMP/r")" "<=" 1.10
else
	say "skip: pipe against perf bench sched pipe: perf or taskset not installed, or perf" \
	    "not permitted (apt-get install -y linux-perf)"
	goal "pipe@$C,$C against perf bench sched pipe on CPU $C" n/a "<=" 1.10
fi
if build forkloop; then
	: > "$TMP/r"
	: > "$TMP/o"
	: > "$TMP/b"
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		o=$(rate "fork@$C")
		b=$("$TMP/forkloop" "$C" "$SECS" 2> /dev/null)
		echo "$o" >> "$TMP/o"
		echo "$b" >> "$TMP/b"
		ratio "$o" "$b" | grep -v n/a >> "$TMP/r"
		i=$((i + 1))
	done
	say "fork    $(median < "$TMP/o") us/fork on CPU $C; bare fork/_exit/waitpid loop" \
	    "$(median < "$TMP/b") us/fork; ratios $(tr '\n' ' ' < "$TMP/r")"
	goal "fork@$C against a bare fork/exit/wait loop" "$(median < "$TMP/r")" "<=" 1.10
else
	say "skip: fork: cannot build tests/bench/forkloop.c: $(head -n 1 "$TMP/forkloop.err")"
fi

# 3. The compute and memory kernels against references.
say ""
if build intloop; then
	: > "$TMP/r"
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		o=$(rate "int@$C")
		b=$("$TMP/intloop" "$C" "$SECS" 2> /dev/null | awk '{ print $1 }')
		ratio "$o" "$b" | grep -v n/a >> "$TMP/r"
		i=$((i + 1))
	done
	r=$(median < "$TMP/r")
	say "int     against the same chains in plain C: ratios $(tr '\n' ' ' < "$TMP/r")"
	goal "int@$C at least 0.95 of a plain C loop" "$r" ">=" 0.95
	goal "int@$C at most 1.05 of a plain C loop" "$r" "<=" 1.05
else
	say "skip: int: cannot build tests/bench/intloop.c: $(head -n 1 "$TMP/intloop.err")"
fi

avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
if [ "${avail:-0}" -lt 2048 ]; then
	say "skip: stream:384m vs stream:390m: only ${avail:-?} MiB available (2048 needed)"
else
	: > "$TMP/r"
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		ratio "$(rate "stream:384m@$C")" "$(rate "stream:390m@$C")" | grep -v n/a >> "$TMP/r"
		i=$((i + 1))
	done
	say "stream  384m over 390m (three arrays a power of two long): ratios" \
	    "$(tr '\n' ' ' < "$TMP/r")"
	goal "stream:384m at 0.95 or more of stream:390m" "$(median < "$TMP/r")" ">=" 0.95
fi

# fp: the peak from the measured clock (add reg,reg, cross-checked by imul) and the
# datapath, a figure per cycle: fp's rate per second on a CPU is held to it
# (its wall-clock rate beside it is also how others shared the CPU). Its
# figure is the median of these rounds and the observer cost's (the same
# `smtscope run fp@C`): how the host shares the FMA units moves one run's
# rate by 5 % here, a round of three alone by as much.
touch "$TMP/fp" "$TMP/fpw" "$TMP/fpbare"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	set -- $(rate_share "fp@$C") "" ""
	echo "$1" >> "$TMP/fpw"
	per_cpu "$1" "$2" 1 | grep -v n/a >> "$TMP/fp"
	i=$((i + 1))
done
fp=$(median < "$TMP/fp")
fpw=$(median < "$TMP/fpw")
# shellcheck disable=SC2046
if $CC -std=c11 -O2 -I. -Isrc -o "$TMP/fpinfo" tests/bench/fpinfo.c \
    $(ls src/engine/kernels/*.o) src/base/util.o src/os/linux.o src/os/root.o -lm \
    2> "$TMP/fpinfo.err"; then
	kf=$("$TMP/fpinfo" -c "$C")
	ghz=$(echo "$kf" | awk '{ print $2 + 0 }')
	path=$(echo "$kf" | awk '{ print $3 }')
	lanes=$(echo "$kf" | awk '{ print $4 + 0 }')
	imul=$(echo "$kf" | awk '{ print $6 + 0 }')
	fma=$(echo "$kf" | awk '{ print $8 + 0 }')
	# The clock with the fp load's FMAs in flight, where a core lowers it for
	# wide vector work (AVX-512 licences); the scalar clock where it cannot be read.
	awk -v f="$fma" 'BEGIN { exit !(f > 0) }' && ghz=$fma
	vendor=$(awk -F': ' '/^vendor_id/ { print $2; exit }' /proc/cpuinfo)
	family=$(awk -F': ' '/^cpu family/ { print $2; exit }' /proc/cpuinfo)
	# Zen 4 runs 512-bit FMAs on its two 256-bit pipes.
	[ "$path" = avx512f ] && [ "$vendor" = AuthenticAMD ] && [ "$family" = 25 ] && lanes=4
	case $ghz:$path in
	0:*)
		say "fp      $fp GFLOP/s ($path): skip: peak: the clock cannot be measured here"
		goal "fp@$C at 0.9 of its peak" n/a ">=" 0.9 ;;
	*:avx512f|*:avx2+fma)
		peak=$(awk -v g="$ghz" -v l="$lanes" 'BEGIN { printf "%.1f", 2 * l * 2 * g }')
		say "fp      $fp GFLOP per second on a CPU, median of $(wc -l < "$TMP/fp") runs:" \
		    "$(tr '\n' ' ' < "$TMP/fp")($fpw GFLOP/s on the wall clock; $path);" \
		    "clock $ghz GHz from add reg,reg with the FMAs in flight" \
		    "($(echo "$kf" | awk '{ print $2 }') alone, $imul from imul); peak $peak GFLOP/s" \
		    "(2 FMA pipes x $lanes doubles x 2)"
		best=$(echo "$kf" | awk '{ print $10 + 0 }')
		say "fp      for the record: its best step of 2000 here $best GFLOP/s," \
		    "$(ratio "$best" "$peak") of the peak (its code apart from how a run shares the CPU)"
		bare=$(median < "$TMP/fpbare" 2> /dev/null)
		[ -n "$bare" ] && say "fp      for the record: the same code under the bare launcher" \
		    "(the observer cost's rounds above, no smtscope) $bare GFLOP/s, $(ratio "$bare" "$peak")" \
		    "of the peak: what this CPU gives its FMAs now, whoever runs them"
		goal "fp@$C at 0.9 of its peak" "$(ratio "$fp" "$peak")" ">=" 0.9 ;;
	*)
		say "fp      $fp GFLOP/s ($path): skip: peak: FMA datapath unknown"
		goal "fp@$C at 0.9 of its peak" n/a ">=" 0.9 ;;
	esac
else
	say "fp      $fp GFLOP/s: skip: peak: cannot build tests/bench/fpinfo.c:" \
	    "$(head -n 1 "$TMP/fpinfo.err")"
	goal "fp@$C at 0.9 of its peak" n/a ">=" 0.9
fi

# For the record: hash against openssl md5, stream against mbw memcpy.
ossl_md5() {
	taskset -c "$C" openssl speed -elapsed -seconds "$SECS" -bytes 8192 md5 2> /dev/null |
	    awk '/^type/ { for (i = 2; i <= NF; i++) if ($i == "8192") col = ++n;
			  else if ($i ~ /^[0-9]+$/) ++n }
		/^md5/ { v = $(col + 1); sub(/k$/, "", v); print v / 1000 }'
}
if have openssl && have taskset; then
	say "hash    $(rate "hash@$C") MB/s; openssl md5 8192 B blocks $(ossl_md5) MB/s"
fi
if have mbw && have taskset; then
	say "stream  $(rate "stream@$C") GB/s; mbw memcpy 128 MiB x2 $(taskset -c "$C" mbw -q \
	    -n 3 -t0 128 | awk '/^AVG/ { for (i = 1; i <= NF; i++) if ($i == "Copy:")
	    print $(i + 1) * 2 * 1048576 / 1e9 }') GB/s"
fi
