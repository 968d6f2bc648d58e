#!/bin/sh
# tests/bench/run.sh: the speed goals, checked against independent references.
# Run by `make bench`; slow and noisy by nature, so never part of `make check`.
# Each bench prints its figures and a line per goal ("met:" or "missed:",
# the figure beside its goal); at the end the goals again, all together,
# and a last line: N of M goals met. BENCH_ONLY="kernels ui-others" runs
# those alone; lib.sh and yield-ref.sh are the others' helpers.
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
LOG=$(mktemp "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX") || exit 2
trap 'rm -f "$LOG"' EXIT INT TERM
echo "make bench on CPU $BENCH_CPU (BENCH_CPU sets it); $(load_average)"
for b in tests/bench/*.sh; do
	n=$(basename "$b" .sh)
	case $n in run|lib|yield-ref) continue ;; esac
	case " ${BENCH_ONLY:-$n} " in *" $n "*) ;; *) continue ;; esac
	echo "== $b"
	sh "$b" ./smtscope 2>&1 | tee -a "$LOG"
done
echo
echo "== the goals ($(load_average) at the end)"
grep -E '^(met|missed):' "$LOG"
met=$(grep -c '^met:' "$LOG")
all=$(grep -c -E '^(met|missed):' "$LOG")
echo "$met of $all goals met"
