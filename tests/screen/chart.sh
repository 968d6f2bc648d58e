#!/bin/sh
# tests/screen/chart.sh: the time chart where rows are spare: its title,
# the 100% line, each load named at its line's end, events on the time axis,
# the cursor's CPU's busy row; C hides and shows it; ASCII mode draws
# digits, no braille; a floating load gets its strip of CPUs; no chart on
# a view of another machine. Issue 36: a chart you can follow: each load a
# thin line of braille dots (no blocks), in a colour of its own; the time
# axis from launch, its label no longer than the time since; every row
# the tree spares goes to the chart (one blank row between); without a
# load, the CPUs' busy history. (The physics: tests/physics/screen-chart.sh.)
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

TM_W=100 TM_H=30
check "starts with a load" tm_start "LANG=C.UTF-8 $SMTSCOPE -l spin@$CPU_A"
check "the chart's title where the tree leaves rows" \
    tm_wait '^ SPEED against solo, (since launch|last) [0-9]+ s'
check "its 100% line" tm_wait '^100%  ·+'
check "the load named at its line's end with its speed (marked ~ or ? on a disturbed solo)" \
    tm_wait ' spin#1 (~?[0-9]+%|[?])$' 10
check "the start marked on the time axis" tm_wait '^-[0-9]+s .*S.* now$'
check "the cursor's CPU's busy history" tm_wait "^CPU$CPU_A .* busy [0-9]+%\$"
tm_keys C
check "C hides it" tm_wait 'time chart hidden'
tm_wait_not '^ SPEED against solo' > /dev/null
ok $? "the chart is gone"
tm_keys C
check "C shows it again" tm_wait '^ SPEED against solo'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

# chart_follow CAPTURE.ansi ELAPSED: the chart as issue 36 wants it (python3).
chart_follow() {
	python3 - "$1" "$2" <<'PY'
import re, sys
raw = open(sys.argv[1], encoding="utf-8").read().split("\n")
elapsed = float(sys.argv[2])
plain = [re.sub(r"\x1b\[[0-9;]*m", "", l) for l in raw]
bad = []
t = [i for i, l in enumerate(plain) if re.match(r"^ SPEED against solo, ", l)]
if not t:
    print("no chart title"); sys.exit(1)
title = plain[t[0]]
m = re.search(r"(since launch|last) (\d+) s", title)
axis = [l for l in plain if re.match(r"^-\d+s ", l)]
if not m or not axis:
    bad.append("no time in the title or no axis")
else:
    secs = int(m.group(2))
    if secs > elapsed + 2:
        bad.append("the title says %d s, %.0f s since launch" % (secs, elapsed))
    if not axis[0].startswith("-%ds " % secs):
        bad.append("the axis says %s, the title %d s" % (axis[0].split()[0], secs))
# Between the tree's last row and the chart's title: one blank row at most.
gap = 0
for l in reversed(plain[:t[0]]):
    if l.strip():
        break
    gap += 1
if gap > 1:
    bad.append("%d blank rows over the chart" % gap)
end = [i for i, l in enumerate(plain) if re.match(r"^-\d+s ", l)][0]
plot = plain[t[0] + 1:end]
if any(re.search("[\u2580-\u2588]", l[6:]) for l in plot):
    bad.append("blocks in the plot")
if not any(re.search("[\u2801-\u28ff]", l) for l in plot):
    bad.append("no braille dots in the plot")
# Each load's name at the right in a colour of its own.
cols = {}
for l in raw[t[0] + 1:end]:
    for mm in re.finditer(r"\x1b\[([0-9;]*)m([a-z]+#\d+)", l):
        cols[mm.group(2)] = mm.group(1)
if len(set(cols.values())) != len(cols) or len(cols) < 4:
    bad.append("names' colours: %s" % cols)
print("; ".join(bad) or "ok: %s, %d blank row(s) over it, colours %s" % (title.strip(),
      gap, sorted(set(cols.values()))))
sys.exit(1 if bad else 0)
PY
}

if need_cpus 2 && command -v python3 > /dev/null 2>&1; then
	TM_W=120 TM_H=36 TM_SOCK="smtscope-test-chart-four-$$"
	t0=$(date +%s)
	check "four loads at 120x36 start" tm_start "LANG=C.UTF-8 TERM=xterm-256color \
	    $SMTSCOPE -l hash@$CPU_A -l spin@$CPU_A -l fp@$CPU_B -l int@$CPU_B"
	tm_wait ' int#4 (~?[0-9]+%|[?]) *$' 30 > /dev/null
	sleep 3
	tm capture-pane -e -p > "$TMP/four.ansi"
	why=$(chart_follow "$TMP/four.ansi" $(( $(date +%s) - t0 )))
	ok $? "four loads: braille lines, a colour each, the axis from launch ($why)"
	tm_keys q
	tm_end
	TM_W=120 TM_H=36 TM_SOCK="smtscope-test-chart-none-$$"
	check "no load: starts" tm_start "LANG=C.UTF-8 $SMTSCOPE"
	check "no load: the CPUs' busy history where rows are spare" \
	    tm_wait '^ BUSY of each CPU, since launch [0-9]+ s'
	check "no load: a busy row per CPU" tm_wait "^CPU$CPU_B .* busy [0-9]+%\$"
	tm_keys q
	tm_end
else
	skip "four loads: $CPUS_WHY, or no python3"
fi

# fp floats over the allowed CPUs: a strip of them with two.
check "ASCII: starts" tm_start "LANG=C NO_COLOR=1 $SMTSCOPE -l spin@$CPU_A -l fp@$ALLOWED_LIST"
check "ASCII: the 100% line in dots" tm_wait '^100%  \.+'
# Its end label is ~N% or ? where a busy machine disturbed its solo. Its
# row may be a labelled one: at 100% of its solo or more it is the 100% line's.
check "ASCII: load 1's line is its digit" \
    tm_wait '^( {4}|[ 0-9]{3}%)  .*1.* spin#1 (~?[0-9]+%|\?)$|^ {6} *1' 20
if need_cpus 2; then
	check "ASCII: a floating load's strip of CPUs" tm_wait '^#2~ +.*[0-9]+ fp#2 CPU$' 10
else
	skip "ASCII: a floating load's strip: $CPUS_WHY"
fi
tm_cap | LC_ALL=C grep -q '[^ -~]'
[ $? -ne 0 ]
ok $? "ASCII: nothing but ASCII on the screen"
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
tm_end

check "a view of another machine starts" tm_start \
    "LANG=C.UTF-8 $SMTSCOPE -i 'package:1 core:2 pu:1'"
tm_wait 'q quit' > /dev/null
tm_cap | grep -q 'SPEED against solo'
[ $? -ne 0 ]
ok $? "a view has no chart (no loads)"
tm_keys C
check "C says why" tm_wait 'no chart: this is a view of another machine'
tm_keys q
tm_end

# Three loads whose lines end at one height: each is still named at the right.
if need_cpus 2; then
	TM_W=100 TM_H=24 TM_SOCK="smtscope-test-chart-three-$$"
	check "three loads at 100x24 start" tm_start \
	    "LANG=C.UTF-8 $SMTSCOPE -l hash@$CPU_A -l hash@$CPU_A -l fp@$CPU_B"
	tm_wait '^-[0-9]+s .* now$' 30 > /dev/null
	for n in hash#1 hash#2 fp#3; do
		tm_wait " $n (~?[0-9]+%|[?]) *\$" 10 > /dev/null || missing="$missing $n"
	done
	[ -z "$missing" ]
	ok $? "each load is named at its line's end (missing:${missing:- none})"
	tm_keys q
	tm_end
else
	skip "three loads: $CPUS_WHY"
fi
done_testing
