# tests/cli/topo.sh: `smtscope topo`, its output and its bad input.
. tests/lib.sh

# The text tree of two synthetic machines equals the stored output.
$SMTSCOPE topo -i "package:2 l3:1 core:4 pu:2" > "$TMP/a.txt"
cmp -s "$TMP/a.txt" tests/expected/topo-2p4c2t.txt
ok $? "topo -i 'package:2 l3:1 core:4 pu:2' matches tests/expected/topo-2p4c2t.txt"
$SMTSCOPE topo -i "package:1 numa:2 l3:1 l2:2 core:2 pu:1" > "$TMP/b.txt"
cmp -s "$TMP/b.txt" tests/expected/topo-modules.txt
ok $? "topo -i 'package:1 numa:2 l3:1 l2:2 core:2 pu:1' matches tests/expected/topo-modules.txt"

# JSON: a summary with exactly the documented keys, and the tree.
$SMTSCOPE topo --json -i "package:2 core:3 pu:2" > "$TMP/s.json"
out=$(python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
s = j["summary"]
def count(n, t): return (n["type"] == t) + sum(count(c, t) for c in n.get("children", []))
print(sorted(s) == sorted(["packages","numa_nodes","cores","pus","smt_width_max","cpu_kinds"]),
      s["packages"], s["cores"], s["pus"], s["smt_width_max"], count(j["tree"], "PU"))' "$TMP/s.json")
[ "$out" = "True 2 6 12 2 12" ]
ok $? "topo --json: summary keys and counts, and 12 PUs in the tree ($out)"

# CSV: one row per object, parents by id, sizes in the unit shown.
$SMTSCOPE topo --csv -i "package:2 l3:1 core:4 pu:2" > "$TMP/s.csv"
ok $? "topo --csv exits 0"
out=$(python3 -c 'import csv,sys
rows = list(csv.DictReader(open(sys.argv[1])))
ids = {r["id"]: r for r in rows}
pus = [r for r in rows if r["type"] == "PU"]
l3 = [r for r in rows if r["type"] == "Cache" and r["level"] == "3"]
good = all(r["parent"] in ids for r in rows if r["parent"])
print(len(pus), len(l3), good, l3[0]["label"] == "L3 " + l3[0]["size"] + l3[0]["unit"], rows[0]["cpus"])' "$TMP/s.csv")
[ "$out" = "16 2 True True 0-15" ]
ok $? "topo --csv: 16 PUs, 2 L3s whose size and unit read as the label, parents exist ($out)"
$SMTSCOPE topo --csv --json > /dev/null 2>&1
[ $? -eq 2 ]
ok $? "topo --csv --json is a usage error"

# An XML exported from a synthetic topology at test time loads back the same.
if command -v lstopo-no-graphics > /dev/null 2>&1; then
	lstopo-no-graphics --input "package:2 core:2 pu:2" --of xml "$TMP/x.xml" 2> /dev/null
	$SMTSCOPE topo --json -i "$TMP/x.xml" > "$TMP/x.json"
	python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["summary"]; sys.exit(not (s["pus"]==8 and s["cores"]==4))' "$TMP/x.json"
	ok $? "an XML exported by lstopo loads with the same counts"
else
	skip "lstopo-no-graphics not installed (package hwloc)"
fi

# The live machine: every online CPU is in the tree and the machine's
# counts; the summary counts what this process may use (under taskset too).
n=$(getconf _NPROCESSORS_ONLN)
a=$(nproc)
got=$($SMTSCOPE topo --json | python3 -c 'import json,sys
j = json.load(sys.stdin)
def count(n): return (n["type"] == "PU") + sum(count(c) for c in n.get("children", []))
print(count(j["tree"]), j["smt_state"]["machine"]["pus"], j["summary"]["pus"], j["smt_state"]["allowed"]["pus"])')
[ "$got" = "$n $n $a $a" ]
ok $? "topo on this machine shows its $n CPUs, $a of them allowed (tree, machine, summary, allowed: $got)"
$SMTSCOPE topo | grep -q "^CPU: "
ok $? "topo on this machine names the CPU"

# The large real machines, if they are beside the checkout.
if have_topologies; then
	$SMTSCOPE topo -i "$TOPOLOGIES/amd-epyc-9654-zen4-2s.xml" > "$TMP/z.txt"
	w=$(widest "$TMP/z.txt")
	[ "$w" -le 80 ] && grep -q "core 191: 191,383" "$TMP/z.txt"
	ok $? "384-CPU Zen 4: readable at 80 columns (widest line $w), last core listed"
	$SMTSCOPE topo -i "$TOPOLOGIES/intel-xeon-6140-skylake-2s.xml" | grep -q "core 0: 0,36 "
	ok $? "Skylake: core 0 holds P#0 and its sibling P#36"
	$SMTSCOPE topo -i "$TOPOLOGIES/intel-xeon-6140-skylake-2s.xml" | grep -q "^CPU: Intel(R) Xeon(R) Gold 6140"
	ok $? "an XML input shows the identity stored in the XML"
else
	skip "../shared/topologies not beside this checkout"
	skip "../shared/topologies not beside this checkout"
	skip "../shared/topologies not beside this checkout"
fi

# bad_input WHAT ARGS...: exit 2, one line on stderr, nothing on stdout.
bad_input() {
	what=$1
	shift
	$SMTSCOPE "$@" > "$TMP/out" 2> "$TMP/err"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && [ ! -s "$TMP/out" ]
	ok $? "$what: exit 2 ($st), one line: $(cat "$TMP/err")"
}
printf '<?xml version="1.0"?>\n<topology><object type="Machine"><object type=' > "$TMP/broken.xml"
: > "$TMP/empty.xml"
mkdir "$TMP/dir.xml"
bad_input "a missing file" topo -i /nonexistent/machine.xml
bad_input "a directory" topo -i "$TMP/dir.xml"
bad_input "a malformed XML" topo -i "$TMP/broken.xml"
bad_input "an empty file" topo -i "$TMP/empty.xml"
bad_input "a malformed synthetic string" topo -i "package:2 frobs:3"
bad_input "a synthetic machine too large to hold" topo -i "package:4096 pu:2"
bad_input "a bare synthetic arity too large" topo --json -i "core:9999"
# hwloc dies where memory runs out (issue 39, point 8: a segfault under
# ulimit -v 15000); the probe child's crash is a message.
if ldd "$SMTSCOPE" 2> /dev/null | grep -q 'lib[a-z]*san\.so'; then
	skip "a sanitizer build cannot run under ulimit -v"
else
	(ulimit -v 15000 2> /dev/null && $SMTSCOPE topo -i "pack:4096 pu:1") > "$TMP/out" 2> "$TMP/err"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && [ ! -s "$TMP/out" ]
	ok $? "topo -i 'pack:4096 pu:1' under ulimit -v 15000: exit 2 ($st), one line: $(cat "$TMP/err")"
fi
# Found by fuzz_topo: a malformed first level must not hide the others' size.
bad_input "a large synthetic machine behind a malformed level" topo -i "pac(kagM-F:2 numa:3000 l3:1 l2:22 pu:2"
bad_input "a synthetic arity in hexadecimal" topo -i "package:2 core:0x86220"
bad_input "a synthetic arity after a newline" topo -i "$(printf 'package:2 numa:2\n\n9742')"
bad_input "an unknown option" topo --frobnicate
bad_input "a missing option argument" topo -i
bad_input "an unknown subcommand" frobnicate
bad_input "an extra argument" topo extra
# Hostile OS indexes in an XML (issue 18): refused with a message, never a crash.
if command -v lstopo-no-graphics > /dev/null 2>&1; then
	lstopo-no-graphics --input "package:1 core:2 pu:2" --of xml "$TMP/idx.xml" 2> /dev/null
	for v in -5 2147483647 999999999 5000; do
		sed "0,/type=\"PU\" os_index=\"0\"/s//type=\"PU\" os_index=\"$v\"/" \
		    "$TMP/idx.xml" > "$TMP/idx$v.xml"
		bad_input "a PU with os_index $v" topo -i "$TMP/idx$v.xml"
		grep -q "OS index" "$TMP/err"
		ok $? "os_index $v: the message says which index is out of range"
	done
	# hwloc 2.9 itself segfaults on an object with a cpuset but no
	# complete_cpuset (found by tests/fuzz/fuzz_topo): a message, not a crash.
	lstopo-no-graphics --input "package:1 numa:2 l3:1 core:2 pu:1" --of xml "$TMP/l3.xml" 2> /dev/null
	sed '/type="L3Cache"/{s/complete_cpuset=/complete_cpusat=/;q;}' "$TMP/l3.xml" > "$TMP/l3bad.xml"
	sed -n '/type="L3Cache"/,$p' "$TMP/l3.xml" | tail -n +2 >> "$TMP/l3bad.xml"
	# A sanitizer build reports the crash and exits 1 unless told to abort.
	saved_asan=${ASAN_OPTIONS-}
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1"
	bad_input "an XML on which hwloc crashes" topo -i "$TMP/l3bad.xml"
	ASAN_OPTIONS=$saved_asan
	grep -q "hwloc crashed reading it" "$TMP/err"
	ok $? "the message says hwloc crashed on the file"
else
	for v in 1 2 3 4 5 6 7 8 9 10; do skip "lstopo-no-graphics not installed (package hwloc-nox)"; done
fi
grep -q "/nonexistent/machine.xml" "$TMP/err" 2>/dev/null || $SMTSCOPE topo -i /nonexistent/machine.xml 2>&1 | grep -q "/nonexistent/machine.xml"
ok $? "the error names the file"

$SMTSCOPE --version | grep -q "^smtscope [0-9]"
ok $? "--version prints the version"
$SMTSCOPE --help | grep -q "topo"
ok $? "--help lists the subcommands"
$SMTSCOPE topo --help | grep -q -- "--json"
ok $? "topo --help documents --json"
# A core's own caches (issue 36, point 9), as lstopo shows them: L2, L1d,
# L1i over each core, outermost first; said once for a run of cores that
# have the same, in the text, a "caches" array per Core in JSON, a band
# each in the SVG's core boxes.
syn='package:1 l3:1 l2:4 l1d:1 l1i:1 core:1 pu:2'
$SMTSCOPE topo -i "$syn" > "$TMP/c.txt"
grep -q -x '      each core: L2 4MB + L1d 32KB + L1i 32KB' "$TMP/c.txt"
ok $? "topo: 'each core: L2 4MB + L1d 32KB + L1i 32KB' above the cores ($(grep 'each core' "$TMP/c.txt"))"
[ "$(grep -c 'each core' "$TMP/c.txt")" -eq 1 ]
ok $? "topo: said once for the four cores that share it"
$SMTSCOPE topo -i "package:1 l3:1 core:2 pu:2" | grep -q 'each core'
[ $? -ne 0 ]
ok $? "topo: no 'each core' where the topology has no private caches"
$SMTSCOPE topo --json -i "$syn" > "$TMP/c.json"
out=$(python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
def cores(n): return ([n] if n["type"] == "Core" else []) + sum((cores(c) for c in n.get("children", [])), [])
cs = cores(j["tree"])
print(len(cs), all(c["caches"] == cs[0]["caches"] for c in cs),
      " ".join("L%d%s:%d" % (c["level"], c["cache_type"][0], c["bytes"]) for c in cs[0]["caches"]))' "$TMP/c.json")
[ "$out" = "4 True L2u:4194304 L1d:32768 L1i:32768" ]
ok $? "topo --json: each Core's caches, outermost first ($out)"
$SMTSCOPE topo --svg "$TMP/c.svg" -i "$syn" > /dev/null
for c in 'L2 4MB' 'L1d 32KB' 'L1i 32KB'; do
	[ "$(grep -c ">$c<" "$TMP/c.svg")" -eq 4 ]
	ok $? "topo --svg: '$c' in each of the 4 cores' boxes"
done
if fixture hybrid-laptop; then
	$SMTSCOPE topo -i "$FIXTURE" > "$TMP/h.txt"
	grep -q 'each core: L2 1280KB + L1d 48KB + L1i 32KB' "$TMP/h.txt" &&
	    grep -q "each core: L1d 32KB + L1i 32KB" "$TMP/h.txt"
	ok $? "hybrid laptop: a P-core's own L2, an E-core's L1s alone (its L2 is shared)"
else
	skip "hybrid laptop: $FIXTURE_WHY"
fi
if [ -f "$TOPOLOGIES/amd-opteron-6272-bulldozer-4s.xml" ]; then
	$SMTSCOPE topo -i "$TOPOLOGIES/amd-opteron-6272-bulldozer-4s.xml" > "$TMP/bd.txt"
	grep -q 'each core: L1d 16KB$' "$TMP/bd.txt"
	ok $? "Bulldozer: a module's L1i, shared by its two cores, is not either core's own"
else
	skip "Bulldozer: no $TOPOLOGIES"
fi
done_testing
