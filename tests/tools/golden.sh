#!/bin/sh
# tests/tools/golden.sh OUTDIR [SMTSCOPE]: the headless commands' outputs on
# fixed inputs (synthetic topologies, ../shared/topologies where present,
# tests/data), one file each for stdout, stderr and the exit status, for a
# byte-for-byte comparison of two builds across a refactoring:
#   sh tests/tools/golden.sh /tmp/before /path/to/old/smtscope
#   sh tests/tools/golden.sh /tmp/after && diff -r -x '*.cmd' /tmp/before /tmp/after
# Run it from the root of the tree whose tests/data and doc/tours it reads.
# Only `tour --list` names the checkout's own path (the one line that differs).
set -u
out=$1
bin=$(cd "$(dirname "${2:-./smtscope}")" && pwd)/$(basename "${2:-./smtscope}")
tops=${SMTSCOPE_TOPOLOGIES:-../shared/topologies}
mkdir -p "$out" || exit 1
i=0
run() {
	i=$((i + 1))
	n=$(printf '%03d' $i)
	echo "$*" > "$out/$n.cmd"
	"$bin" "$@" > "$out/$n.out" 2> "$out/$n.err"
	echo $? > "$out/$n.rc"
}
# The last synthetic one: 512 CPUs in 4 packages (issue 38).
set -- "package:2 core:4 pu:2" "pack:1 l3:2 core:3 pu:1" \
    "pack:4 numa:2 l3:2 core:8 pu:2" "core:2 pu:2" \
    "pack:4 numa:2 l3:4 core:8 pu:2"
for t in intel-xeon-6140-skylake-2s amd-epyc-9654-zen4-2s \
    intel-core-i7-1370p-raptorlake-hybrid sony-ps3-cell-1c2t ibm-power8-smt-sparse \
    amd-opteron-6134-cgroup2; do
	[ -f "$tops/$t.xml" ] && set -- "$@" "$tops/$t.xml"
done
for f in "$@"; do
	run topo -i "$f"
	run topo --json -i "$f"
	run topo --csv -i "$f"
	run topo -i "$f" --svg "$out/topo$i.svg"
	run check --dry-run -i "$f"
	run check --dry-run --json -i "$f"
	run check --dry-run --csv -i "$f"
	run check --infer --dry-run --json -i "$f"
	run check --infer --dry-run -i "$f"
	run check --idle --dry-run --json -i "$f"
	run check --scale --dry-run -i "$f"
	run check --scale --dry-run --json -i "$f"
	run check --capacity --dry-run -i "$f"
	run check --scheduler --pairs hash+fp --dry-run --json -i "$f"
	run c2c --dry-run --json -i "$f"
	run c2c --dry-run -i "$f"
	run c2c --per-core --dry-run --json -i "$f"
	run c2c --groups --dry-run -i "$f"
	run time --dry-run --json -i "$f" -- true
	run time -i "$f" -P all,cores,half,2 -- true
	for t in doc/tours/*.tour; do
		run tour --check -i "$f" "$t"
	done
done
run kernels
run tour --list
for c in "" topo run check time tour kernels c2c compare record replay; do
	# shellcheck disable=SC2086
	run $c --help
done
run compare tests/data/compare
run compare --json tests/data/compare
run compare --csv tests/data/compare
run compare --svg tests/data/compare
for r in tests/data/record/*; do
	run replay --summary "$r"
	run replay --summary --json "$r"
	run replay --summary --csv "$r"
done
run topo -i "package:2 core:4 pu:2" --svg "$out/loads.svg" --loads tests/data/json/small-run.json
run compare tests/data/json/small-check.json
echo "$i commands' outputs in $out"
