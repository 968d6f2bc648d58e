#!/bin/sh
# tests/screen/marks.sh: a figure made from a disturbed solo carries its
# mark on every surface the screen has, and one past physics reads as
# unknown, never as a clean number. A recording of known figures (this
# machine's header, samples written here) is replayed, so nothing depends
# on how fast anything runs: spin#2's solo was disturbed and it runs at
# half of it (~50%); hash#1's solo was disturbed and it runs at twice it
# (200% of a solo others slowed: ?). Surfaces: the panel's SPEED and EFF,
# the info line's reason, the chart's end labels, the SVG of the screen
# (--snapshot), and the JSON of the replay's summary (a flag per figure).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 is not installed: the recording is not written"
	done_testing
	exit 0
fi
if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	skip "the recording's loads are on CPUs 0 and 1: one CPU here"
	done_testing
	exit 0
fi
# Only the header is this machine's: its loads are named here as on CPUs 0
# and 1 whatever CPUs this process may use (taskset), as a recording made
# elsewhere names its own.
$SMTSCOPE record -o "$TMP/h.jsonl" --time 0.5 -l "hash@$CPU_A" -l "spin@$CPU_A" > /dev/null 2>&1
ok $? "record writes a header of this machine"
python3 tests/tools/knownrec.py "$TMP/h.jsonl" "$TMP/r.jsonl" 1 3 8e8 0.5
ok $? "a recording of known figures: two disturbed solos, one beaten twice"

TM_W=160 TM_H=40
check "replay starts" tm_start "LANG=C.UTF-8 $SMTSCOPE replay --snapshot $TMP/s.svg $TMP/r.jsonl"
tm_keys Space
tm_keys 9
check "at the end of the recording" tm_wait 'at 0:0[789] of 0:0[789]'
check "panel: spin#2's SOLO, SPEED and EFF carry ~ (50% of a disturbed solo)" \
    tm_wait 'spin#2 +1 +20\.00 Mloop/s +~40\.00 Mloop/s +~50% +50% +~50%'
check "panel: hash#1's SPEED and EFF above 100% of a disturbed solo read ?, never a number" \
    tm_wait 'hash#1 +0 +800\.0 MB/s +~400\.0 MB/s +\? +50% +\? '
check "info line: why hash#1's speed is unknown" \
    tm_wait 'hash#1: speed unknown: 200% of a solo others slowed'
check "chart: hash#1's end label is ?, spin#2's ~50%" \
    tm_wait 'SPEED against solo' && tm_wait ' hash#1 \?$' && tm_wait ' spin#2 ~50%$'
tm_keys S
check "S writes the screen as SVG" tm_wait 'snapshot written|s\.svg' 5
tm_keys q
check "q exits 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end
v=$(python3 - "$TMP/s.svg" <<'PY'
import re, sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
rows = {}
for t in d.getElementsByTagName("text"):
    if t.firstChild:
        rows.setdefault(t.getAttribute("y"), []).append((float(t.getAttribute("x")),
                                                         t.firstChild.data))
lines = []
for runs in rows.values():
    line = ""
    for x, text in sorted(runs):
        col = int(round(x / 8.4))
        line = line.ljust(col) + text
    lines.append(line)
h = [l for l in lines if l.lstrip().startswith("hash#1 ")]
s = [l for l in lines if l.lstrip().startswith("spin#2 ")]
print("hash ? %s, spin ~50%% %s" % (
    any(re.search(r"hash#1 +0 +800\.0 MB/s +~400\.0 MB/s +\? +50% +\? ", l) for l in h),
    any(re.search(r"spin#2 +1 +20\.00 Mloop/s +~40\.00 Mloop/s +~50% +50% +~50%", l)
        for l in s)))
PY
)
[ "$v" = "hash ? True, spin ~50% True" ]
ok $? "SVG of the screen: the same marks, hash#1's speed ? ($v)"

$SMTSCOPE replay --summary --json "$TMP/r.jsonl" > "$TMP/sum.json"
ok $? "replay --summary --json exits 0"
v=$(python3 - "$TMP/sum.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
rows = j["parts"]
m = {}
for r in rows:
    m.setdefault(r["id"], set()).add((r["speed_mark"], r["speed"]))
print(" ".join("%d:%s" % (i, sorted("%s/%s" % (a, "null" if b is None else "%.2f" % b)
      for a, b in m[i])) for i in sorted(m)))
PY
)
case $v in "1:['?/null'] 2:['~/0.50']") st=0 ;; *) st=1 ;; esac
ok $st "summary JSON: a flag per speed, ? with a null speed, ~ with its figure ($v)"
done_testing
