#!/bin/sh
# tests/screen/record-key.sh: R on the live screen records the session
# (doc/smtscope-record.5): a dated .jsonl.gz here, or --record FILE from the
# start. The file carries the loads there were (header, start, solo), the
# ones started later (start with the load inline), moves, pauses, stops,
# a sample per refresh whose loads follow the screen's, and the end: "key"
# for R, "quit" for q, the signal's name for a signal. A directory that
# cannot be written is one line on the status line; a view refuses R.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 is not installed: cannot read the recordings"
	done_testing
	exit 0
fi
bin=$(cd "$(dirname "$SMTSCOPE")" && pwd)/$(basename "$SMTSCOPE")
mkdir -p "$TMP/here" "$TMP/quit" "$TMP/tour"

# lines FILE: the whole lines of a recording so far (gzip or not, maybe being written).
lines() {
	python3 - "$1" <<'PY'
import sys, zlib
b = open(sys.argv[1], "rb").read()
if b[:2] == b"\x1f\x8b":
	b = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(b)
t = b.decode()
print(t[:t.rfind("\n") + 1], end="")
PY
}

# wait_lines FILE PYEXPR [SECONDS]: wait until the lines so far (list `L` of
# dicts) make PYEXPR true.
wait_lines() {
	_wl=$(( ${3:-10} * 10 ))
	while [ "$_wl" -gt 0 ]; do
		lines "$1" 2> /dev/null | python3 -c "
import json, sys
L = [json.loads(s) for s in sys.stdin]
sys.exit(0 if ($2) else 1)" 2> /dev/null && return 0
		sleep 0.1
		_wl=$((_wl - 1))
	done
	diag "timed out waiting for $2 in $1"
	return 1
}

# gone_within TENTHS ID...: wait until none of the processes (identities:
# tests/lib.sh's proc_id) is alive; zombies count as gone.
gone_within() {
	_t=$1
	shift
	while [ "$_t" -gt 0 ]; do
		procs_gone "$@" && return 0
		sleep 0.1
		_t=$((_t - 1))
	done
	return 1
}

TM_W=120 TM_H=40
# The loads' CPUs: the first two this test may use; the first block moves a
# load between them.
A=$CPU_A B=${CPU_B:-$CPU_A}
if need_cpus 2; then
	check "starts with spin@$A, in a directory of its own" \
	    tm_start "cd '$TMP/here' && LANG=C.UTF-8 '$bin' -n -d 5 -l spin@$A"
	check "the load runs" tm_wait "^ spin#1 +$A +[0-9.]+ Mloop/s" 10
	pid=$(tm_smtscope_pid)
	tm_keys R
	check "R says where it records" \
	    tm_wait 'recording to smtscope-[0-9]{8}-[0-9]{6}\.jsonl\.gz'
	f=$(ls "$TMP/here"/smtscope-*.jsonl.gz 2> /dev/null | head -n 1)
	[ -s "$f" ]
	ok $? "the dated file is in the current directory ($(basename "${f:-none}"))"
	check "the header shows the REC mark" tm_wait '^refresh .* REC [0-9]+:[0-9]{2} '
	check "a sample of spin#1 is written" \
	    wait_lines "$f" 'any("c" in x and any(l[0] == 1 for l in x["l"]) for x in L)'
	# A second load on CPU B from the menu (i: int), paused, resumed, moved, stopped.
	tm_keys l a i Enter
	check "int#2 starts on CPU $B, its solo measured" \
	    tm_wait "started int#2 \\(int@$B\\): solo rate measured" 40
	check "a sample of int#2 is written" \
	    wait_lines "$f" 'any("c" in x and any(l[0] == 2 for l in x["l"]) for x in L)'
	tm_keys ' '
	check "Space pauses it" tm_wait 'paused int#2'
	tm_keys ' '
	check "Space resumes it" tm_wait 'resumed int#2'
	tm_keys m h Enter
	check "m moves it to CPU $A" tm_wait "moved int#2 to CPU $A"
	tm_keys d
	check "d stops it" tm_wait 'stopped int#2'
	check "a sample after the stop is written" \
	    wait_lines "$f" 'any(x.get("e") == "stop" for x in L) and "c" in L[-1]'
	tm_keys R
	# R R said "8 lines" where the user recorded 4 refreshes: the
	# refreshes first, then the lines, then the file.
	check "R again says the refreshes, the lines and the file" \
	    tm_wait 'recording stopped, smtscope-[0-9]{8}-[0-9]{6}\.jsonl\.gz: [0-9]+ refresh(es)? over [0-9.]+ s, [0-9]+ lines'
	told=$(tm_cap | sed -n 's/.*recording stopped, [^:]*: .*, \([0-9]*\) lines.*/\1/p' | head -n 1)
	trefs=$(tm_cap | sed -n 's/.*recording stopped, [^:]*: \([0-9]*\) refresh.*/\1/p' | head -n 1)
	check "the REC mark goes" tm_wait_not ' REC [0-9]+:'
	v=$(lines "$f" | A=$A B=$B python3 -c "
import json, os, sys
A, B = os.environ['A'], os.environ['B']
L = [json.loads(s) for s in sys.stdin]
h, ev = L[0], [x for x in L[1:] if 'e' in x]
S = [x for x in L[1:] if 'c' in x]
def first(e, i):
	return next(k for k, x in enumerate(L) if x.get('e') == e and x.get('id') == i)
bad = []
if h.get('kind') != 'record' or h.get('format') != 1: bad.append('header')
if [x['load'] for x in h['loads']] != ['spin@' + A]: bad.append('header loads')
if not any(x.get('e') == 'start' and x.get('id') == 1 and x.get('n') == 0 for x in ev):
	bad.append('start of #1')
st = [x for x in ev if x['e'] == 'start' and x['id'] == 2]
if len(st) != 1 or st[0].get('load', {}).get('load') != 'int@' + B or \
    st[0]['load'].get('kernel') != 'int' or 'n' in st[0]: bad.append('inline start')
if [x['to'] for x in ev if x['e'] == 'move'] != ['int@' + A]: bad.append('move')
if [x['e'] for x in ev if x['e'] in ('pause', 'resume')] != ['pause', 'resume']:
	bad.append('pause, resume')
if [x['id'] for x in ev if x['e'] == 'stop'] != [2]: bad.append('stop')
if any(x['e'] == 'died' for x in ev): bad.append('a death')
if not all(any(l[0] == 1 for l in x['l']) for x in S): bad.append('#1 in every sample')
a, b = first('start', 2), first('stop', 2)
ids2 = [k for k, x in enumerate(L) if 'c' in x and any(l[0] == 2 for l in x['l'])]
if not ids2 or min(ids2) < a or max(ids2) > b: bad.append('#2 between start and stop')
p, r = first('pause', 2), first('resume', 2)
if any(l[0] == 2 and l[1] != 'p' for x in L[p:r] if 'c' in x for l in x['l']):
	bad.append('paused state')
if L[-1] != {'t': L[-1]['t'], 'e': 'end', 'why': 'key'}: bad.append('end')
if any(L[k]['t'] > L[k + 1]['t'] for k in range(1, len(L) - 1)): bad.append('time')
if len(S[0]['c']) != 3 * len(h['cpus']): bad.append('cpus')
print('%d lines, %d samples, %d events; bad: %s' % (len(L), len(S), len(ev), bad))
sys.exit(1 if bad else 0)
")
	ok $? "the recording follows the screen ($v)"
	[ "$(lines "$f" | wc -l)" = "$told" ]
	ok $? "the status line's count is the file's ($told lines)"
	[ "$(lines "$f" | grep -c '"c":\[')" = "$trefs" ]
	ok $? "its refreshes are the file's samples ($trefs refreshes)"
	loads=$(proc_kids "$pid")
	tm_keys q
	check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
	gone_within 100 $loads
	ok $? "no load outlives the screen ($loads; left: $(procs_left $loads || echo none))"
	tm_end
else
	skip_n 20 "R with a load started, moved and stopped: $CPUS_WHY"
fi

# R, a load killed (a died event), then q: the loads stop, then the end "quit".
check "R then q: starts" \
    tm_start "cd '$TMP/quit' && LANG=C.UTF-8 '$bin' -n -d 5 -l spin@$B -l spin@$A"
tm_wait "^ spin#2 +$A +[0-9.]+ Mloop/s" 10 > /dev/null
pid=$(tm_smtscope_pid)
tm_keys R
tm_wait 'recording to smtscope-' > /dev/null
f=$(ls "$TMP/quit"/smtscope-*.jsonl.gz 2> /dev/null | head -n 1)
wait_lines "$f" 'any("c" in x and len(x["l"]) == 2 for x in L)' > /dev/null
kill -KILL "$(pgrep -n -P "$pid")"
check "a load killed: the screen says it died" tm_wait 'spin#2 died'
wait_lines "$f" '[x["id"] for x in L if x.get("e") == "died"] == [2] and "c" in L[-1] and [l[0] for l in L[-1]["l"]] == [1]'
ok $? "a load killed: a died event, and it is gone from the next sample"
tm_keys q
check "R then q: exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
wait_lines "$f" '[(x.get("e"), x.get("id"), x.get("why")) for x in L[-2:]] == [("stop", 1, None), ("end", None, "quit")]' 2
ok $? "R then q: a stop event, then the end \"quit\""
tm_end

# At 80 columns R R's message keeps the file's name: the status line cuts a
# message at its first ": ", and it kept "recording stopped" alone.
TM_W=80 TM_H=24
mkdir -p "$TMP/narrow"
check "80x24: starts" tm_start "cd '$TMP/narrow' && LANG=C.UTF-8 '$bin' -n -d 5 -l spin@$A"
tm_wait "^ spin#1 +$A +[0-9.]+ Mloop/s" 10 > /dev/null
tm_keys R
tm_wait 'recording to smtscope-' > /dev/null
tm_keys R
check "80x24: R R names the file on the status line" \
    tm_wait 'recording stopped, smtscope-[0-9]{8}-[0-9]{6}\.jsonl\.gz'
tm_keys q
check "80x24: q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end
TM_W=120 TM_H=40

# --record FILE from the start, then SIGTERM.
check "--record FILE: starts" \
    tm_start "LANG=C.UTF-8 '$bin' -n -d 5 -l spin@$A --record '$TMP/t.jsonl'"
check "--record FILE: records at once" tm_wait "recording to $TMP/t.jsonl" 10
pid=$(tm_smtscope_pid)
loads=$(proc_kids "$pid")
wait_lines "$TMP/t.jsonl" 'any("c" in x for x in L)' > /dev/null
kill -TERM "$pid"
check "SIGTERM: smtscope exits" tm_wait 'SMTSCOPE-EXIT=143'
wait_lines "$TMP/t.jsonl" 'L[0]["loads"][0]["load"] == "spin@'"$A"'" and L[-1].get("why") == "SIGTERM"' 2
ok $? "SIGTERM: a plain file, its header's load, the end \"SIGTERM\""
gone_within 100 $loads
ok $? "SIGTERM: no load outlives the screen ($loads; left: $(procs_left $loads || echo none))"
tm_end

# A tour: each step it comes to is an event.
check "a tour: starts" tm_start "cd '$TMP/tour' && LANG=C.UTF-8 '$bin' tour --step 30 smt-basics"
tm_wait 'Step 1 of 5' 10 > /dev/null
tm_keys R
check "a tour: R records" tm_wait 'recording to smtscope-' 5
f=$(ls "$TMP/tour"/smtscope-*.jsonl.gz 2> /dev/null | head -n 1)
tm_keys n
tm_wait 'Step 2 of 5' 10 > /dev/null
wait_lines "$f" '[x["n"] for x in L if x.get("e") == "step"][-1:] == [2] and all(x["title"] for x in L if x.get("e") == "step")'
ok $? "a tour: the step events follow it to step 2, with their titles"
tm_keys R
check "a tour: R stops" tm_wait 'recording stopped, smtscope-[^:]*: [0-9]+ refresh(es)? over [0-9.]+ s, [0-9]+ lines?'
tm_keys q
check "a tour: q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0' 10
tm_end

# A directory it cannot write (sysfs: not even root creates files there).
check "in an unwritable directory" \
    tm_start "cd /sys && LANG=C.UTF-8 '$bin' -n -l spin@$A"
tm_wait "^ spin#1 +$A +[0-9.]+ Mloop/s" 10 > /dev/null
tm_keys R
check "R is one line on the status line" \
    tm_wait '^cannot write smtscope-[0-9]{8}-[0-9]{6}\.jsonl\.gz: Permission denied'
tm_cap | grep -q ' REC '
ok $((! $?)) "no REC mark"
tm_keys v
check "the screen goes on" tm_wait '(grid|tree) view'
tm_keys '?'
tm_wait 'smtscope help' > /dev/null
check "the help names R" tm_wait_pages ' R  +record, R stops it \(smtscope-DATE\.jsonl\.gz, --record\)'
tm_keys Escape q
check "and quits with status 1, saying why the recording failed" \
    tm_wait '^smtscope: cannot write smtscope-.*Permission denied'
check "(status 1)" tm_wait 'SMTSCOPE-EXIT=1'
tm_end

# A device (/dev/full) is not a file to record to: refused, not written.
check "--record /dev/full: starts" tm_start "LANG=C.UTF-8 '$bin' -n --record /dev/full"
check "--record /dev/full: refused on the status line" \
    tm_wait '^cannot write /dev/full: not a regular file'
tm_cap | grep -q ' REC '
ok $((! $?)) "--record /dev/full: no REC mark"
tm_keys q
check "--record /dev/full: quits with status 1" tm_wait 'SMTSCOPE-EXIT=1'
tm_end

# A view of another machine: R is refused, --record too.
check "a view" tm_start "LANG=C.UTF-8 $SMTSCOPE -n -i 'package:1 core:2 pu:1'"
tm_wait 'q quit' > /dev/null
tm_keys R
check "R is refused on a view" tm_wait 'view only: .*loads run only on this machine'
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end
out=$($SMTSCOPE -n -i 'package:1 core:2 pu:1' --record "$TMP/v.jsonl" 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q -- '--record: a recording is of this machine'
ok $? "--record with -i is a usage error ($out)"
[ ! -e "$TMP/v.jsonl" ]
ok $? "and writes no file"
done_testing
