#!/bin/sh
# tests/fuzz/run.sh SECONDS [NAME]: build every libFuzzer harness tests/fuzz/fuzz_*.c
# with clang (fuzzer, address, undefined) and run each for SECONDS on a corpus
# seeded with real inputs, its inputs as long as its largest seed (at least
# 4 kB: compare's results are 20 kB, a big machine's XML 300 kB; the real
# machines' XML of ../shared/topologies seed topo and replay when present).
# Prints one line per harness with its executions and its longest input;
# exits 1 on a crash (the input is kept under tests/out/fuzz/), 0 otherwise,
# and says skip when clang cannot build fuzzers here.
# Environment: CLANG, FUZZ_LIBCFLAGS, FUZZ_LIBS (make fuzz passes configure's).
cd "$(dirname "$0")/../.." || exit 2
secs=${1:-20}
only=${2:-}
cc=${CLANG:-clang}
out=tests/out/fuzz
mkdir -p "$out/obj"
if ! command -v "$cc" > /dev/null 2>&1; then
	echo "fuzz: skip: $cc not installed (apt-get install clang)"
	exit 0
fi
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n * 0; }\n' \
    > "$out/probe.c"
if ! "$cc" -fsanitize=fuzzer "$out/probe.c" -o "$out/probe" > /dev/null 2>&1; then
	echo "fuzz: skip: $cc cannot build libFuzzer programs here"
	exit 0
fi
flags="-g -O1 -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -I. -Isrc $FUZZ_LIBCFLAGS \
    -fsanitize=address,undefined -fno-sanitize-recover=undefined"

# Every source but the programs' mains, built once, as many at a time as
# there are CPUs (one at a time took 5 of the 9 minutes of make fuzz here).
objs=
jobs=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 1)
n=0
rm -f "$out/obj/FAILED"
for f in src/*.c src/*/*.c src/*/*/*.c; do
	grep -q '^main(' "$f" && continue
	o="$out/obj/$(echo "$f" | tr '/' '_' | sed 's/\.c$/.o/')"
	if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ config.h -nt "$o" ]; then
		# shellcheck disable=SC2086
		{ "$cc" $flags -fsanitize=fuzzer-no-link -c -o "$o" "$f" ||
		    echo "$f" >> "$out/obj/FAILED"; } &
		n=$((n + 1))
		if [ "$n" -ge "$jobs" ]; then
			wait
			n=0
		fi
	fi
	objs="$objs $o"
done
wait
if [ -f "$out/obj/FAILED" ]; then
	echo "fuzz: could not build $(tr '\n' ' ' < "$out/obj/FAILED")"
	exit 1
fi

# seed NAME: the corpus directory of a harness, seeded with real inputs.
seed() {
	d="$out/$1-corpus"
	mkdir -p "$d"
	case $1 in
	tour)	cp doc/tours/*.tour tests/data/tours/*.tour "$d/" 2> /dev/null ;;
	theme)	cp themes/*.theme "$d/" 2> /dev/null ;;
	json)	cp tests/data/compare/*.json tests/data/json/*.json "$d/" 2> /dev/null ;;
	loadmap) cp tests/data/json/*.json tests/data/record/*.jsonl "$d/" 2> /dev/null ;;
	record)	for f in tests/data/record/*.jsonl; do
			[ -f "$f" ] || continue
			{ printf '\000'; cat "$f"; } > "$d/plain-${f##*/}"
			{ printf '\001'; cat "$f"; } > "$d/gz-${f##*/}"
		done ;;
	replay)	for f in tests/data/record/*.jsonl; do
			[ -f "$f" ] || continue
			{ printf '\000'; cat "$f"; } > "$d/rec-${f##*/}"
		done
		if command -v lstopo-no-graphics > /dev/null 2>&1; then
			{ printf '\001'; lstopo-no-graphics --input "package:2 core:2 pu:2" \
			    --of xml - 2> /dev/null; } > "$d/xml-synthetic"
		fi
		for f in $topologies; do
			{ printf '\001'; cat "$f"; } > "$d/xml-${f##*/}"
		done ;;
	rc)	printf '# settings\ntheme=projector\ndelay=5\nview=grid\nchart=0\n' > "$d/seed1"
		printf 'theme = ./my.theme\nview=c2c\nchart=on\ndelay=100\n' > "$d/seed2"
		printf 'delay=0\nview=sideways\nnokey\n=x\ntheme=\n' > "$d/seed3" ;;
	perf)	head -c 256 /dev/urandom > "$d/seed1"
		head -c 512 /dev/zero > "$d/seed2" ;;
	foreign) n=0
		for f in tests/data/proc-*/proc/[0-9]*/stat tests/data/proc-*/proc/[0-9]*/task/*/stat; do
			[ -f "$f" ] || continue
			n=$((n + 1)); { printf '\000'; cat "$f"; } > "$d/seed$n"
		done
		printf '\001123456789 5 7\n' > "$d/seed-sched" ;;
	load)	n=0
		for s in hash@0 chase:32k@core:1.pu:0 pipe@0,1 stream:1m@package:1.core:0.pu:1 \
		    spin@all fork@0-3 int@numa:1.core:0.pu:0 fp@l3:0 hash:64k@2; do
			n=$((n + 1)); printf '%s' "$s" > "$d/seed$n"
		done ;;
	number)	n=0
		for s in 0-3,8 1,2,5-7 4095 32k 1.5m 2g 0.25 10 1e3 -4 0x10; do
			n=$((n + 1)); printf '%s' "$s" > "$d/seed$n"
		done ;;
	topo)	n=0
		for s in "package:2 core:4 pu:2" "package:1 numa:2 l3:1 l2:2 core:2 pu:1" \
		    "pack:2 [numa(memory=1GB)] core:2 pu:2"; do
			n=$((n + 1)); printf '%s' "$s" > "$d/seed$n"
		done
		if command -v lstopo-no-graphics > /dev/null 2>&1; then
			lstopo-no-graphics --input "package:2 core:2 pu:2" --of xml \
			    "$d/seed-xml1" 2> /dev/null
			lstopo-no-graphics --input "package:1 numa:2 l3:1 core:2 pu:1" --of xml \
			    "$d/seed-xml2" 2> /dev/null
		fi
		for f in $topologies; do
			cp "$f" "$d/real-${f##*/}"
		done ;;
	proc)	n=0
		for f in tests/data/proc-*/proc/stat tests/data/proc-*/proc/cpuinfo \
		    tests/data/sys-*/proc/meminfo tests/data/sys-*/sys/devices/system/cpu/online; do
			[ -f "$f" ] || continue
			case $f in
			*/proc/stat) b='\000' ;; */cpuinfo) b='\001' ;;
			*/meminfo) b='\004' ;; *) b='\006' ;;
			esac
			n=$((n + 1))
			{ printf "$b"; head -c 3000 "$f"; } > "$d/seed$n"
		done
		# proc/4242/stat (byte 2): names with blanks, ')' and a newline.
		m=' 1 4242 4242 0 -1 4194304 100 0 0 0 50 10 0 0 20 0 1 0 12345 1000 100'
		printf '\0024242 (my prog) S%s\n' "$m" > "$d/seed-stat1"
		printf '\0024242 (a) b) R%s\n' "$m" > "$d/seed-stat2"
		printf '\0024242 (x\n) S%s\n' "$m" > "$d/seed-stat3" ;;
	infer)	p='"reported":"smt-siblings","measured":"smt","agrees":true,"confidence":"clear"'
		p="$p"',"floating":false,"disturbed":false,"why":"int yields 1.15, chase 1.92"'
		p="$p"',"evidence":{"int_yield":1.15,"int_spread":0.03,"chase_yield":1.92,'
		p="$p"'"chase_spread":0.02,"ratio":0.6,"share":0.99,"rtt_ns":null},"others":""'
		m='"machine":{"format":1,"hostname":"node17","topology":{"pus":4,"cores":2}}'
		k='{"kind":"check-infer"'
		printf '%s,%s,"infer":{"dry_run":false,"pairs":[{"a":0,"b":1,%s},{"a":2,"b":3,%s}]}}\n' \
		    "$k" "$m" "$p" "$p" > "$d/seed1"
		p='"measured":"not-run","confidence":"unclear","evidence":{"int_yield":null}'
		printf '%s,%s,"infer":{"dry_run":true,"pairs":[{"a":0,"b":2,%s}]}}\n' \
		    "$k" "$m" "$p" > "$d/seed2"
		printf '%s,"machine":{"format":1,"topology":{"pus":8}},"infer":{"pairs":[]}}\n' \
		    "$k" > "$d/seed3"
		printf '{"kind":"check","machine":{"format":1,"topology":{"pus":4}}}\n' > "$d/seed4"
		# a c2c --json result (--infer-from-c2c): 0:3 far below its class
		p='"relation":"same-package","numa":"","unit":"ns"'
		printf '{"kind":"c2c",%s,"pairs":[%s,%s,%s,%s],"classes":[%s]}\n' "$m" \
		    "{\"cpu_a\":0,\"cpu_b\":1,$p,\"ns\":80,\"status\":\"ok\"}" \
		    "{\"cpu_a\":0,\"cpu_b\":2,$p,\"ns\":81,\"status\":\"ok\"}" \
		    "{\"cpu_a\":0,\"cpu_b\":3,$p,\"ns\":8,\"status\":\"ok\"}" \
		    "{\"cpu_a\":1,\"cpu_b\":2,$p,\"ns\":79,\"status\":\"disturbed: x\"}" \
		    '{"class":"same-package","pairs":4,"measured":4,"median_ns":80,"disturbed":1}' \
		    > "$d/seed5" ;;
	inferlist) n=0
		for s in 0:1 0:0,0:1,0:2 "0:1, 2:3" core:0.pu:0:core:0.pu:1 \
		    package:1.core:0.pu:0:package:0.core:1.pu:1 7:0,1:6 0-1 0:9; do
			n=$((n + 1)); printf '%s' "$s" > "$d/seed$n"
		done ;;
	machine) n=0
		for f in tests/data/*/proc/cpuinfo tests/data/*/proc/sys/kernel/hostname \
		    tests/data/*/proc/sys/kernel/osrelease tests/data/*/sys/class/dmi/id/* \
		    tests/data/*/sys/hypervisor/type tests/data/*/sys/devices/system/cpu/smt/*; do
			[ -f "$f" ] || continue
			case $f in
			*/cpuinfo) b='\000' ;; */hostname) b='\001' ;; */osrelease) b='\002' ;;
			*/sys_vendor) b='\003' ;; */product_name) b='\004' ;;
			*/bios_version) b='\011' ;; */hypervisor/type) b='\013' ;;
			*/smt/control) b='\014' ;; */smt/active) b='\015' ;; *) continue ;;
			esac
			n=$((n + 1))
			{ printf "$b"; head -c 3000 "$f"; } > "$d/seed$n"
		done ;;
	cppc)	printf '\000166\n' > "$d/seed1"
		printf '\001255\n' > "$d/seed2"
		printf '\0021\n' > "$d/seed3"
		{ printf '\003'; cat tests/data/sys-*/proc/meminfo 2> /dev/null | head -c 3000; } \
		    > "$d/seed4"
		printf '\004-1\n' > "$d/seed5"
		printf '\005\000\224\065\167' > "$d/seed6" ;;
	input)	# flags, rows, columns, recorded loads (2: hash@0, pipe@1,2), then keys:
		# a menu, a kernel, a parameter typed, Enter; # a CPU to go to; the help
		# scrolled; a click; a resize; m to move, Tab, d, f, v, i, Esc.
		printf '\000\050\170\002\000\201a132k\n\343#core:1.pu:0\n\343' > "$d/seed1"
		printf '\001\030\120\003\000\101\2011\343?\201\201\205\204 q' > "$d/seed2"
		printf '\000\060\200\001\003\343m\201\n\t\343\341\030\024\001d\343fffvi\033' > "$d/seed3"
		printf '\002\014\074\000\343L\201\201rLR#7\n\340\144\310\343a' > "$d/seed4"
		printf '\114\040\120\000\343\201\203\033n \342\377\377\377\377' > "$d/seed5"
		printf '\000\050\170\002\000\201\343 \t \343c\343D\343a\203\203\n' > "$d/seed6" ;;
	idle)	{ printf '\000# smtscope check --idle=states: idle states it disables while it '
		printf 'measures.\n# CPU STATE DISABLE-BEFORE NAME. smtscope writes them back '
		printf 'when it ends;\n# if this file is left, smtscope check --idle=restore '
		printf 'does.\npid 4242 start 12345\n0 1 0 C1\n0 0 1 POLL\n'; } > "$d/seed1"
		printf '\000pid 1\n0 1 0 C1\n1 2 0 C6\n' > "$d/seed2"
		printf '\005Y\n' > "$d/seed3"
		printf '\004C1E\n' > "$d/seed4" ;;
	esac
}

# The real machines' XML beside the checkout: the largest and a small one.
topologies=
tdir=${SMTSCOPE_TOPOLOGIES:-../shared/topologies}
if [ -f "$tdir/MANIFEST.tsv" ]; then
	topologies=$(ls -S "$tdir"/*.xml 2> /dev/null | sed -n '1p;$p')
fi

supp=$PWD/tests/fuzz/lsan.supp
status=0
for h in tests/fuzz/fuzz_*.c; do
	name=$(basename "$h" .c)
	short=${name#fuzz_}
	[ -n "$only" ] && [ "$only" != "$short" ] && continue
	# shellcheck disable=SC2086
	"$cc" $flags -fsanitize=fuzzer -o "$out/$name" "$h" $objs $FUZZ_LIBS -lm || exit 1
	seed "$short"
	# As long as the largest seed: real files are longer than libFuzzer's 4 kB.
	maxlen=$(find "$out/$short-corpus" -type f -printf '%s\n' | sort -n | tail -n 1)
	[ "${maxlen:-0}" -lt 4096 ] && maxlen=4096
	rm -f "$out"/crash-* "$out"/leak-* "$out"/timeout-*
	log="$out/$name.log"
	(cd "$out" && ASAN_OPTIONS=detect_leaks=1 \
	    LSAN_OPTIONS="suppressions=$supp" "./$name" -max_total_time="$secs" \
	    -max_len="$maxlen" -timeout=60 -rss_limit_mb=2048 "$short-corpus") > "$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
	if [ "$rc" -ne 0 ]; then
		echo "fuzz: $name: FAILED (exit $rc) after ${runs:-?} runs; see $log:"
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -n 5 | sed 's/^/    /'
		status=1
	else
		# topo's XML probe runs hwloc in a child: hwloc crashing there is
		# contained (reported as a message), but the child leaves an artifact.
		n=$(ls "$out" | grep -c '^crash-')
		rm -f "$out"/crash-*
		echo "fuzz: $name: ${runs:-?} runs in $secs s, inputs up to $maxlen bytes, no crash${n:+$( [ "$n" -gt 0 ] && echo " (hwloc crashed on $n inputs, each contained in the probe child)")}"
	fi
done
exit $status
