#!/bin/sh
# tests/cli/width.sh: every text report within 80 columns off a terminal,
# here and on the topology fixtures (-i) and a 16-CPU synthetic machine
# (the plans: --dry-run), none cut inside a word (the same words as
# --wide, which folds nothing), COLUMNS honoured (wider, narrower).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
unset COLUMNS

# longest FILE: the widest line's columns (characters, not bytes: lib.sh).
longest() {
	widest "$1"
}
# words FILE: its words, one a line (what folding must not change).
words() {
	tr -s ' \n' '\n\n' < "$1" | sed 's/,/,\n/g' | sed '/^$/d'
}
bad=""
# fits NAME MAX CMD...: CMD's text report at most MAX columns, and its words
# those of --wide (only for reports that say the same twice: plans, fixtures).
fits() {
	_name=$1 _max=$2
	shift 2
	"$@" > "$TMP/out" 2> /dev/null < /dev/null
	w=$(longest "$TMP/out")
	if [ "$w" -gt "$_max" ]; then
		bad="$bad; $_name: $w columns: $(overwide "$_max" "$TMP/out" | cut -c1-100)"
		return 1
	fi
	[ -s "$TMP/out" ] || { bad="$bad; $_name: no output"; return 1; }
	return 0
}
# same NAME COMMAND ARGS...: smtscope COMMAND fits 80, and has the words of --wide.
same() {
	_name=$1 _cmd=$2
	shift 2
	fits "$_name" 80 $SMTSCOPE "$_cmd" "$@" || return 1
	$SMTSCOPE "$_cmd" --wide "$@" > "$TMP/wide" 2> /dev/null < /dev/null
	words "$TMP/out" > "$TMP/w1"
	words "$TMP/wide" > "$TMP/w2"
	if ! cmp -s "$TMP/w1" "$TMP/w2"; then
		bad="$bad; $_name: words differ from --wide: $(diff "$TMP/w1" "$TMP/w2" |
		    grep '^[<>]' | head -n 2 | tr '\n' ' ')"
		return 1
	fi
	return 0
}

# The plans of a 16-CPU machine, with SMT.
S16='package:1 core:8 pu:2'
bad=""
same "check --dry-run -i 16" check --dry-run -i "$S16"
same "check --scheduler --dry-run -i 16" check --scheduler --dry-run -i "$S16"
same "check --idle --dry-run -i 16" check --idle --dry-run -i "$S16"
same "check --infer --dry-run -i 16" check --infer --dry-run -i "$S16"
same "c2c --dry-run -i 16" c2c --dry-run -i "$S16"
same "time -i 16" time -i "$S16" -- true
same "topo -i 16" topo -i "$S16"
[ -z "$bad" ]
ok $? "the plans of a 16-CPU machine within 80 columns, no word cut${bad}"

# Every fixture's topology and plans.
if have_topologies; then
	bad=""
	for x in "$TOPOLOGIES"/*.xml; do
		n=$(basename "$x" .xml)
		same "topo -i $n" topo -i "$x"
		same "check --dry-run -i $n" check --dry-run -i "$x"
		same "c2c --dry-run -i $n" c2c --dry-run -i "$x"
		same "time -i $n" time -i "$x" -- true
	done
	[ -z "$bad" ]
	ok $? "every fixture's topo, check, c2c and time plans within 80 columns${bad}"
else
	skip "no topology fixtures"
fi

# The reports of files: compare, replay --summary, the kernels.
bad=""
same "compare" compare tests/data/compare/
same "compare one" compare tests/data/compare/a.json
same "replay --summary" replay --summary tests/data/record/small.jsonl
same "kernels" kernels
[ -z "$bad" ]
ok $? "compare, replay --summary, kernels within 80 columns${bad}"

# Measured here, briefly: the figures differ between runs, the width not.
bad=""
# c2c needs two CPUs: with one allowed (taskset -c 0) it refuses, as it should.
need_cpus 2 && fits "c2c" 80 $SMTSCOPE c2c
fits "run" 80 $SMTSCOPE run --time 0.2 "hash@$CPU_A" "hash@${CPU_B:-$CPU_A}"
fits "time" 80 $SMTSCOPE time --runs 1 -- true
fits "check" 80 $SMTSCOPE check --kernels hash --time 0.1
# Issue 37's list names idle and the tour summaries too: --idle's warnings
# (the others named per window) and the tour's title line and solo warnings
# were each measured only at the plan, or not at all.
fits "check --idle" 80 $SMTSCOPE check --idle --time 0.1
fits "tour --headless" 80 $SMTSCOPE tour --headless --step 0.5 smt-basics
[ -z "$bad" ]
ok $? "c2c, run, time, check, check --idle and a tour measured here within 80 columns${bad}"

# rows NAME FILE HEAD ROW: the header line (HEAD, a regex) and the rows (ROW)
# of a text table, each within 80 columns: with --wide nothing is folded, so
# this is the table itself, and the fold at 80 leaves it whole.
rows() {
	awk -v h="$3" -v r="$4" '$0 ~ h { t = 1 } t && /^$/ { exit }
	    t && ($0 ~ h || $0 ~ r)' "$2" > "$TMP/rows"
	w=$(longest "$TMP/rows")
	if [ ! -s "$TMP/rows" ]; then
		bad="$bad; $1: no table"
	elif [ "$w" -gt 80 ]; then
		bad="$bad; $1: $w columns: $(overwide 80 "$TMP/rows" | cut -c1-100)"
	fi
}
# whole NAME FILE HEAD: no line of the table from HEAD to the blank line after
# it is the fold's continuation of a row (two blanks, then a word).
whole() {
	if awk -v h="$3" '$0 ~ h { t = 1 } t && /^$/ { exit } t' "$2" | grep -q '^  [^ ]'
	then
		bad="$bad; $1: a row folded: $(awk -v h="$3" '$0 ~ h { t = 1 } t' "$2" |
		    grep -m 1 -B 1 '^  [^ ]' | tr '\n' '|' | cut -c1-160)"
	fi
}
# The class table of c2c and the pair table of check --infer, measured here
# and on a topology with SMT (the file's CPUs 0 and 1 are siblings there):
# every row one line of at most 80 columns.
SMT=$TOPOLOGIES/sony-ps3-cell-1c2t.xml
bad=""
# Both measure pairs of CPUs (the SMT file's are 0 and 1): two allowed.
need_cpus 2 || skip "c2c's classes and check --infer's pairs: $CPUS_WHY"
need_cpus 2 && for t in here smt; do
	if [ "$t" = smt ]; then
		have_topologies || continue
		export HWLOC_XMLFILE="$SMT" HWLOC_THISSYSTEM=1
	fi
	$SMTSCOPE c2c --wide > "$TMP/c2c.wide" 2> /dev/null < /dev/null
	rows "c2c --wide ($t)" "$TMP/c2c.wide" '^class ' '^[a-z]'
	$SMTSCOPE c2c > "$TMP/c2c" 2> /dev/null < /dev/null
	rows "c2c ($t)" "$TMP/c2c" '^class ' '^[a-z]'
	whole "c2c ($t)" "$TMP/c2c" '^class '
	$SMTSCOPE check --infer --time 0.1 --wide > "$TMP/infer.wide" 2> /dev/null < /dev/null
	rows "check --infer --wide ($t)" "$TMP/infer.wide" '^PAIR ' '^[0-9]+:[0-9]+ '
	unset HWLOC_XMLFILE HWLOC_THISSYSTEM
done
if need_cpus 2; then
	[ -z "$bad" ]
	ok $? "c2c's classes and check --infer's pairs: a row a line, within 80${bad}"
fi

# COLUMNS: wider where the terminal is; --wide, one line each.
COLUMNS=120 $SMTSCOPE check --dry-run -i "$S16" > "$TMP/120"
COLUMNS=120 $SMTSCOPE check --dry-run -i "$S16" --wide > "$TMP/wide"
w120=$(longest "$TMP/120")
wwide=$(longest "$TMP/wide")
[ "$w120" -le 120 ] && [ "$wwide" -gt 80 ] && [ "$(wc -l < "$TMP/wide")" -le "$(wc -l < "$TMP/120")" ]
ok $? "COLUMNS=120: at most 120 ($w120); --wide folds nothing ($wwide)"
COLUMNS=60 $SMTSCOPE compare tests/data/compare/ > "$TMP/60"
w60=$(longest "$TMP/60")
[ "$w60" -le 60 ]
ok $? "COLUMNS=60: at most 60 ($w60)"
$SMTSCOPE check --dry-run -i "$S16" --json > "$TMP/json"
[ "$(wc -l < "$TMP/json")" -le 2 ]
ok $? "--json is never folded ($(wc -l < "$TMP/json") lines)"

done_testing
