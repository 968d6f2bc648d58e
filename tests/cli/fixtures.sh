# tests/cli/fixtures.sh: the project's topology fixtures (tests/tools/topofix.sh,
# made from hwloc synthetic strings) are the machines they stand for: each
# one's counts as smtscope reads them equal its line of topofix.sh --list,
# and the OS numbering and kinds that make each realistic hold.
. tests/lib.sh

if ! fixture skylake-2s; then
	skip "$FIXTURE_WHY"
	done_testing
	exit 0
fi
if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not installed: the fixtures' counts are not read"
	done_testing
	exit 0
fi
sh tests/tools/topofix.sh --list > "$TMP/list"
while IFS='	' read -r name pk numa cores pus smt kinds what; do
	if ! fixture "$name"; then
		ok 1 "$name: made ($FIXTURE_WHY)"
		continue
	fi
	got=$($SMTSCOPE topo --json -i "$FIXTURE" | python3 -c 'import json, sys
s = json.load(sys.stdin)["summary"]
print(s["packages"], s["numa_nodes"], s["cores"], s["pus"], s["smt_width_max"], s["cpu_kinds"])')
	[ "$got" = "$pk $numa $cores $pus $smt $kinds" ]
	ok $? "$name ($what): $got"
done < "$TMP/list"

# The numbering and kinds that make them realistic, as smtscope shows them.
topo_line() {
	fixture "$1" && $SMTSCOPE topo -i "$FIXTURE" | grep -E -q -- "$2"
}
topo_line skylake-2s '^      core 0: 0,36 +core 1: 2,38 '
ok $? "skylake-2s: siblings at n and n+36, package 0 numbered 0, 2, 4..."
topo_line skylake-2s '^      core 18: 1,37 '
ok $? "skylake-2s: package 1 numbered 1, 3, 5..."
topo_line zen4-2s '^      core 96: 96,288 '
ok $? "zen4-2s: siblings at n and n+192, package 1 from CPU 96"
topo_line zen4-2s '^    L3 32MB'
ok $? "zen4-2s: an L3 of 32 MB per CCD"
topo_line knl '^      core 0: 0,64,128,192 +core 1: 1,65,129,193'
ok $? "knl: 4 threads at n, n+64, n+128, n+192; two cores to an L2 tile"
topo_line knl 'NUMA node 1: 16GB'
ok $? "knl: the MCDRAM node"
topo_line hybrid-laptop '^      core 0 P: 0,1 '
ok $? "hybrid-laptop: P-cores with two threads"
topo_line hybrid-laptop '^      L2 2MB' && topo_line hybrid-laptop 'core 13 E: 19'
ok $? "hybrid-laptop: E-cores with one thread in clusters under a 2 MB L2"
topo_line power9-2s '^        core 0: 0,1,2,3 +core 1: 4,5,6,7'
ok $? "power9-2s: SMT4 numbered 4 per core, two cores to an L2"
topo_line power9-2s '^CPU: POWER9'
ok $? "power9-2s: the CPU's identity"
done_testing
