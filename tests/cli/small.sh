#!/bin/sh
# tests/cli/small.sh: issue 26's small ones. run --csv's cpus_seen is a list
# of CPU numbers (it was "0]": the "[" dropped, the "]" kept); replay
# --summary of a recording of fewer than ten refreshes says it shows each
# refresh (it said "per tenth" over four quarters) and its length is the
# refreshes' intervals, as the player's clock says (tests/screen/replay.sh);
# kernels' columns start where their titles do ("us/round trip" pushed BETTER
# and PARAMETER right).
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found: cannot parse the CSV"
	
"$SMTSCOPE" kernels > "$TMP/k.txt"
v=$(python3 -c 'import sys
lines = [l for l in open(sys.argv[1]).read().split("\n\n")[0].splitlines()]
head = lines[0]
cols = [head.index(w) for w in ("UNIT", "BETTER", "PARAMETER", "WHAT IT DOES")]
bad = [l.split()[0] for l in lines[1:]
       if any(l[c - 2:c] != "  " or l[c] == " " for c in cols)]
print(len(lines) - 1, bad)' "$TMP/k.txt")
case $v in
*" []") ok 0 "kernels: every line's columns start under their titles ($v)" ;;
*) ok 1 "kernels: every line's columns start under their titles ($v)" ;;
esac
done_testing
	exit
fi
"$SMTSCOPE" run --time 0.3 --csv "spin@$CPU_A" > "$TMP/run.csv" 2> "$TMP/run.err"
v=$(python3 -c 'import csv, re, sys
r = list(csv.DictReader(open(sys.argv[1])))
print(len(r), all(re.fullmatch(r"[0-9]+(,[0-9]+)*", x["cpus_seen"]) for x in r),
      [x["cpus_seen"] for x in r])' "$TMP/run.csv")
case $v in
"1 True"*) ok 0 "run --csv: cpus_seen is a list of CPU numbers ($v)" ;;
*) ok 1 "run --csv: cpus_seen is a list of CPU numbers ($v; $(head -n 1 "$TMP/run.err"))" ;;
esac

"$SMTSCOPE" record -o "$TMP/r.jsonl" -d 2 --time 0.8 -l "spin@$CPU_A" > /dev/null 2>&1
"$SMTSCOPE" replay --summary "$TMP/r.jsonl" > "$TMP/sum.txt" 2>&1
n=$(python3 -c 'import json, sys
print(sum(1 for l in open(sys.argv[1]) if "\"c\"" in l))' "$TMP/r.jsonl")
rows=$(grep -c '^#1 spin@' "$TMP/sum.txt")
if [ "$n" -lt 10 ]; then
	grep -q "rate per refresh ($n, fewer than ten)" "$TMP/sum.txt" && ! grep -q 'tenth' "$TMP/sum.txt" &&
	    [ "$rows" -eq "$n" ]
	ok $? "replay --summary of $n refreshes: a row each, said so, no 'tenth' ($rows rows)"
else
	skip "the recording has $n refreshes: not fewer than ten"
fi
# Refreshes are timed on a busy machine: their intervals within a quarter second.
python3 -c 'import re, sys
m = re.match(r"([0-9]+) refresh(?:es)? every ([0-9.]+) s over ([0-9.]+) s,", open(sys.argv[1]).read().split("\n")[1])
sys.exit(0 if m and abs(float(m.group(3)) - int(m.group(1)) * float(m.group(2))) <= 0.25 else 1)' \
    "$TMP/sum.txt"
ok $? "its length is its refreshes' intervals: $(sed -n 2p "$TMP/sum.txt")"

"$SMTSCOPE" kernels > "$TMP/k.txt"
v=$(python3 -c 'import sys
lines = [l for l in open(sys.argv[1]).read().split("\n\n")[0].splitlines()]
head = lines[0]
cols = [head.index(w) for w in ("UNIT", "BETTER", "PARAMETER", "WHAT IT DOES")]
bad = [l.split()[0] for l in lines[1:]
       if any(l[c - 2:c] != "  " or l[c] == " " for c in cols)]
print(len(lines) - 1, bad)' "$TMP/k.txt")
case $v in
*" []") ok 0 "kernels: every line's columns start under their titles ($v)" ;;
*) ok 1 "kernels: every line's columns start under their titles ($v)" ;;
esac
done_testing
