#!/bin/sh
# tests/cli/svgrender.sh: every SVG smtscope writes renders as its text says,
# in Chromium and in librsvg: check --svg, time --svg, c2c --svg, tour --svg,
# compare --svg, topo --svg, topo --svg --loads (the screen's S snapshot:
# tests/screen/snapshot.sh). Each is
# checked by tests/tools/svgcheck.py: its texts inside its canvas, each
# rendering of the canvas's size, and texts laid on a monospace grid with
# ink where they have characters and none where they have spaces. Renderers
# absent (Debian's chromium, librsvg2-bin; .ci/run installs both): skip.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found: cannot check the renderings"
	done_testing
	exit
fi
have_rsvg=0 have_chromium=0
command -v rsvg-convert > /dev/null 2>&1 && have_rsvg=1
command -v chromium > /dev/null 2>&1 && have_chromium=1

# render NAME FILE.svg: check FILE's texts and its renderings by each renderer here.
render() {
	_name=$1 _svg=$2 _pngs=
	if [ ! -s "$_svg" ]; then
		ok 1 "$_name: the SVG was written"
		return
	fi
	if [ $have_rsvg -eq 1 ]; then
		rsvg-convert -o "$_svg.rsvg.png" "$_svg" 2> "$TMP/rsvg.err"
		ok $? "$_name: rsvg-convert renders it ($(head -n 1 "$TMP/rsvg.err"))"
		_pngs="$_svg.rsvg.png"
	fi
	if [ $have_chromium -eq 1 ]; then
		_wh=$(python3 -c 'import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
print("%d,%d" % (round(float(r.get("width"))), round(float(r.get("height")))))' "$_svg")
		_prof=$(mktemp -d)
		timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic \
		    --no-first-run --disable-background-networking --disable-component-update \
		    --disable-sync --user-data-dir="$_prof" --hide-scrollbars \
		    --screenshot="$PWD/$_svg.chrome.png" --window-size="$_wh" \
		    "file://$PWD/$_svg" > /dev/null 2>&1
		rm -rf "$_prof"
		[ -s "$_svg.chrome.png" ]
		ok $? "$_name: Chromium renders it ($_wh)"
		_pngs="$_pngs $_svg.chrome.png"
	fi
	# shellcheck disable=SC2086
	python3 tests/tools/svgcheck.py "$_svg" $_pngs > "$TMP/check.out" 2>&1
	ok $? "$_name: renders as its text says ($(head -n 1 "$TMP/check.out"))"
	sed 's/^/#   /' "$TMP/check.out" | head -n 12
}
[ $have_rsvg -eq 1 ] || skip "rsvg-convert not installed (librsvg2-bin): no librsvg rendering"
[ $have_chromium -eq 1 ] || skip "chromium not installed: no Blink rendering"

# Under tests/out (git-ignored): Chromium reads file:// paths it can see.
OUT=tests/out/svgrender
rm -rf "$OUT"
mkdir -p "$OUT"
"$SMTSCOPE" check --time 0.1 --kernels spin,hash --svg "$OUT/check.svg" > /dev/null 2>&1
render "check --svg" "$OUT/check.svg"
"$SMTSCOPE" time -r 1 -q --svg "$OUT/time.svg" -- sh -c 'exit 0' > /dev/null 2>&1
render "time --svg" "$OUT/time.svg"
grep -q "smtscope time: sh -c 'exit 0'" "$OUT/time.svg" ||
    grep -q "smtscope time: sh -c &apos;exit 0&apos;" "$OUT/time.svg"
ok $? "time --svg: the command whole in the title"
if need_cpus 2; then
	a=$(echo "$ALLOWED_LIST" | cut -d, -f1 | cut -d- -f1)
	b=$(echo "$ALLOWED_LIST" | tr ',' '\n' | tail -n 1 | sed 's/.*-//')
	"$SMTSCOPE" c2c --cpus "$a,$b" --samples 3 --round-trips 200 --svg "$OUT/c2c.svg" \
	    > /dev/null 2>&1
	render "c2c --svg" "$OUT/c2c.svg"
else
	skip "c2c --svg: $CPUS_WHY"
fi
"$SMTSCOPE" compare --svg tests/data/compare > "$OUT/compare.svg" 2> /dev/null
render "compare --svg" "$OUT/compare.svg"
"$SMTSCOPE" tour --headless --step 0.3 --svg "$OUT/tour.svg" doc/tours/smt-basics.tour \
    > /dev/null 2>&1
render "tour --svg" "$OUT/tour.svg"

# topo --svg: every CPU named once by its OS number, in its core's box.
topo_svg() {
	_name=$1 _in=$2 _cpus=$3
	"$SMTSCOPE" topo -i "$_in" --svg "$OUT/topo-$_name.svg" > /dev/null 2> "$TMP/topo.err"
	ok $? "topo --svg of $_name exits 0 ($(head -n 1 "$TMP/topo.err"))"
	v=$(python3 -c 'import sys, xml.etree.ElementTree as E
t = [e.text for e in E.parse(sys.argv[1]).getroot().iter("{http://www.w3.org/2000/svg}text")]
cpus = sorted(int(x) for x in t if x and x.isdigit())
print(cpus == list(range(int(sys.argv[2]))), len(cpus))' "$OUT/topo-$_name.svg" "$_cpus")
	case $v in
	True*) ok 0 "topo --svg of $_name: CPUs 0-$((_cpus - 1)) each named once ($v)" ;;
	*) ok 1 "topo --svg of $_name: CPUs 0-$((_cpus - 1)) each named once ($v)" ;;
	esac
	render "topo --svg of $_name" "$OUT/topo-$_name.svg"
}
topo_svg synthetic 'package:2 core:3 pu:2' 12
if fixture zen4-2s; then
	topo_svg zen4-2s "$FIXTURE" 384
else
	skip "topo --svg of the 384-CPU fixture: $FIXTURE_WHY"
fi
# topo --svg --loads: a run's loads in their CPUs' boxes, the legend under the title.
"$SMTSCOPE" run --time 0.5 --json hash@"$CPU_A" int@"${CPU_B:-$CPU_A}" > "$OUT/run.json" \
    2> /dev/null
"$SMTSCOPE" topo --svg "$OUT/topo-loads.svg" --loads "$OUT/run.json" > /dev/null 2>&1
render "topo --svg --loads" "$OUT/topo-loads.svg"
"$SMTSCOPE" topo --svg '' > /dev/null 2> "$TMP/u.err"
[ $? -eq 2 ] && [ "$(wc -l < "$TMP/u.err")" -eq 1 ]
ok $? "topo --svg '': exit 2, one line ($(head -n 1 "$TMP/u.err"))"
done_testing
