#!/bin/sh
# tests/bench/replay.sh: replaying an hour of a big machine (issue 14).
# A recording of an hour at 1 Hz with 8 loads on the 384-CPU Zen 4 machine
# (../shared/topologies) is made here: the header is a real recording of
# this machine (smtscope record) with the Zen 4 topology put in; each
# sample's CPU triples and load entries are drawn at random from the real
# recording's (so no two lines are alike: worse for gzip than a real
# machine), compressed as smtscope does (zlib level 6, a sync flush after
# every line). Then, as users run it:
#   - the file's size (goal: under 20 MB);
#   - `smtscope replay --summary` start to exit (reading it whole);
#   - the screen (120x40 tmux pane) playing it at 16x for BENCH_REPLAY_SECONDS
#     (20) with seeks, each frame's time to lay out and draw
#     (SMTSCOPE_UI_STATS): median, 99th percentile, worst; beside the same
#     machine's view (smtscope -i, no recording) drawn the same way.
# At 16x a 1 Hz recording needs a frame every 62 ms: no stutter means the
# worst frame well under that.
# Usage: sh tests/bench/replay.sh [SMTSCOPE]
cd "$(dirname "$0")/../.." || exit 2
. tests/bench/lib.sh
SMTSCOPE=${1:-./smtscope}
case $SMTSCOPE in /*) ;; *) SMTSCOPE=$PWD/${SMTSCOPE#./} ;; esac
SECONDS_RUN=${BENCH_REPLAY_SECONDS:-20}
TOPOLOGIES=${SMTSCOPE_TOPOLOGIES:-../shared/topologies}
XML=$TOPOLOGIES/amd-epyc-9654-zen4-2s.xml
SOCK=smtscope-bench-replay-$$
TMP=${BENCH_TMP:-$(mktemp -d "${TMPDIR:-/tmp}/smtscope-bench.XXXXXX")}
XDG_CONFIG_HOME="$TMP/config"
export XDG_CONFIG_HOME
trap 'tmux -L "$SOCK" kill-server > /dev/null 2>&1
rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK" 2> /dev/null; [ -n "$BENCH_TMP" ] || rm -rf "$TMP"' EXIT INT TERM

[ -f "$XML" ] || { echo "skip: $XML is absent (a clone without ../shared)"; exit 0; }
command -v python3 > /dev/null 2>&1 || { echo "skip: python3 is not installed"; exit 0; }
command -v tmux > /dev/null 2>&1 || { echo "skip: tmux is not installed"; exit 0; }

$SMTSCOPE record -o "$TMP/real.jsonl" --time 10 -l hash@0 -l spin@1 > /dev/null || exit 1
$SMTSCOPE topo --json -i "$XML" > "$TMP/topo.json" || exit 1
python3 - "$TMP/real.jsonl" "$XML" "$TMP/topo.json" "$TMP/hour.jsonl.gz" <<'EOF' || exit 1
import json, random, sys, zlib
real, xml, topo, out = sys.argv[1:5]
lines = [json.loads(l) for l in open(real)]
head = lines[0]
samples = [l for l in lines[1:] if "c" in l]
if not samples:
    sys.exit("no sample in the real recording")
triples = []
for s in samples:
    c = s["c"]
    triples += [c[i:i + 3] for i in range(0, len(c), 3)]
solo = {1: None, 2: None}
for l in lines[1:]:
    if l.get("e") == "solo":
        solo[l["id"]] = l["solo"]
def pus(node, acc):
    if node["type"] == "PU":
        acc.append(node["os_index"])
    for c in node.get("children", []):
        pus(c, acc)
    return acc
cpus = pus(json.load(open(topo))["tree"], [])
kinds = head["loads"]
places = [0, 192, 1, 193, 64, 65, 300, 301]
head["cpus"] = cpus
head["xml"] = open(xml).read()
head["machine"]["hostname"] = "zen4-made"
head["machine"]["cpu"] = {"vendor": "AuthenticAMD", "brand": "AMD EPYC 9654 96-Core Processor"}
head["machine"]["topology"].update(packages=2, cores=192, pus=384, smt_width=2,
                                   smt_on=True, smt_control="on")
head["loads"] = [dict(kinds[i % 2], load="%s@%d" % (kinds[i % 2]["kernel"], p))
                 for i, p in enumerate(places)]
random.seed(1)
objs = [head]
objs += [{"t": 0.01, "e": "start", "id": i + 1, "n": i} for i in range(8)]
objs += [{"t": 0.5 + i, "e": "solo", "id": i + 1, "solo": solo[i % 2 + 1], "share": 1,
          "spread": 0.01, "disturbed": False, "tries": 1} for i in range(8)]
for k in range(3600):
    c = []
    for _ in cpus:
        c += random.choice(triples)
    l = [[i + 1, "r", solo[i % 2 + 1] * random.uniform(0.45, 1.0),
          round(random.uniform(0.5, 1.0), 2), solo[i % 2 + 1]] for i in range(8)]
    objs.append({"t": round(9.0 + k, 2), "c": c, "l": l})
objs.append({"t": 3609.5, "e": "end", "why": "time"})
z = zlib.compressobj(6, zlib.DEFLATED, 31)
with open(out, "wb") as f:
    for o in objs:
        f.write(z.compress((json.dumps(o, separators=(",", ":")) + "\n").encode()))
        f.write(z.flush(zlib.Z_SYNC_FLUSH))
    f.write(z.flush())
EOF
bytes=$(wc -c < "$TMP/hour.jsonl.gz")
echo "an hour at 1 Hz, 8 loads, 384 CPUs (made from a real recording): $(awk -v b="$bytes" 'BEGIN { printf "%.1f MB gzip", b / 1e6 }')"
goal "an hour's recording, 8 loads, 384 CPUs, MB gzip" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" "<=" 20

# msec CMD...: wall milliseconds of a command.
msec() {
	_a=$(date +%s%N)
	"$@" > /dev/null 2>&1
	_r=$?
	_b=$(date +%s%N)
	echo $(( (_b - _a) / 1000000 ))
	return $_r
}
echo "replay --summary of it, start to exit: $(msec "$SMTSCOPE" replay --summary "$TMP/hour.jsonl.gz") ms"

# frames FILE NAME CMD KEYS...: run CMD in a 120x40 pane for the seconds, typing the
# keys once up and a seek key every 2 s; print the frames' draw times.
frames() {
	_f=$TMP/$1.stats _name=$2 _cmd=$3
	shift 3
	tmux -u -L "$SOCK" -f /dev/null new-session -d -x 120 -y 40 \
	    "SMTSCOPE_UI_STATS=$_f LANG=C.UTF-8 $_cmd" || return 1
	_i=0
	while [ "$_i" -lt 100 ] && ! tmux -L "$SOCK" capture-pane -p | grep -q 'Package 0'; do
		sleep 0.1
		_i=$((_i + 1))
	done
	[ $# -gt 0 ] && tmux -L "$SOCK" send-keys "$@"
	_s=0
	while [ "$_s" -lt "$SECONDS_RUN" ]; do
		sleep 2
		_s=$((_s + 2))
		[ $# -gt 0 ] && tmux -L "$SOCK" send-keys "$(( _s % 10 ))"
	done
	tmux -L "$SOCK" send-keys q
	_i=0
	while [ "$_i" -lt 100 ] && [ ! -s "$_f" ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	tmux -L "$SOCK" kill-server > /dev/null 2>&1
	[ -s "$_f" ] || { echo "$_name: no frame times written"; return 1; }
	awk -v n="$_name" '{ printf "%-28s %6d frames, draw median %.2f ms, 99th %.2f ms, worst %.2f ms\n",
	    n, $2, $4 / 1000, $6 / 1000, $8 / 1000 }' "$_f"
}
frames replay "replay at 16x, seeks" "$SMTSCOPE replay $TMP/hour.jsonl.gz" + + + +
frames view "reference: -i view, 1 Hz" "$SMTSCOPE -n -i $XML"
