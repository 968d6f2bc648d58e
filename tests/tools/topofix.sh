#!/bin/sh
# tests/tools/topofix.sh: the project's own topology fixtures, made at test
# time from hwloc synthetic strings (lstopo) and finished with
# hwloc-annotate where a synthetic string cannot say it (the CPU's identity,
# kinds of cores, caches of different sizes on one level, a memory node's
# kind). Each is the shape of a real machine: its caches, NUMA nodes, SMT
# width, core kinds and OS numbering (interleaved as Linux numbers them:
# hwloc's indexes=STEP*NB:... loops, the OS number's lowest digit first,
# STEP counted in logical PUs).
# A clone has them without ../shared/topologies, which keeps the real
# machines' files for their counts.
#
# Usage: sh tests/tools/topofix.sh DIR [NAME...]  writes DIR/NAME.xml (all
#        without NAME); exit 1 with a line on stderr when hwloc's tools are
#        missing or fail.
#        sh tests/tools/topofix.sh --list          NAME and its counts:
#        packages numa cores pus smt_width_max kinds (0: one kind), then
#        what it stands for.

# NAME packages numa cores pus smt kinds: what it is.
topofix_list() {
	cat << 'EOF'
zen4-2s	2	2	192	384	2	0	2x AMD EPYC 9654 (Genoa): 96 cores each, an L3 per 8-core CCD, NPS1, siblings at n and n+192
skylake-2s	2	2	36	72	2	0	2x Xeon Gold 6140: 18 cores each, siblings at n and n+36, packages interleaved (0 on package 0, 1 on package 1)
ivybridge-12s	12	12	96	192	2	0	12x Xeon E5-4620 v2: 8 cores each, a NUMA node each, siblings at n and n+96
hybrid-laptop	1	1	14	20	2	2	Core i7-1370P (Raptor Lake): 6 P-cores with 2 threads (L2 1.25 MiB each), 8 E-cores in 2 clusters of 4 (L2 2 MiB each), one thread each
knl	1	2	64	256	4	0	Xeon Phi 7210 (Knights Landing), flat mode: 64 cores in 32 tiles (L2 1 MiB each), 4 threads at n, n+64, n+128, n+192, DDR and MCDRAM nodes
4s-512	4	4	256	512	2	0	4 packages of 64 cores with 2 threads, a NUMA node and an L3 each, siblings at n and n+256: the 512-CPU, 4-package plan's fixture (a shape, no one machine)
power9-2s	2	2	44	176	4	0	2x POWER9 (22 cores, SMT4): L2 512 KiB and L3 10 MiB per core pair, threads numbered 4 per core
EOF
}

# hybrid-laptop's PU numbers over 8 L2 x 4 cores x 2 threads: the P-cores'
# (the first core of L2 0-5) are 0-11, the E-cores' first threads 12-19;
# the rest (numbered from 20) are restricted away.
topofix_hybrid_indexes() {
	i=0 out=
	while [ $i -lt 8 ]; do
		j=0
		while [ $j -lt 4 ]; do
			for t in 0 1; do
				if [ $i -lt 6 ] && [ $j -eq 0 ]; then
					v=$((2 * i + t))
				elif [ $i -ge 6 ] && [ $t -eq 0 ]; then
					v=$((12 + 4 * (i - 6) + j))
				else
					v=$((20 + 8 * i + 2 * j + t))
				fi
				out="$out${out:+,}$v"
			done
			j=$((j + 1))
		done
		i=$((i + 1))
	done
	echo "$out"
}

# topofix_lstopo SYNTHETIC ARGS...: lstopo on a synthetic string written over lines.
topofix_lstopo() {
	_s=$(echo "$1" | tr -s ' \t\n' '   ')
	shift
	lstopo -i "$_s" "$@"
}

# topofix_annotate XML LOCATION ANNOTATION...: one hwloc-annotate in place.
topofix_annotate() {
	_x=$1
	shift
	hwloc-annotate "$_x" "$_x" "$@" > /dev/null 2>&1 ||
	    { echo "topofix: hwloc-annotate $* failed on $_x" >&2; return 1; }
}

# topofix_cpu XML VENDOR FAMILY MODEL NAME ARCH: the CPU's identity on every
# package (VENDOR "" for none, as POWER's), the architecture on the machine.
topofix_cpu() {
	_x=$1
	if [ -n "$2" ]; then
		topofix_annotate "$_x" package:all info CPUVendor "$2" &&
		topofix_annotate "$_x" package:all info CPUFamilyNumber "$3" &&
		topofix_annotate "$_x" package:all info CPUModelNumber "$4" || return 1
	fi
	topofix_annotate "$_x" package:all info CPUModel "$5" &&
	topofix_annotate "$_x" root info Architecture "$6"
}

# topofix_make NAME XML: one fixture.
topofix_make() {
	x=$2
	case $1 in
	zen4-2s)
		topofix_lstopo "pack:2 [numa(memory=384GiB)] l3:12(size=32MiB) l2:8(size=1MiB)
		    l1d:1(size=32KiB) l1i:1(size=32KiB) core:1
		    pu:2(indexes=2*192:1*2)" --of xml "$x" &&
		topofix_cpu "$x" AuthenticAMD 25 17 "AMD EPYC 9654 96-Core Processor" x86_64 ;;
	skylake-2s)
		topofix_lstopo "pack:2 [numa(memory=96GiB)] l3:1(size=25344KiB) l2:18(size=1MiB)
		    l1d:1(size=32KiB) l1i:1(size=32KiB) core:1
		    pu:2(indexes=36*2:2*18:1*2)" --of xml "$x" &&
		topofix_cpu "$x" GenuineIntel 6 85 "Intel(R) Xeon(R) Gold 6140 CPU @ 2.30GHz" \
		    x86_64 ;;
	4s-512)
		topofix_lstopo "pack:4 [numa(memory=256GiB)] l3:1(size=128MiB) l2:64(size=2MiB)
		    l1d:1(size=48KiB) l1i:1(size=32KiB) core:1
		    pu:2(indexes=2*256:1*2)" --of xml "$x" ;;
	ivybridge-12s)
		topofix_lstopo "pack:12 [numa(memory=32GiB)] l3:1(size=20MiB) l2:8(size=256KiB)
		    l1d:1(size=32KiB) l1i:1(size=32KiB) core:1
		    pu:2(indexes=2*96:1*2)" --of xml "$x" &&
		topofix_cpu "$x" GenuineIntel 6 62 "Intel(R) Xeon(R) CPU E5-4620 v2 @ 2.60GHz" \
		    x86_64 ;;
	hybrid-laptop)
		topofix_lstopo "pack:1 [numa(memory=32GiB)] l3:1(size=24MiB) l2:8(size=1280KiB)
		    l1d:4(size=48KiB) l1i:1(size=32KiB) core:1
		    pu:2(indexes=$(topofix_hybrid_indexes))" --restrict 0x000fffff \
		    --of xml "$x" &&
		topofix_annotate "$x" l2:6 size 2MiB && topofix_annotate "$x" l2:7 size 2MiB &&
		for l in 6 7 8 9 10 11 12 13; do
			topofix_annotate "$x" "l1dcache:$l" size 32KiB || return 1
		done &&
		topofix_annotate "$x" -- none -- cpukind 0x00000fff 1 0 CoreType IntelCore &&
		topofix_annotate "$x" -- none -- cpukind 0x000ff000 0 0 CoreType IntelAtom &&
		topofix_cpu "$x" GenuineIntel 6 186 "13th Gen Intel(R) Core(TM) i7-1370P" x86_64 ;;
	knl)
		topofix_lstopo "pack:1 [numa(memory=96GiB)] [numa(memory=16GiB)] l2:32(size=1MiB)
		    l1d:2(size=32KiB) l1i:1(size=32KiB) core:1
		    pu:4(indexes=4*64:1*4)" --of xml "$x" &&
		topofix_annotate "$x" numanode:1 subtype MCDRAM &&
		topofix_cpu "$x" GenuineIntel 6 87 "Intel(R) Xeon Phi(TM) CPU 7210 @ 1.30GHz" \
		    x86_64 ;;
	power9-2s)
		topofix_lstopo "pack:2 [numa(memory=256GiB)] l3:11(size=10MiB) l2:1(size=512KiB)
		    l1d:2(size=32KiB) l1i:1(size=32KiB) core:1 pu:4" --of xml "$x" &&
		topofix_cpu "$x" "" "" "" "POWER9, altivec supported" ppc64le ;;
	*)
		echo "topofix: no fixture '$1' (see --list)" >&2
		return 1 ;;
	esac
}

if [ "${1:-}" = --list ]; then
	topofix_list
	exit 0
fi
dir=${1:?usage: topofix.sh DIR [NAME...]}
shift
if ! command -v lstopo > /dev/null 2>&1 || ! command -v hwloc-annotate > /dev/null 2>&1; then
	echo "topofix: lstopo and hwloc-annotate (hwloc's tools) are needed" >&2
	exit 1
fi
[ $# -gt 0 ] || set -- $(topofix_list | cut -f 1)
mkdir -p "$dir" || exit 1
for n; do
	topofix_make "$n" "$dir/$n.xml.tmp" > /dev/null 2> "$dir/$n.err" || {
		echo "topofix: $n: $(head -n 1 "$dir/$n.err")" >&2
		rm -f "$dir/$n.xml.tmp"
		exit 1
	}
	rm -f "$dir/$n.err"
	mv "$dir/$n.xml.tmp" "$dir/$n.xml" || exit 1
done
