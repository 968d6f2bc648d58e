# tests/cli/security.sh: smtscope run as root in a shared directory (issue 25).
# Every file a command writes goes through one writer: a link another user
# planted at the name is refused with a line naming it, and its target (a
# file of root's) is untouched; every input is opened the same way: a FIFO,
# a device or a directory is refused at once, and sizes are capped; a
# recording's XML goes through hwloc's probe child; a full disk leaves no
# empty file; command lines with leftovers are usage errors. doc/SECURITY
# names these checks beside its claims (the last check here holds it to them).
# The screen's own files (S, R, --record, the settings, SMTSCOPE_UI_STATS)
# are in tests/screen/security.sh.
. tests/lib.sh

# The real-machine fixtures' XML for replays is made here (lstopo), not read.
LUID=$(free_uid)
# planted NAME: as another user (a uid owning no process), a link at
# $D/NAME to root's file $V. Needs root and setpriv; false otherwise.
planted() {
	rm -f "$D/$1"
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups ln -s "$V" "$D/$1" 2> /dev/null
}
# untouched: root's file is as it was.
untouched() {
	[ "$(cat "$V")" = "root's own file" ]
}
# refused WHAT NAME CMD...: with a link planted at NAME, CMD exits non-zero
# with one line naming $D/NAME, the target untouched, the link still a link.
refused() {
	_what=$1
	_name=$2
	shift 2
	if ! planted "$_name"; then
		skip "$_what: needs root and setpriv to plant a link as another user"
		return
	fi
	"$@" > "$TMP/out" 2> "$TMP/err" < /dev/null
	_st=$?
	[ $_st -ne 0 ] && untouched && [ -L "$D/$_name" ] &&
	    grep -q "$D/$_name" "$TMP/err" && [ "$(wc -l < "$TMP/err")" -eq 1 ]
	ok $? "case 1: $_what: a planted link is refused (status $_st: $(head -c 200 "$TMP/err")); root's file untouched"
	echo "root's own file" > "$V"
}

D=$TMP/shared
V=$TMP/victim
chmod 711 "$TMP"
mkdir -p "$D"
echo "root's own file" > "$V"
# A shared directory like /tmp: root's, sticky, anyone may write in it (a
# directory another user owns is refused whole: tests/cli/safepath.sh).
chmod 1777 "$D"

# 1. Every writer, with a link planted by another user in a shared directory.
refused "compare -o" out.txt $SMTSCOPE compare -o "$D/out.txt" tests/data/compare
refused "run -o" run.json $SMTSCOPE run --time 0.2 -o "$D/run.json" "spin@$CPU_A"
refused "check -o" check.json $SMTSCOPE check --dry-run -o "$D/check.json"
refused "check --svg" check.svg $SMTSCOPE check --kernels spin --time 0.2 --svg "$D/check.svg"
refused "time -o" time.json $SMTSCOPE time --dry-run -o "$D/time.json" -- true
refused "time --svg" time.svg $SMTSCOPE time --runs 1 --svg "$D/time.svg" -- true
refused "record -o" rec.jsonl $SMTSCOPE record -o "$D/rec.jsonl" --time 0.2
host=$(uname -n | cut -d. -f1)
refused "record -o with %h" "$host.jsonl.gz" $SMTSCOPE record -o "$D/%h.jsonl.gz" --time 0.2
# %h of a host name with a '/' (issue 39, point 8): one file, the '/' as '_',
# no directory added to the path. Needs root and unshare (a UTS namespace).
mkdir -p "$TMP/h"
if [ "$(id -u)" -eq 0 ] && unshare -u true 2> /dev/null; then
	unshare -u sh -c 'printf "ev/il.x" > /proc/sys/kernel/hostname &&
	    exec "$@"' sh $SMTSCOPE check --dry-run --json -o "$TMP/h/%h.json" \
	    > "$TMP/h.out" 2>&1
	rc=$?
	[ $rc -eq 0 ] && [ -s "$TMP/h/ev_il.json" ] && [ "$(ls "$TMP/h")" = ev_il.json ]
	ok $? "-o %h with host name ev/il.x: $TMP/h/ev_il.json alone (rc $rc: $(ls "$TMP/h" | tr '\n' ' ')$(head -n 1 "$TMP/h.out"))"
else
	skip "-o %h with a '/' in the host name: needs root and unshare -u"
fi
refused "c2c --svg" c2c.svg $SMTSCOPE c2c --cpus 0,1 --samples 1 --svg "$D/c2c.svg"
refused "tour -r" tour.json $SMTSCOPE tour --headless -r "$D/tour.json" doc/tours/smt-basics.tour
refused "tour --svg" tour.svg $SMTSCOPE tour --headless --svg "$D/tour.svg" doc/tours/smt-basics.tour

# A device is never replaced by an output file (as root a rename would).
$SMTSCOPE compare -o /dev/null tests/data/compare > /dev/null 2> "$TMP/err"
[ $? -ne 0 ] && [ -c /dev/null ] && grep -q '/dev/null: not a regular file' "$TMP/err"
ok $? "case 1: compare -o /dev/null is refused, /dev/null stays a device ($(cat "$TMP/err"))"
# A recording over a file of the user's own is written again; over a hard link, not.
echo old > "$TMP/mine.jsonl"
$SMTSCOPE record -o "$TMP/mine.jsonl" --time 0.2 2> "$TMP/err"
[ $? -eq 0 ] && head -n 1 "$TMP/mine.jsonl" | grep -q '"kind":"record"'
ok $? "case 1: record -o over the user's own file writes it again ($(cat "$TMP/err"))"
ln "$V" "$TMP/hard.jsonl"
$SMTSCOPE record -o "$TMP/hard.jsonl" --time 0.2 2> "$TMP/err"
[ $? -ne 0 ] && untouched && grep -q 'hard.jsonl: a file with other links' "$TMP/err"
ok $? "case 1: record -o over a hard link to another file is refused ($(cat "$TMP/err"))"
# A write that is not kept leaves no temporary beside the name.
$SMTSCOPE compare -o "$TMP/cmp.txt" tests/data/compare > /dev/null
[ -s "$TMP/cmp.txt" ] && [ -z "$(ls -A "$TMP" | grep '^\.cmp\.txt\.')" ]
ok $? "case 1: compare -o writes the file whole, no temporary left"

# 2. A recording whose topology crashes hwloc: the probe child, a message, no SIGSEGV.
if command -v lstopo-no-graphics > /dev/null 2>&1 && command -v python3 > /dev/null; then
	lstopo-no-graphics --input "package:1 numa:2 l3:1 core:2 pu:1" --of xml "$TMP/l3.xml" 2> /dev/null
	sed '/type="L3Cache"/{s/complete_cpuset=/complete_cpusat=/;q;}' "$TMP/l3.xml" > "$TMP/l3bad.xml"
	sed -n '/type="L3Cache"/,$p' "$TMP/l3.xml" | tail -n +2 >> "$TMP/l3bad.xml"
	python3 - "$TMP/l3bad.xml" tests/data/record/small.jsonl "$TMP/crash.jsonl" <<'EOF'
import json, sys
xml = open(sys.argv[1]).read()
lines = open(sys.argv[2]).read().splitlines()
h = json.loads(lines[0])
h["xml"] = xml
h["cpus"] = [0, 1]
open(sys.argv[3], "w").write("\n".join([json.dumps(h)] + lines[1:]) + "\n")
EOF
	saved_asan=${ASAN_OPTIONS-}
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1"
	$SMTSCOPE replay "$TMP/crash.jsonl" < /dev/null > /dev/null 2> "$TMP/err"
	st=$?
	ASAN_OPTIONS=$saved_asan
	[ $st -eq 2 ] && grep -q "crash.jsonl: hwloc crashed reading it" "$TMP/err"
	ok $? "case 2: replay of a recording whose XML crashes hwloc: exit 2 ($st), $(head -c 160 "$TMP/err")"
else
	skip "case 2: needs lstopo-no-graphics and python3 to make the recording"
fi

# 3. A tour's name is a name: never a file of the current directory.
mkdir -p "$TMP/cwd"
printf 'tour planted\ntitle Planted here\nstep "one"\ncaption x\n' > "$TMP/cwd/smt-basics"
bin=$(cd "$(dirname "$SMTSCOPE")" && pwd)/$(basename "$SMTSCOPE")
(cd "$TMP/cwd" && "$bin" tour --check smt-basics) > "$TMP/out" 2>&1
grep -q 'doc/tours/smt-basics.tour: ok: smt-basics' "$TMP/out" && ! grep -q planted "$TMP/out"
ok $? "case 3: tour smt-basics plays the shipped tour, not ./smt-basics ($(head -n 1 "$TMP/out"))"
(cd "$TMP/cwd" && cp smt-basics mine.tour && "$bin" tour --check mine.tour) > "$TMP/out" 2>&1
grep -q '^mine.tour: ok: planted' "$TMP/out"
ok $? "case 3: a name ending in .tour is a path ($(head -n 1 "$TMP/out"))"

# 4. A FIFO is refused at once, named, for every input.
mkfifo "$TMP/f.xml" "$TMP/f.jsonl" "$TMP/f.json"
mkdir -p "$TMP/cmpdir"
cp tests/data/compare/a.json "$TMP/cmpdir/"
mkfifo "$TMP/cmpdir/z.json"
fifo() {
	_what=$1
	_name=$2
	shift 2
	timeout 10 $SMTSCOPE "$@" > /dev/null 2> "$TMP/err" < /dev/null
	_st=$?
	[ $_st -eq 2 ] && grep -q "$_name: a FIFO" "$TMP/err"
	ok $? "case 4: $_what: refused at once, exit 2 ($_st: $(head -c 160 "$TMP/err"))"
}
fifo "topo -i FIFO" f.xml topo -i "$TMP/f.xml"
fifo "check -i FIFO" f.xml check --dry-run -i "$TMP/f.xml"
fifo "replay --summary FIFO" f.jsonl replay --summary "$TMP/f.jsonl"
fifo "replay FIFO" f.jsonl replay "$TMP/f.jsonl"
fifo "compare FIFO" f.json compare "$TMP/f.json"
fifo "compare DIR with a FIFO *.json" z.json compare "$TMP/cmpdir"
fifo "tour FIFO" f.xml tour --check "$TMP/f.xml"
fifo "--infer-from FIFO" f.json --infer-from "$TMP/f.json"
timeout 10 $SMTSCOPE replay --summary /dev/zero > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && grep -q '/dev/zero: a device' "$TMP/err"
ok $? "case 4: a device is refused without reading it ($(cat "$TMP/err"))"

# 5. The settings file: a FIFO, /dev/zero or a huge line never hangs the start.
mkdir -p "$XDG_CONFIG_HOME/smtscope"
rc=$XDG_CONFIG_HOME/smtscope/smtscoperc
settings() {
	_what=$1
	timeout 10 $SMTSCOPE -i "package:1 core:1 pu:1" < /dev/null > /dev/null 2> "$TMP/err"
	_st=$?
	[ $_st -eq 1 ] && grep -q "smtscoperc: $2" "$TMP/err"
	ok $? "case 5: settings file $_what: named and skipped at once ($_st: $(head -n 1 "$TMP/err"))"
	rm -f "$rc"
}
mkfifo "$rc"
settings "a FIFO" "a FIFO"
ln -s /dev/zero "$rc"
settings "a link to /dev/zero" "a device"
head -c 2000000 /dev/zero | tr '\0' x > "$rc"
settings "one line of 2 MB" "larger than 64 kB"

# 6. compare's JSON reader: 32 bytes a value, and a cap with a clear error.
python3 -c 'import sys; sys.stdout.write("{\"kind\":\"check\",\"pad\":[" + ",".join(["0"] * 1000000) + "]}")' \
    > "$TMP/big.json"
python3 -c 'import sys; sys.stdout.write("[" + ",".join(["0"] * 1100000) + "]")' > "$TMP/huge.json"
# 1,000,001 values: 32 MB of values, over 150 MB at 96 a value and its copy.
/usr/bin/time -o "$TMP/base" -f %M $SMTSCOPE compare tests/data/compare/a.json > /dev/null 2>&1
/usr/bin/time -o "$TMP/big" -f %M $SMTSCOPE compare "$TMP/big.json" > /dev/null 2>&1
base=$(tail -n 1 "$TMP/base")
big=$(tail -n 1 "$TMP/big")
[ -n "$base" ] && [ -n "$big" ] && [ $((big - base)) -lt 60000 ]
ok $? "case 6: a result of 1,000,001 values takes $((big - base)) kB more to read than a small one (under 60,000: 32 B a value and the text)"
$SMTSCOPE compare "$TMP/huge.json" > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && grep -q 'huge.json: .*line 1, column [0-9]*: more than 1048576 values' "$TMP/err"
ok $? "case 6: over 1,048,576 values: a clear error with the place ($(cat "$TMP/err"))"

# 7. A full disk: no empty file left, a non-zero exit.
full=$TMP/full
mkdir -p "$full"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=4k tmpfs "$full" 2> /dev/null; then
	head -c 4096 /dev/zero > "$full/filler" 2> /dev/null
	$SMTSCOPE record -o "$full/r.jsonl" --time 0.3 -l "spin@$CPU_A" > /dev/null 2> "$TMP/err"
	st=$?
	[ $st -ne 0 ] && [ ! -e "$full/r.jsonl" ] && grep -q 'r.jsonl: No space left' "$TMP/err"
	ok $? "case 7: record on a full disk: exit $st, no file left ($(head -n 1 "$TMP/err"))"
	$SMTSCOPE compare -o "$full/c.txt" tests/data/compare > /dev/null 2> "$TMP/err"
	st=$?
	[ $st -eq 1 ] && [ -z "$(ls -A "$full" | grep -v filler)" ] && grep -q 'c.txt: No space left' "$TMP/err"
	ok $? "case 7: compare -o on a full disk: exit 1, nothing left ($(head -n 1 "$TMP/err"))"
	if [ "$(nproc)" -ge 2 ]; then
		$SMTSCOPE c2c --samples 1 --round-trips 10 --svg "$full/c.svg" > /dev/null \
		    2> "$TMP/err"
		st=$?
		[ $st -eq 1 ] && [ -z "$(ls -A "$full" | grep -v filler)" ]
		ok $? "case 7: c2c --svg on a full disk: exit 1, no empty file ($(head -n 1 "$TMP/err"))"
	else
		skip "case 7: c2c needs two allowed CPUs ($(nproc) here)"
	fi
	printf 'tour full\ntitle Full disk\nstep "one"\ncaption nothing runs\n' > "$TMP/full.tour"
	$SMTSCOPE tour --headless -r "$full/t.json" --svg "$full/t.svg" "$TMP/full.tour" \
	    > /dev/null 2> "$TMP/err"
	st=$?
	[ $st -ne 0 ] && [ -z "$(ls -A "$full" | grep -v filler)" ]
	ok $? "case 7: tour -r and --svg on a full disk: exit $st, no empty file ($(head -n 1 "$TMP/err"))"
	umount "$full"
else
	for i in 1 2 3 4; do skip "case 7: needs root to mount a small tmpfs"; done
fi

# 8. The line reader is linear: a 1 MB gzip of one 1 GB line is refused quickly.
python3 -c '
import zlib, sys
c = zlib.compressobj(9, zlib.DEFLATED, 31)
out = open(sys.argv[1], "wb")
chunk = b"a" * (1 << 20)
for i in range(1024):
    out.write(c.compress(chunk))
out.write(c.flush())' "$TMP/line.jsonl.gz"
/usr/bin/time -o "$TMP/time" -f '%U %S' $SMTSCOPE replay --summary "$TMP/line.jsonl.gz" \
    > /dev/null 2> "$TMP/err"
cpu=$(tail -n 1 "$TMP/time" | awk '{ print $1 + $2 }')
grep -q 'line.jsonl.gz: line 1: longer than 67108864 bytes' "$TMP/err" && num_between "$cpu" 0 1
ok $? "case 8: one 1 GB line in a 1 MB gzip: refused after $cpu s of CPU (under 1; quadratic, it took 3 s of CPU here)"

# 9. SIGHUP ends a recording as SIGINT does: the end event, then the signal.
$SMTSCOPE record -o "$TMP/hup.jsonl" -d 2 -l "spin@$CPU_A" 2> "$TMP/err" &
pid=$!
i=0
while [ $i -lt 200 ] && ! grep -q '"c":\[' "$TMP/hup.jsonl" 2> /dev/null; do
	sleep 0.05
	i=$((i + 1))
done
kill -HUP $pid
wait $pid
st=$?
[ $st -eq 129 ] && tail -n 1 "$TMP/hup.jsonl" | grep -q '"e":"end","why":"SIGHUP"'
ok $? "case 9: record ended by SIGHUP: status $st, the file ends with the end event"

# 10. Command lines: leftovers and empty parameters are usage errors.
usage() {
	_what=$1
	shift
	timeout 20 $SMTSCOPE "$@" > "$TMP/out" 2> "$TMP/err" < /dev/null
	_st=$?
	[ $_st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && [ ! -s "$TMP/out" ]
	ok $? "case 10: $_what: exit 2 ($_st), one line: $(head -c 160 "$TMP/err")"
}
usage "--version extra" --version extra
usage "--help extra" --help extra
usage "kernels --help extra" kernels --help extra
usage "tour --list extra" tour --list extra
usage "run hash:@0 (an empty parameter)" run hash:@0
usage "check --kernels hash,,int" check --dry-run --kernels hash,,int
usage "topo -i ''" topo -i ""
usage "compare ''" compare ""
start=$(date +%s)
usage "tour -r into a missing directory" tour --headless -r /nonexistent/t.json smt-basics
[ $(( $(date +%s) - start )) -lt 5 ]
ok $? "case 10: tour -r's path is checked before the tour runs"
# Every variable the program reads is in smtscope(1) ENVIRONMENT.
# Each name in quotes inside a getenv( ... ) call (xdg.c picks one of two).
vars=$(grep -rhoE 'getenv\([^;]*' src --include='*.c' | grep -oE '"[A-Z0-9_]+"' | tr -d '"' |
    sort -u)
env=$(sed -n '/^\.Sh ENVIRONMENT/,/^\.Sh FILES/p' doc/smtscope.1)
missing=
for v in $vars; do
	echo "$env" | grep -q "^\.It Ev .*$v" || missing="$missing $v"
done
[ -n "$vars" ] && [ -z "$missing" ]
ok $? "case 10: every getenv() is in smtscope(1) ENVIRONMENT ($(echo $vars | wc -w) variables; missing:${missing:- none})"

# 11. doc/SECURITY: every claim names its test, and the test is there.
refs=$(grep -o '\[test: tests/[^]]*\]' doc/SECURITY)
n=0
bad=
while IFS= read -r r; do
	[ -n "$r" ] || continue
	n=$((n + 1))
	f=$(echo "$r" | sed 's/\[test: \([^ ]*\) "\(.*\)"\]/\1/')
	s=$(echo "$r" | sed 's/\[test: \([^ ]*\) "\(.*\)"\]/\2/')
	[ -f "$f" ] && grep -qF -e "$s" "$f" || bad="$bad; $r"
done <<EOF
$refs
EOF
[ $n -ge 20 ] && [ -z "$bad" ]
ok $? "case 11: doc/SECURITY names $n tests, each found in its file${bad:+ (not found:$bad)}"

done_testing
