#!/bin/sh
# tests/bench/check-spread.sh: how steady `smtscope check`'s yields are, as
# users run it: the default check N times in a row (default 5), then per
# kernel and relation the yields, their spread (largest minus smallest) and
# whether it is at most 0.05, and each run's wall time. Timings: run it on a
# quiet machine (it says how busy the CPUs were before it started).
# Usage: [CHECK_SPREAD_RUNS=N] sh tests/bench/check-spread.sh [SMTSCOPE]
cd "$(dirname "$0")/../.." || exit 2
N=${CHECK_SPREAD_RUNS:-5}
SMTSCOPE=${1:-./smtscope}
TMP=$(mktemp -d) || exit 2
trap 'rm -rf "$TMP"' EXIT
command -v python3 > /dev/null 2>&1 || { echo "check-spread: needs python3"; exit 0; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
i=1
while [ "$i" -le "$N" ]; do
	start=$(date +%s.%N)
	"$SMTSCOPE" check --json > "$TMP/run$i.json" 2> /dev/null
	end=$(date +%s.%N)
	echo "run $i: $(python3 -c "print(round($end - $start, 1))") s"
	i=$((i + 1))
done
python3 - "$TMP" "$N" <<'PY'
import json, sys
d, n = sys.argv[1], int(sys.argv[2])
runs = [json.load(open("%s/run%d.json" % (d, i))) for i in range(1, n + 1)]
worst = 0
print("%-8s %-12s %-40s %7s %s" % ("KERNEL", "RELATION", "YIELDS", "SPREAD", "<=0.05"))
for k in runs[0]["results"]:
    for rel, c in runs[0]["results"][k].items():
        if c is None:
            continue
        ys = [r["results"][k][rel]["yield"] for r in runs
              if r["results"].get(k, {}).get(rel) and r["results"][k][rel]["yield"] is not None]
        dist = sum(1 for r in runs if r["results"].get(k, {}).get(rel) and
                   r["results"][k][rel].get("disturbed"))
        if not ys:
            continue
        sp = max(ys) - min(ys)
        worst = max(worst, sp)
        print("%-8s %-12s %-40s %7.3f %s%s" % (k, rel, " ".join("%.3f" % y for y in ys), sp,
              "yes" if sp <= 0.05 else "NO", " (%d disturbed)" % dist if dist else ""))
print("largest spread: %.3f" % worst)
PY
