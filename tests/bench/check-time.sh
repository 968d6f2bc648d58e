#!/bin/sh
# tests/bench/check-time.sh: does the default `smtscope check` take what it
# says? Three runs on the machine as it is, then three beside a hog pinned
# to CPU BENCH_CPU (tests/helpers/hog), each with the estimate it printed,
# the time it took, and the line it ends with (why, when past 25 %).
# Goals (issue 24): on the machine as it is (quiet, when it is), within 20 %
# of the estimate and at most 15 s.
# Usage: sh tests/bench/check-time.sh [SMTSCOPE]
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
SMTSCOPE=${1:-./smtscope}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 2
HOG=
trap '[ -n "$HOG" ] && kill "$HOG" 2> /dev/null; rm -rf "$TMP"' EXIT INT TERM

# one LABEL: a default check; "LABEL ESTIMATE TOOK RATIO | its last line".
one() {
	s=$(date +%s%N)
	"$SMTSCOPE" check > "$TMP/out" 2> /dev/null
	e=$(date +%s%N)
	est=$(sed -n 's/^[0-9]* runs of .* each, about \([0-9.]*\) s.*/\1/p' "$TMP/out")
	took=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.1f", (e - s) / 1e9 }')
	printf '%-10s %5s s %6s s %6s  | %s\n' "$1" "$est" "$took" "$(ratio "$took" "$est")" \
	    "$(tail -n 1 "$TMP/out")"
	echo "$1 $took $(ratio "$took" "$est")" >> "$TMP/rows"
}

say "the default check: its estimate against the time it took; $(load_average)"
printf '%-10s %7s %8s %6s  | %s\n' RUN ESTIMATE TOOK RATIO "ITS LAST LINE"
for i in 1 2 3; do
	one "as-is-$i"
done
if [ -x tests/helpers/hog ] && have taskset; then
	taskset -c "$BENCH_CPU" tests/helpers/hog 300 &
	HOG=$!
	for i in 1 2 3; do
		one "hog-$i"
	done
	kill "$HOG" 2> /dev/null
	HOG=
else
	say "skip: beside a hog: tests/helpers/hog is not built or taskset is absent"
fi
# The goals: the median of the runs on the machine as it is.
r=$(awk '$1 ~ /^as-is/ { print $3 }' "$TMP/rows" | median)
t=$(awk '$1 ~ /^as-is/ { print $2 }' "$TMP/rows" | median)
goal "default check within 20 % of its estimate (median of 3)" "$r" "<=" 1.2
goal "default check at least 0.8 of its estimate (median of 3)" "$r" ">=" 0.8
goal "default check at most 15 s (median of 3)" "$t" "<=" 15
