#!/bin/sh
# tests/cli/toposvg.sh: topo --svg read back (its boxes and their names). A
# NUMA node is drawn as lstopo draws memory: a row across the top of the
# box it belongs to (a machine-wide one across the machine, above the
# packages), never inside a package it is not under (topo --json's tree
# says where each is); and the page of a machine of 24 CPUs and more
# (../shared/topologies) is near a slide's 16:9 (1.37 to 2.31 wide for 1
# high: a 2-package Zen 2 was 0.66, a 4-package Bulldozer 0.77). Each
# passes tests/tools/svglabels.py.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "no python3 to read the SVGs"
	done_testing
	exit 0
fi

# boxes FILE.svg FILE.json [ASPECT]: the NUMA boxes where the tree has them;
# with ASPECT, the page within 1.3 times of 16:9 either way.
boxes() {
	python3 - "$@" <<'EOF'
import json, math, re, sys, xml.etree.ElementTree as ET
S = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
tree = json.load(open(sys.argv[2]))["tree"]
# Each NUMA node's packages above it (by the logical index their names give;
# a NUMA node is named by its OS index), and whether it is the machine's own.
above, machine_wide = {}, set()
def walk(n, pkgs, parent):
    if n["type"] == "NUMANode":
        above[n["os_index"]] = pkgs
        if parent == "Machine":
            machine_wide.add(n["os_index"])
    if n["type"] == "Package":
        pkgs = pkgs | {n["logical_index"]}  # its name: "Package L#"
    for c in n.get("children", []):
        walk(c, pkgs, n["type"])
walk(tree, frozenset(), None)
# A box is the rect drawn right before its name.
box, last = {}, None
for el in root.iter():
    tag = el.tag.replace(S, "")
    if tag == "rect":
        last = el
    elif tag == "text" and last is not None:
        m = re.match(r"(Machine|Package \d+|NUMA node \d+)\b", el.text or "")
        if m:
            box[m.group(1)] = tuple(float(last.get(k)) for k in ("x", "y", "width", "height"))
def inside(a, b):
    return a[0] >= b[0] and a[1] >= b[1] and a[0] + a[2] <= b[0] + b[2] and \
        a[1] + a[3] <= b[1] + b[3]
assert above, "no NUMA node in the tree"
for numa, pkgs in above.items():
    nb = box["NUMA node %d" % numa]
    for name, pb in box.items():
        if name.startswith("Package ") and inside(nb, pb):
            assert int(name.split()[1]) in pkgs, "NUMA node %d inside %s" % (numa, name)
    if numa in machine_wide:
        mb = box["Machine"]
        assert nb[2] >= 0.9 * mb[2], "NUMA node %d %g wide in a machine %g wide" % (numa, nb[2], mb[2])
        for name, pb in box.items():
            if name.startswith("Package "):
                assert nb[1] + nb[3] <= pb[1], "NUMA node %d not above %s" % (numa, name)
w, h = float(root.get("width")), float(root.get("height"))
if len(sys.argv) > 3:
    assert abs(math.log(w / h / (16 / 9))) <= math.log(1.3), "%gx%g: %.2f" % (w, h, w / h)
print("%d NUMA nodes (%d machine-wide), %dx%d: %.2f" % (len(above), len(machine_wide), w, h, w / h))
EOF
}

# svg NAME INPUT [ASPECT]: topo --svg and --json of INPUT, boxes checked, svglabels.
svg() {
	_name=$1 _in=$2
	shift 2
	"$SMTSCOPE" topo -i "$_in" --svg "$TMP/t.svg" > /dev/null 2> "$TMP/err" &&
	    "$SMTSCOPE" topo -i "$_in" --json > "$TMP/t.json" 2>> "$TMP/err"
	_v=$(boxes "$TMP/t.svg" "$TMP/t.json" "$@" 2>&1)
	ok $? "$_name: $(echo "$_v" | tail -n 1)"
	python3 tests/tools/svglabels.py "$TMP/t.svg" > "$TMP/l.out" 2>&1
	ok $? "$_name: no line through a label ($(head -n 1 "$TMP/l.out"))"
}

svg "pack:2 core:4 pu:2 (one NUMA node, the machine's)" "pack:2 core:4 pu:2"
svg "pack:2 numa:1 core:4 pu:2 (a NUMA node a package)" "pack:2 numa:1 core:4 pu:2"

if have_topologies; then
	for x in intel-xeon-6140-skylake-2s intel-itanium-2s2c2t; do
		svg "$x (2 packages, one NUMA node)" "$TOPOLOGIES/$x.xml"
	done
	for x in intel-xeon-6140-skylake-2s amd-epyc-9654-zen4-2s amd-epyc-7451-zen1-2s \
	    amd-epyc-7402-zen2-2s-v1xml intel-xeon-max9460-sapphirerapids-2s \
	    huawei-kunpeng920-arm-2s amd-opteron-6272-bulldozer-4s \
	    amd-opteron-6348-piledriver-4s intel-xeon-e5-4620v2-ivybridge-12s \
	    intel-xeonphi-7210-knl intel-xeon-x7460-dunnington-4s; do
		svg "$x near 16:9" "$TOPOLOGIES/$x.xml" aspect
	done
else
	skip_n 26 "../shared/topologies not beside this checkout"
fi

done_testing
