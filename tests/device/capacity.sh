#!/bin/sh
# tests/device/capacity.sh: the capacity scan on a machine of 16 CPUs or more
# (issue 35, points 2 and 5): check --capacity's plan, the scan itself
# (text, JSON, CSV, SVG) and its time against the plan, a second scan to
# see whether CPUs keep their levels, and a 16-load run (one int per CPU)
# whose speeds the scan's figures explain or not. Built binaries only
# (./smtscope, ./smtscope-load). Writes under $OUT: capacity.txt (the
# figures and the goal lines), capacity-plan.txt, capacity-scan.txt,
# capacity.json, capacity.csv, capacity.svg, capacity-scan2.json,
# run16.json. At most about 3 minutes.
# Usage: OUT=DIR sh tests/device/capacity.sh
cd "$(dirname "$0")/../.." || exit 2
OUT=${OUT:-/tmp/smtscope-device}
mkdir -p "$OUT"
R=$OUT/capacity.txt
say() { printf '%s\n' "$*" | tee -a "$R"; }
: > "$R"
ncpu=$(getconf _NPROCESSORS_ONLN)
say "smtscope capacity scan: $(uname -m), $ncpu CPUs online, $(nproc) allowed"
[ -x ./smtscope ] && [ -x ./smtscope-load ] || { say "skip: ./smtscope is not built"; exit 0; }
[ "$ncpu" -ge 16 ] || say "note: fewer than 16 CPUs here ($ncpu)"

# The plan, and its time.
./smtscope check --capacity --dry-run > "$OUT/capacity-plan.txt" 2>&1
./smtscope check --capacity --dry-run --json > "$OUT/capacity-plan.json" 2>&1
plan=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print("%.1f %s" % (j["estimate_s"], j["how"]))' "$OUT/capacity-plan.json" 2>/dev/null)
say "plan: ${plan:-unread} (goal: at most 20 s for 16 CPUs)"

# The scan, timed: text (with the SVG), then JSON and CSV.
t0=$(date +%s.%N)
timeout 120 ./smtscope check --capacity --svg "$OUT/capacity.svg" > "$OUT/capacity-scan.txt" 2>&1
rc=$?
t1=$(date +%s.%N)
say "scan (text, --svg): exit $rc in $(echo "$t1 - $t0" | bc) s"
awk '{ if (length($0) > m) m = length($0) } END { print "widest text line: " m + 0 " columns (goal: 80)" }' \
    "$OUT/capacity-scan.txt" | tee -a "$R"
timeout 120 ./smtscope check --capacity --json > "$OUT/capacity.json" 2> /dev/null
timeout 120 ./smtscope check --capacity --csv > "$OUT/capacity.csv" 2> /dev/null
python3 - "$OUT/capacity.json" <<'PY' | tee -a "$R"
import json, sys
j = json.load(open(sys.argv[1]))
k = j["kernels"][0]
print("scan (json): %.1f s, planned %.1f s, %s, hypervisor %s" % (j["elapsed_s"], j["estimate_s"], k["how"], j["hypervisor"] or "none"))
print("median %.3g %s, noise floor %s (CPU %s), %d outliers, %d in two levels" % (k["median"] or 0, k["unit"],
    "%.1f %%" % (100 * j["noise_floor"]) if j["noise_floor"] is not None else "n/a", k["noise_cpu"], k["outliers"], k["two_levels"]))
for c in k["cpus"]:
    print("  CPU %3d: median %s, rounds %s%s%s%s" % (c["cpu"], c["median"], [s["rate"] for s in c["samples"]],
        " OUTLIER" if c["outlier"] else "", " " + c["levels"] if c["two_levels"] else "",
        " others: " + c["others_work"] if c["others_work"] else ""))
PY

# A second scan a little later: do the same CPUs keep their levels?
sleep 20
timeout 120 ./smtscope check --capacity --json > "$OUT/capacity-scan2.json" 2> /dev/null
python3 - "$OUT/capacity.json" "$OUT/capacity-scan2.json" <<'PY' | tee -a "$R"
import json, sys
a, b = (json.load(open(p))["kernels"][0]["cpus"] for p in sys.argv[1:3])
moved = [(x["cpu"], x["median"], y["median"]) for x, y in zip(a, b)
    if x["median"] and y["median"] and abs(x["median"] - y["median"]) / x["median"] > 0.1]
print("second scan: %d CPUs moved more than 10 %% between scans: %s" % (len(moved), moved[:16]))
PY

# A 16-load run, one int per CPU: its speeds beside the scan's figures.
n=$ncpu
[ "$n" -gt 16 ] && n=16
loads=
i=0
for c in $(python3 -c 'import json,sys; print(" ".join(str(c["cpu"]) for c in json.load(open(sys.argv[1]))["kernels"][0]["cpus"]))' "$OUT/capacity.json"); do
	[ $i -ge $n ] && break
	loads="$loads int@$c"
	i=$((i + 1))
done
# shellcheck disable=SC2086
timeout 150 ./smtscope run --json --time 2 $loads > "$OUT/run16.json" 2> "$OUT/run16.err"
say "run of $n int loads: exit $?"
python3 - "$OUT/run16.json" "$OUT/capacity.json" <<'PY' | tee -a "$R"
import json, sys
r = json.load(open(sys.argv[1]))
scan = {c["cpu"]: c for c in json.load(open(sys.argv[2]))["kernels"][0]["cpus"]}
for l in r.get("loads", []):
    cpu = l.get("cpus", [None])[0] if isinstance(l.get("cpus"), list) else l.get("cpu")
    s = scan.get(cpu, {})
    print("  %s: speed %s, scan median %s, scan range %s-%s%s" % (l.get("spec", l.get("name")), l.get("speed"),
        s.get("median"), s.get("min"), s.get("max"), " (two levels)" if s.get("two_levels") else ""))
PY
say "done: outputs in $OUT"
