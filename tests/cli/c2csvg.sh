#!/bin/sh
# tests/cli/c2csvg.sh: c2c's SVG read back (its text boxes, rectangles and
# colours). One pair (a two-CPU machine): the scale is one swatch labelled
# "N ns, one pair", not a flat gradient with its tick over it
# (tests/unit/test_c2c writes one of 1851.2 ns; a live pair here too). The
# --dry-run plan of a 72-CPU machine (../shared/topologies): every pair
# coloured by its relation as the key says, every CPU labelled on both axes
# (SMT siblings too), the labels no taller than a cell. Each passes
# tests/tools/svglabels.py (no line through a label).
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip_n 7 "no python3 to read the SVGs"
	done_testing
	exit 0
fi

# one FILE: the one-pair scale: a swatch of the cell's colour, its label beside.
one() {
	python3 - "$1" <<'EOF'
import re, sys, xml.etree.ElementTree as ET
S = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
cells = {}
for r in root.iter(S + "rect"):
    t = r.find(S + "title")
    if t is not None and re.match(r"CPUs \d+ and \d+: [0-9.]+ ns", t.text):
        cells[t.text] = r.get("fill")
assert len(cells) == 2 and len(set(cells.values())) == 1, cells
texts = [t for t in root.iter(S + "text") if re.fullmatch(r"[0-9.]+ ns, one pair", t.text or "")]
assert len(texts) == 1, "no 'N ns, one pair' label: %s" % [t.text for t in root.iter(S + "text")]
t = texts[0]
tx, ty = float(t.get("x")), float(t.get("y"))
sw = [r for r in root.iter(S + "rect") if r.find(S + "title") is None and
      r.get("fill") == list(cells.values())[0]]
assert len(sw) == 1, "%d swatches of the pair's colour, not one" % len(sw)
x, y, w, h = (float(sw[0].get(k)) for k in ("x", "y", "width", "height"))
assert x + w <= tx and y <= ty <= y + h + 2, ("the label beside its swatch", x, y, w, h, tx, ty)
# The label's box (0.61 em a character) clear of every swatch.
size = 11.0
bx1, bx2, by1, by2 = tx, tx + 0.61 * size * len(t.text), ty - 0.8 * size, ty + 0.2 * size
for r in root.iter(S + "rect"):
    if r.get("width", "").endswith("%") or r.find(S + "title") is not None:
        continue
    rx, ry, rw, rh = (float(r.get(k)) for k in ("x", "y", "width", "height"))
    assert rx + rw <= bx1 or rx >= bx2 or ry + rh <= by1 or ry >= by2, ("over a swatch", t.text)
print(t.text)
EOF
}

if [ -x tests/unit/test_c2c ]; then
	SMTSCOPE_SVG_OUT=$TMP tests/unit/test_c2c > "$TMP/u.tap" 2>&1
	ok $? "tests/unit/test_c2c writes the one-pair heatmap"
	v=$(one "$TMP/c2c-one.svg" 2>&1)
	ok $? "one pair of 1851.2 ns: one swatch, labelled beside it ($(echo "$v" | tail -n 1))"
	python3 tests/tools/svglabels.py "$TMP/c2c-one.svg" > "$TMP/l.out" 2>&1
	ok $? "one pair: no line through a label ($(head -n 1 "$TMP/l.out"))"
else
	skip_n 3 "tests/unit/test_c2c not built (make check builds it)"
fi

# A live pair, where two CPUs are allowed; a pair that failed on a busy
# machine has no figure to label (said, not failed).
if need_cpus 2; then
	"$SMTSCOPE" c2c --cpus "$CPU_A,$CPU_B" --samples 3 --round-trips 100 \
	    --svg "$TMP/live.svg" > "$TMP/live.txt" 2>&1
	if grep -q "ns</title>\|ns (disturbed)</title>" "$TMP/live.svg"; then
		v=$(one "$TMP/live.svg" 2>&1)
		ok $? "c2c --svg of one live pair: one swatch, labelled ($(echo "$v" | tail -n 1))"
	else
		skip "c2c --svg: the live pair has no figure ($(grep warning "$TMP/live.txt" | head -n 1))"
	fi
else
	skip "c2c --svg: $CPUS_WHY"
fi

# plan FILE NCPUS: the plan's cells by relation as its key says, every CPU labelled.
plan() {
	python3 - "$1" "$2" <<'EOF'
import re, sys, xml.etree.ElementTree as ET
S = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
n = int(sys.argv[2])
texts = list(root.iter(S + "text"))
# The key: a swatch 18 px left of each relation's name.
key = {}
rects = [r for r in root.iter(S + "rect") if r.find(S + "title") is None]
for t in texts:
    if t.text in ("smt-sibling", "shared-l2", "shared-l3", "same-package", "other-package"):
        x, y = float(t.get("x")), float(t.get("y"))
        sw = [r for r in rects if abs(float(r.get("x", -99)) + 18 - x) < 0.5 and
              abs(float(r.get("y", -99)) + 10 - y) < 0.5]
        assert len(sw) == 1, ("no swatch for", t.text)
        key[t.text] = sw[0].get("fill")
assert len(key) >= 3 and len(set(key.values())) == len(key), ("a key of relations", key)
seen = {}
for r in root.iter(S + "rect"):
    t = r.find(S + "title")
    m = t is not None and re.fullmatch(r"CPUs \d+ and \d+: (\S+), not measured", t.text)
    if m:
        assert key.get(m.group(1)) == r.get("fill"), (t.text, r.get("fill"), key)
        seen[m.group(1)] = seen.get(m.group(1), 0) + 1
assert set(seen) == set(key), (seen, key)
# Every CPU on both axes: the rows' labels (anchored at their end), the
# columns' (turned); no larger than a cell, the rows' clear of each other.
rows = [t for t in texts if re.fullmatch(r"\d+", t.text or "") and t.get("transform") is None]
cols = [t for t in texts if re.fullmatch(r"\d+", t.text or "") and t.get("transform")]
for what, ls in (("rows", rows), ("columns", cols)):
    got = sorted(int(t.text) for t in ls)
    assert got == list(range(n)), "%s labelled: %d of %d (%s...)" % (what, len(set(got)), n, got[:8])
cell = min(float(r.get("width")) for r in root.iter(S + "rect") if r.find(S + "title") is not None)
fs = max(float(t.get("font-size", 11)) for t in rows + cols)
ys = sorted(float(t.get("y")) for t in rows)
gap = min(b - a for a, b in zip(ys, ys[1:]))
assert fs <= cell and gap >= fs, ("labels of %g px in cells of %g, %g apart" % (fs, cell, gap))
print("%d relations coloured (%s), %d CPUs labelled twice in %g px" %
      (len(key), ", ".join("%s %d" % (k, seen[k]) for k in key), n, fs))
EOF
}

if have_topologies; then
	X=$TOPOLOGIES/intel-xeon-6140-skylake-2s.xml
	"$SMTSCOPE" c2c --dry-run --svg "$TMP/plan.svg" -i "$X" > /dev/null 2> "$TMP/err"
	v=$(plan "$TMP/plan.svg" 72 2>&1)
	ok $? "c2c --dry-run --svg of 72 CPUs: $(echo "$v" | tail -n 1)"
	python3 tests/tools/svglabels.py "$TMP/plan.svg" > "$TMP/l.out" 2>&1
	ok $? "the plan: no line through a label ($(head -n 1 "$TMP/l.out"))"
else
	skip_n 2 "../shared/topologies not beside this checkout"
fi

done_testing
