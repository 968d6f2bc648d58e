#!/bin/sh
# tests/screen/tourend.sh: a tour's end at 80x24 (issue 36, point 4). The
# summary does not fit: its last row says how many lines are below and
# which keys scroll; End and Home scroll it; its prose is reflowed to the
# width, never wrapped twice ("the work" / "done" / "counted"); after q the
# summary is printed on the terminal.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

if ! command -v python3 > /dev/null 2>&1; then
	skip "no python3"
	done_testing
	exit
fi
TM_W=80 TM_H=24
check "a tour at 80x24 starts" tm_start "LANG=C.UTF-8 $SMTSCOPE tour --step 1 smt-basics"
check "it reaches its end" tm_wait 'End of the tour' 120
check "the summary's last row says what is below and how to scroll" \
    tm_wait '^ v [0-9]+ lines? below: Up Down PgUp PgDn; Esc closes it' 5
# wrapped_once FILE: no prose line of the caption broken before the width needs.
wrapped_once() {
	python3 - "$1" <<'PY'
import re, sys
rows = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
start = [i for i, l in enumerate(rows) if l.startswith(" End of the tour")]
end = [i for i, l in enumerate(rows) if re.match(r"^ [v^] \d+ lines? ", l)]
rows = rows[start[0]:end[0]] if start and end else []
bad = [] if rows else ["no caption"]
for a, b in zip(rows, rows[1:]):
    a, b = a[1:], b[1:]      # the caption's margin
    if not a or not b or a.startswith(" ") or "  " in a or not re.match(r"[a-z]", b):
        continue
    if len(a) + 1 + len(b.split()[0]) <= 78:
        bad.append("[%s] / [%s]" % (a, b))
print("; ".join(bad) or "ok")
sys.exit(1 if bad else 0)
PY
}
tm_cap > "$TMP/top"
why=$(wrapped_once "$TMP/top")
ok $? "the summary's prose is wrapped once to the width ($why)"
tm_keys End
check "End scrolls to its end" tm_wait '^ \^ [0-9]+ lines? above' 5
tm_keys Home
check "Home back to its start" tm_wait '^ End of the tour' 5
tm_keys q
check "q ends with status 0" tm_wait 'SMTSCOPE-EXIT=0' 10
tm capture-pane -p -S -200 > "$TMP/after"
grep -q '^Summary: SMT basics' "$TMP/after"
ok $? "the summary is printed on the terminal after q"
grep -E -q '^1 +One MD5 load alone' "$TMP/after"
ok $? "with its steps"
done_testing
