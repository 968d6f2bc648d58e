# tests/bench/record-size.sh [SMTSCOPE|RECORDING]: how big an hour at 1 Hz with 8 loads
# on a 384-CPU machine gets (the goal: under 20 MB compressed), estimated
# from a real recording of this machine (made here, 8 spin loads, 20 s, unless
# one is given). From its samples: the bytes of a line without CPUs and loads,
# per CPU (the c triples) and per load (the l entries). Then 3,600 lines of
# 384 CPUs and 8 loads are made by drawing each CPU's triple and each load's
# entry at random from the real ones (no two lines alike: worse for gzip than a
# real machine, whose idle CPUs repeat "0,0,0"), compressed as smtscope does
# (zlib level 6, a sync flush after every line), and measured.
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
SMTSCOPE=${SMTSCOPE:-./smtscope}
rec=
# bench/run.sh passes the program; a recording's name ends in .jsonl or .gz.
case $1 in
*.jsonl|*.gz) rec=$1 ;;
?*) SMTSCOPE=$1 ;;
esac
if [ -z "$rec" ]; then
	rec=$(mktemp "${TMPDIR:-/tmp}/smtscope-size.XXXXXX")
	trap 'rm -f "$rec"' EXIT
	$SMTSCOPE record -o "$rec" --time 20 -l spin@0 -l spin@1 -l spin@0 -l spin@1 \
	    -l spin@0 -l spin@1 -l spin@0 -l spin@1 || exit 1
fi
OUT=$(mktemp "${TMPDIR:-/tmp}/smtscope-size.XXXXXX") || exit 1
python3 - "$rec" > "$OUT" <<'EOF'
import gzip, json, random, sys, zlib
path = sys.argv[1]
opener = gzip.open if path.endswith(".gz") else open
lines = [l.rstrip("\n") for l in opener(path, "rt")]
head = json.loads(lines[0])
samples = [l for l in lines[1:] if '"c":[' in l]
ncpu = len(head["cpus"])
triples, loads, fixed = [], [], []
for s in samples:
    j = json.loads(s)
    c = [json.dumps(v) for v in j["c"]]
    triples += [",".join(c[i:i + 3]) for i in range(0, len(c), 3)]
    loads += [json.dumps(x, separators=(",", ":")) for x in j["l"]]
    fixed.append(len(s) - len(",".join(c)) - len(",".join(json.dumps(x, separators=(",", ":")) for x in j["l"])))
if not samples:
    sys.exit("no samples in " + path)
per_cpu = sum(len(t) + 1 for t in triples) / len(triples)
per_load = sum(len(x) + 1 for x in loads) / len(loads)
base = sum(fixed) / len(fixed)
CPUS, LOADS, LINES = 384, 8, 3600
print("real recording: %s, %d CPUs, %d samples, header %d bytes" % (path, ncpu, len(samples), len(lines[0])))
print("a sample line: %.1f bytes fixed + %.2f per CPU + %.1f per load" % (base, per_cpu, per_load))
est = base + CPUS * per_cpu + LOADS * per_load
print("384 CPUs, 8 loads: %.0f bytes a line; an hour at 1 Hz: %.1f MB uncompressed" % (est, est * LINES / 1e6))
random.seed(1)
z = zlib.compressobj(6, zlib.DEFLATED, 31)
out = len(z.compress(lines[0].encode() + b"\n")) + len(z.flush(zlib.Z_SYNC_FLUSH))
raw = 0
for k in range(LINES):
    c = ",".join(random.choice(triples) for _ in range(CPUS))
    l = ",".join(random.choice(loads) for _ in range(LOADS))
    line = ('{"t":%.2f,"c":[%s],"l":[%s]}\n' % (k + 1.0, c, l)).encode()
    raw += len(line)
    out += len(z.compress(line)) + len(z.flush(zlib.Z_SYNC_FLUSH))
out += len(z.flush())
print("made: %d lines of 384 CPUs drawn from the real triples: %.1f MB raw, %.2f MB gzip "
      "(%.0f bytes a line)" % (LINES, raw / 1e6, out / 1e6, out / LINES))
EOF
st=$?
cat "$OUT"
mb=$(sed -n 's/^made: .*, \([0-9.]*\) MB gzip .*/\1/p' "$OUT")
rm -f "$OUT"
goal "an hour at 1 Hz, 8 loads, 384 CPUs, MB gzip (drawn at random)" "${mb:-n/a}" "<=" 20
exit $st
