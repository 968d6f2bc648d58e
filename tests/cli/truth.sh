# tests/cli/truth.sh: one machine, one truth (issue 23). Machines that
# report SMT, made here from hwloc synthetic topologies exported to XML and
# declared to be this system (HWLOC_XMLFILE + HWLOC_THISSYSTEM=1: binding
# still reaches the real CPUs): on each, every headless command says the
# same SMT state, headline and relation words (tests/tools/truth.py). Where
# the tests run as root, a private mount of "on" over smt/control gives the
# kernel's consistent word. Nothing is measured.
. tests/lib.sh

LSTOPO=$(command -v lstopo-no-graphics || command -v lstopo)
if [ -z "$LSTOPO" ] || ! command -v python3 > /dev/null 2>&1; then
	skip "needs lstopo-no-graphics (package hwloc-nox) and python3"
	done_testing
	exit
fi
TOURS=$(echo doc/tours/*.tour)

# truth_fixture NAME SYNTHETIC [ALLOWED]: $TMP/NAME.xml from hwloc's synthetic
# description, its allowed set (hwloc's allowed_cpuset mask) as given.
truth_fixture() {
	"$LSTOPO" -i "$2" --of xml "$TMP/$1.xml" 2> /dev/null || return 1
	if [ -n "${3:-}" ]; then
		sed -i "0,/allowed_cpuset=\"[^\"]*\"/s//allowed_cpuset=\"$3\"/" "$TMP/$1.xml"
	fi
}

# One core of two threads over CPUs 0-1; cores {0,2},{1,3} with only 0-1
# allowed (the siblings outside, as taskset -c 0,1 gives on most machines);
# a core of four threads; a hybrid whose P core has two threads, its E
# cores one (hwloc's synthetic strings have no CPU kinds: written here).
truth_fixture one "pack:1 core:1 pu:2"
ok $? "fixture: one core x 2 threads (pack:1 core:1 pu:2)"
truth_fixture outside "pack:1 core:2 pu:2(indexes=0,2,1,3)" 0x00000003
ok $? "fixture: cores {0,2},{1,3}, CPUs 0-1 allowed"
truth_fixture four "pack:1 core:1 pu:4"
ok $? "fixture: one core x 4 threads"
pu() {
	printf '<object type="PU" os_index="%d" cpuset="%s" complete_cpuset="%s" nodeset="0x1" complete_nodeset="0x1" gp_index="%d"/>\n' "$1" "$2" "$2" "$3"
}
core() {
	printf '<object type="Core" os_index="%d" cpuset="%s" complete_cpuset="%s" nodeset="0x1" complete_nodeset="0x1" gp_index="%d">\n' "$1" "$2" "$2" "$3"
}
{
	printf '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE topology SYSTEM "hwloc2.dtd">\n<topology version="2.0">\n'
	printf '<object type="Machine" os_index="0" cpuset="0xf" complete_cpuset="0xf" allowed_cpuset="0xf" nodeset="0x1" complete_nodeset="0x1" allowed_nodeset="0x1" gp_index="1">\n'
	printf '<object type="Package" os_index="0" cpuset="0xf" complete_cpuset="0xf" nodeset="0x1" complete_nodeset="0x1" gp_index="2">\n'
	printf '<object type="NUMANode" os_index="0" cpuset="0xf" complete_cpuset="0xf" nodeset="0x1" complete_nodeset="0x1" gp_index="3" local_memory="1073741824"/>\n'
	core 0 0x3 4; pu 0 0x1 5; pu 1 0x2 6; echo '</object>'
	core 8 0x4 7; pu 2 0x4 8; echo '</object>'
	core 9 0x8 9; pu 3 0x8 10; echo '</object>'
	printf '</object>\n</object>\n'
	printf '<cpukind cpuset="0xc" forced_efficiency="0"><info name="CoreType" value="IntelAtom"/></cpukind>\n'
	printf '<cpukind cpuset="0x3" forced_efficiency="1"><info name="CoreType" value="IntelCore"/></cpukind>\n'
	printf '</topology>\n'
} > "$TMP/hybrid.xml"
$SMTSCOPE topo --json -i "$TMP/hybrid.xml" | python3 -c 'import json,sys
j = json.load(sys.stdin)
sys.exit(not (len(j["kinds"]) == 2 and j["smt_state"]["threads_per_core"] == 2 and j["smt_state"]["machine"]["cores"] == 3))'
ok $? "fixture: a hybrid, one P core x 2 threads and two E cores x 1, two CPU kinds"

# truth NAME [WRAP]: truth.py's checks on fixture NAME, as TAP lines here.
truth() {
	HWLOC_XMLFILE="$TMP/$1.xml" HWLOC_THISSYSTEM=1 ${2:-} python3 tests/tools/truth.py \
	    "$SMTSCOPE" "$1${2:+ ($2)}" $TOURS > "$TMP/truth.out" 2> "$TMP/truth.err"
	_rc=$?
	while IFS= read -r line; do
		case $line in
		"ok - "*) ok 0 "${line#ok - }" ;;
		"not ok - "*) ok 1 "${line#not ok - }" ;;
		esac
	done < "$TMP/truth.out"
	[ $_rc -eq 0 ]
	ok $? "$1: tests/tools/truth.py ran to its end ($(tail -n 1 "$TMP/truth.err"))"
}

# The kernel's own word (here notsupported: the state is "topology-only").
for f in one outside four hybrid; do
	truth $f
done

# The kernel saying "on", as on a machine with SMT: a private mount namespace.
control=/sys/devices/system/cpu/smt/control
echo on > "$TMP/on"
if [ "$(id -u)" != 0 ]; then
	skip "smt/control 'on': the private bind mount over $control needs root"
elif [ ! -f "$control" ]; then
	skip "smt/control 'on': this kernel has no $control"
elif ! unshare -m sh -c "mount --bind '$TMP/on' $control" 2> "$TMP/unshare.err"; then
	skip "smt/control 'on': unshare -m and mount --bind failed: $(head -n 1 "$TMP/unshare.err")"
else
	for f in one outside four hybrid; do
		unshare -m sh -c "mount --bind '$TMP/on' $control && HWLOC_XMLFILE='$TMP/$f.xml' \
		    HWLOC_THISSYSTEM=1 python3 tests/tools/truth.py '$SMTSCOPE' '$f (control on)' \
		    $TOURS" > "$TMP/truth.out" 2> "$TMP/truth.err"
		rc=$?
		while IFS= read -r line; do
			case $line in
			"ok - "*) ok 0 "${line#ok - }" ;;
			"not ok - "*) ok 1 "${line#not ok - }" ;;
			esac
		done < "$TMP/truth.out"
		[ $rc -eq 0 ]
		ok $? "$f (control on): tests/tools/truth.py ran to its end"
	done
fi

# Item 4: under taskset the counts are the machine's, the allowed set named.
if need_cpus 2 && command -v taskset > /dev/null 2>&1; then
	$SMTSCOPE topo > "$TMP/all.txt"
	taskset -c "$CPU_B" $SMTSCOPE topo > "$TMP/one.txt"
	a=$(sed -n 3p "$TMP/all.txt" | cut -d';' -f1)
	b=$(sed -n 3p "$TMP/one.txt" | cut -d';' -f1)
	[ -n "$a" ] && [ "$a" = "$b" ] && grep -q "this process may use CPU $CPU_B: " "$TMP/one.txt" &&
	    [ "$(grep -c 'core [0-9]*:' "$TMP/one.txt")" = "$(grep -c 'core [0-9]*:' "$TMP/all.txt")" ]
	ok $? "taskset -c $CPU_B topo counts the machine ($b) above its tree, and names CPU $CPU_B"
else
	skip "taskset topo: $CPUS_WHY, or no taskset"
fi

# Item 6: a skipped step's stop still stops (memory-vs-compute on one core).
HWLOC_XMLFILE="$TMP/one.xml" HWLOC_THISSYSTEM=1 $SMTSCOPE tour --check \
    doc/tours/memory-vs-compute.tour > "$TMP/mvc.txt"
grep -q "^  step 4 (Two fp loads on two cores) is skipped here: .*; mem is stopped all the same$" \
    "$TMP/mvc.txt"
ok $? "tour --check: memory-vs-compute's skipped step 4 says its stop of mem applies"
done_testing
