#!/bin/sh
# tests/screen/snapshot.sh: S writes the screen as SVG for slides: a dated
# file in the current directory, or --snapshot FILE; well-formed XML with
# the screen's text, its colours, a monospace font stack, a <text> per run;
# rendered by headless Chromium to a non-empty PNG where it is installed.
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

chrome=
for c in chromium chromium-browser google-chrome; do
	command -v "$c" > /dev/null 2>&1 && { chrome=$c; break; }
done
if [ -n "$chrome" ]; then
	(cd "$TMP" && timeout 60 "$chrome" --headless --no-sandbox --disable-gpu \
	    --screenshot="$TMP/view.png" --window-size=840,510 "file://$TMP/view.svg") \
	    > /dev/null 2>&1
	[ -s "$TMP/view.png" ]
	ok $? "$chrome renders the SVG to a non-empty PNG"
else
	skip "no Chromium: the SVG is checked as XML only"
fi
done_testing
