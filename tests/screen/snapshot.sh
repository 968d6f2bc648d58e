#!/bin/sh
# tests/screen/snapshot.sh: S writes the screen as SVG for slides: a dated
# file in the current directory, or --snapshot FILE; well-formed XML with
# the screen's text, its colours, a monospace font stack, a <text> per run;
# rendered by headless Chromium and librsvg where installed, each rendering
# checked cell by cell against the text (tests/tools/svgcheck.py).
# A file that cannot be written is an error on the status line, not a crash.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 is not installed: cannot check the XML"
	done_testing
	exit 0
fi
bin=$(cd "$(dirname "$SMTSCOPE")" && pwd)/$(basename "$SMTSCOPE")
mkdir -p "$TMP/here"

# svg_ok FILE WORDS...: well-formed, with each of the words in its text.
svg_ok() {
	f=$1
	shift
	python3 - "$f" "$@" <<'PY'
import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
texts = d.getElementsByTagName("text")
body = "".join(t.firstChild.data for t in texts if t.firstChild)
fills = {t.getAttribute("fill") for t in texts}
g = d.getElementsByTagName("g")[0]
missing = [w for w in sys.argv[2:] if w not in body]
ok = texts and "monospace" in g.getAttribute("font-family") and len(fills) >= 2 and not missing
print("%d texts, %d colours, missing %s" % (len(texts), len(fills), missing))
sys.exit(0 if ok else 1)
PY
}

TM_W=100 TM_H=30
check "starts with a load, in a directory of its own" \
    tm_start "cd '$TMP/here' && LANG=C.UTF-8 '$bin' -l spin@$CPU_A"
check "the load runs" tm_wait "^ spin#1 +$CPU_A +[0-9.]+ Mloop/s" 10
tm_keys S
check "S says where the screen went" \
    tm_wait 'screen written as SVG: smtscope-[0-9]{8}-[0-9]{6}\.svg'
f=$(ls "$TMP/here"/smtscope-*.svg 2> /dev/null | head -n 1)
[ -s "$f" ]
ok $? "the dated file is in the current directory ($(basename "${f:-none}"))"
v=$(svg_ok "$f" 'spin#1' 'LOAD' 'SPEED against solo' '? help' '─')
ok $? "it is well-formed SVG with the screen's text, colours and box characters ($v)"
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

check "a view with --snapshot FILE" tm_start "LANG=C.UTF-8 $SMTSCOPE -t projector \
    --snapshot $TMP/view.svg -i 'package:2 core:2 pu:2'"
tm_wait 'q quit' > /dev/null
tm_keys S
check "S writes FILE" tm_wait "screen written as SVG: $TMP/view.svg"
v=$(svg_ok "$TMP/view.svg" 'VIEW ONLY' 'Package 1')
ok $? "the view's SVG is well-formed with its text ($v)"
# The projector theme as the terminal shows it (issue 36): the cursor's
# black text on bright white, never bold black (a bold-is-bright terminal
# draws it grey), and bold in the 8 ANSI colours drawn bright as xterm does.
grep -q 'fill="#000000" font-weight="bold"' "$TMP/view.svg"
ok $((! $?)) "the projector's SVG has no bold black text"
grep -q 'fill="#000000"' "$TMP/view.svg" && grep -q 'fill="#ffffff"' "$TMP/view.svg"
ok $? "the projector's SVG has black text on its bright rows"
tm_keys q
tm_end

check "a file it cannot write" tm_start "LANG=C.UTF-8 $SMTSCOPE \
    --snapshot $TMP/no/such/dir/x.svg -i 'package:1 core:2 pu:1'"
tm_wait 'q quit' > /dev/null
tm_keys S
check "is an error on the status line" \
    tm_wait "^cannot write $TMP/no/such/dir/x.svg: No such file"
tm_keys q
check "and smtscope goes on, then quits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

# The snapshot renders as its text says (tests/tools/svgcheck.py): each run's
# cells on the terminal's grid have ink where it has a character and none
# where it has a space, in Chromium (Blink collapsed the spaces while
# xml:space sat on the <g> only) and in librsvg.
pngs=
wh=$(python3 -c 'import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
print("%d,%d" % (round(float(r.get("width"))), round(float(r.get("height")))))' "$TMP/view.svg")
chrome=
for c in chromium chromium-browser google-chrome; do
	command -v "$c" > /dev/null 2>&1 && { chrome=$c; break; }
done
if [ -n "$chrome" ]; then
	prof=$(mktemp -d)
	(cd "$TMP" && timeout 60 "$chrome" --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync --user-data-dir="$prof" \
	    --hide-scrollbars --screenshot="$TMP/view.png" --window-size="$wh" \
	    "file://$TMP/view.svg") > /dev/null 2>&1
	rm -rf "$prof"
	[ -s "$TMP/view.png" ]
	ok $? "$chrome renders the SVG to a non-empty PNG ($wh)"
	pngs="$TMP/view.png"
else
	skip "no Chromium: the SVG is not rendered by Blink"
fi
if command -v rsvg-convert > /dev/null 2>&1; then
	rsvg-convert -o "$TMP/view.rsvg.png" "$TMP/view.svg"
	ok $? "rsvg-convert renders the SVG"
	pngs="$pngs $TMP/view.rsvg.png"
else
	skip "no rsvg-convert (librsvg2-bin): the SVG is not rendered by librsvg"
fi
# shellcheck disable=SC2086
python3 tests/tools/svgcheck.py "$TMP/view.svg" $pngs > "$TMP/svgcheck" 2>&1
ok $? "the snapshot renders as its text says, spaces where spaces ($(head -n 1 "$TMP/svgcheck"))"
done_testing
