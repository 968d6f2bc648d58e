#!/bin/sh
# tests/screen/effmark.sh: an EFF past physics reads ? on the screen even
# where the SPEED is a clean figure (issue 35, point 4). A recording of known
# figures is replayed: hash#1's clean solo ran at half its CPU, and it now
# runs at 80% of that solo on a quarter of its CPU: 160% of a CPU-second, more
# than a CPU gives a CPU-bound kernel. spin#2, at 50% on the same share as
# alone, is the control: its EFF a number. Surfaces: the panel's EFF, the info
# line's reason; the SPEED stays a number; replay --summary's split.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 writes the recording"
	done_testing
	exit 0
fi
if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	skip "the recording's loads are on CPUs 0 and 1: one CPU here"
	done_testing
	exit 0
fi
$SMTSCOPE record -o "$TMP/h.jsonl" --time 0.5 -l "hash@$CPU_A" -l "spin@$CPU_A" > /dev/null 2>&1
ok $? "record writes a header of this machine"
python3 tests/tools/knownrec.py "$TMP/h.jsonl" "$TMP/r.jsonl" 0 1 3.2e8 0.25
ok $? "a recording of known figures: clean solos, hash#1 at 160% of a CPU-second"

# replay --summary: hash#1's INTERACTION (0.8 / 0.5 of its CPU = 160 %) is past
# physics: null in JSON and ? in CSV, as run and check; spin#2's a figure.
$SMTSCOPE replay --summary --json "$TMP/r.jsonl" > "$TMP/s.json" 2> "$TMP/s.err"
got=$(python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))["parts"]
print(" ".join(sorted(set("%s=%s" % (x["load"].split()[0], x["split_interaction"]) for x in p))))
' "$TMP/s.json" 2>&1)
[ "$got" = "#1=None #2=0.5" ]
ok $? "replay --summary --json: hash#1's interaction past physics is null, spin#2's 0.5 (saw: $got)"
$SMTSCOPE replay --summary --csv "$TMP/r.jsonl" > "$TMP/s.csv" 2> "$TMP/s.err"
got=$(awk -F, '$1 == 1 { print $NF }' "$TMP/s.csv" | sort -u)
[ "$got" = "?" ]
ok $? "replay --summary --csv: hash#1's split_interaction is ? in every part (saw: $got)"

TM_W=160 TM_H=40
check "replay starts" tm_start "LANG=C.UTF-8 $SMTSCOPE replay $TMP/r.jsonl"
tm_keys Space
tm_keys 9
check "at the end of the recording" tm_wait 'at 0:0[789] of 0:0[789]'
check "panel: hash#1's SPEED a number, its EFF past physics ?" \
    tm_wait 'hash#1 +0 +320\.0 MB/s +400\.0 MB/s +80% +25% +\? '
check "panel: spin#2's EFF within physics, a number" \
    tm_wait 'spin#2 +1 +20\.00 Mloop/s +40\.00 Mloop/s +50% +50% +50%'
check "info line: why hash#1's efficiency is unknown" \
    tm_wait 'hash#1: efficiency unknown: 160% of a CPU-second'
tm_keys q
check "q exits 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end
done_testing
