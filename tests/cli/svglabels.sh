#!/bin/sh
# tests/cli/svglabels.sh: no line of a chart through one of its labels
# (tests/tools/svglabels.py reads the SVG's text boxes and lines): the bar
# charts of check --idle, time and tour on synthetic data (tests/unit/test_svg
# writes them; the texts that crossed their reference line), time --svg on a
# real command, and compare --svg.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip_n 7 "no python3 to read the SVGs"
	done_testing
	exit 0
fi

# The checker fails on a crossing: an SVG made to cross.
cat > "$TMP/cross.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" font-size="13">
<text x="10" y="40">a label here</text>
<line x1="40" y1="0" x2="40" y2="100"/>
<line x1="150" y1="0" x2="150" y2="100"/>
</svg>
SVG
python3 tests/tools/svglabels.py "$TMP/cross.svg" > "$TMP/cross.out"
[ $? -eq 1 ] && [ "$(wc -l < "$TMP/cross.out")" -eq 1 ] && grep -q "'a label here'" "$TMP/cross.out"
ok $? "the checker finds the one line through a label ($(head -n 1 "$TMP/cross.out"))"

if [ -x tests/unit/test_svg ]; then
	mkdir "$TMP/u"
	SMTSCOPE_SVG_OUT=$TMP/u tests/unit/test_svg > "$TMP/u.tap" 2>&1
	ok $? "the unit test writes the synthetic charts"
	for n in idle time tour; do
		python3 tests/tools/svglabels.py "$TMP/u/$n.svg" > "$TMP/$n.out" 2>&1
		ok $? "$n chart: no line through a label ($(head -n 1 "$TMP/$n.out"))"
	done
else
	skip_n 4 "tests/unit/test_svg not built (make check builds it)"
fi

"$SMTSCOPE" time -r 1 -q --svg "$TMP/time.svg" -- true > /dev/null 2>&1
python3 tests/tools/svglabels.py "$TMP/time.svg" > "$TMP/t.out" 2>&1
ok $? "time --svg: no line through a label ($(head -n 1 "$TMP/t.out"))"

D=tests/data/compare
"$SMTSCOPE" compare --svg - $D > "$TMP/compare.svg" 2> /dev/null
python3 tests/tools/svglabels.py "$TMP/compare.svg" > "$TMP/c.out" 2>&1
ok $? "compare --svg: no line through a label ($(head -n 1 "$TMP/c.out"))"

done_testing
