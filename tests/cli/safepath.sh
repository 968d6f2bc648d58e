# tests/cli/safepath.sh: writes are safe along the whole path (issue 39,
# finding 1). As root, with another user (a uid that owns no process):
# a directory of theirs on the path, or a link of theirs, is refused in
# one line naming it, for every writer, before anything is made; a swap of
# a real directory and a link in a loop never gets a file written through
# it and leaves no temporary; REPLACE refuses another user's file (as
# GROW does); a directory others may write in (not sticky) is refused, a
# sticky one (/tmp) and a link of root's in a safe directory are not; a
# temporary has no name while it is written, so none is left however
# smtscope ends (SIGKILL, QUIT, USR1, ALRM, PIPE, TERM).
. tests/lib.sh

LUID=$(free_uid)
T=$TMP/root
mkdir -p "$T/victim"
chmod 755 "$TMP" "$T"
echo "root's own file" > "$T/victim/passwd-copy"
inode() {
	stat -c %i "$1" 2> /dev/null
}
# as_other CMD...: CMD as the other user.
as_other() {
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups "$@"
}
if [ -z "$LUID" ] || [ "$(id -u)" -ne 0 ] || ! command -v setpriv > /dev/null; then
	skip_n 28 "needs root, setpriv and an unused uid to act as another user"
	done_testing
	exit
fi
ino=$(inode "$T/victim/passwd-copy")
# victim_same: root's directory holds only its file, the same inode, the same text.
victim_same() {
	[ "$(ls -A "$T/victim")" = passwd-copy ] &&
	    [ "$(inode "$T/victim/passwd-copy")" = "$ino" ] &&
	    [ "$(cat "$T/victim/passwd-copy")" = "root's own file" ]
}

# The issue's reproduction: a sticky shared directory, a directory of the
# other user's in it, and in that a link to root's directory.
mkdir -m 1777 "$T/pub"
as_other sh -c "mkdir '$T/pub/nb' && ln -s '$T/victim' '$T/pub/nb/r'"
$SMTSCOPE check --dry-run --json -o "$T/pub/nb/r/passwd-copy" > "$TMP/out" 2> "$TMP/err"
st=$?
[ $st -eq 2 ] && victim_same && [ "$(wc -l < "$TMP/err")" -eq 1 ] &&
    grep -q "cannot write $T/pub/nb/r/passwd-copy: $T/pub/nb is another user's directory" "$TMP/err"
ok $? "check --dry-run --json -o through another user's directory: exit $st (wanted 2), one line: $(cat "$TMP/err"); root's file untouched"
$SMTSCOPE record -o "$T/pub/nb/r/passwd-copy" --time 0.2 > "$TMP/out" 2> "$TMP/err"
st=$?
[ $st -ne 0 ] && victim_same && grep -q "$T/pub/nb is another user's directory" "$TMP/err"
ok $? "record -o through it: exit $st, root's file the same inode and text ($(cat "$TMP/err"))"

# Every writer, the same way; nothing made in root's directory.
writer() {
	_what=$1
	shift
	"$@" > "$TMP/out" 2> "$TMP/err" < /dev/null
	_st=$?
	[ $_st -ne 0 ] && victim_same && [ "$(wc -l < "$TMP/err")" -eq 1 ] &&
	    grep -q "$T/pub/nb is another user's directory" "$TMP/err"
	ok $? "$_what through another user's directory: refused (exit $_st), one line naming it: $(head -c 200 "$TMP/err")"
}
R=$T/pub/nb/r
writer "run -o" $SMTSCOPE run --time 0.2 -o "$R/run.json" "spin@$CPU_A"
writer "check -o" $SMTSCOPE check --dry-run -o "$R/check.json"
writer "check --idle -o" $SMTSCOPE check --idle --dry-run -o "$R/idle.json"
writer "check --svg" $SMTSCOPE check --kernels spin --time 0.2 --svg "$R/check.svg"
writer "time -o" $SMTSCOPE time --dry-run -o "$R/time.json" -- true
writer "time --svg" $SMTSCOPE time --runs 1 --svg "$R/time.svg" -- true
writer "compare -o" $SMTSCOPE compare -o "$R/cmp.txt" tests/data/compare
writer "c2c --svg" $SMTSCOPE c2c --cpus "$CPU_A,${CPU_B:-$CPU_A}" --samples 1 --svg "$R/c2c.svg"
writer "topo --svg" $SMTSCOPE topo --svg "$R/topo.svg"
writer "tour -r" $SMTSCOPE tour --headless -r "$R/tour.json" doc/tours/smt-basics.tour
writer "tour --svg" $SMTSCOPE tour --headless --svg "$R/tour.svg" doc/tours/smt-basics.tour
writer "record -o" $SMTSCOPE record -o "$R/rec.jsonl" --time 0.2
# The writers of the scaling, the capacity scan and --prom (issue 39: the
# new paths): refused before anything is measured.
writer "check --prom" $SMTSCOPE check --kernels spin --time 0.2 --prom "$R/c.prom"
writer "check --scale --prom" $SMTSCOPE check --scale --kernels int --time 0.2 --prom "$R/s.prom"
writer "check --scale --svg" $SMTSCOPE check --scale --kernels int --time 0.2 --svg "$R/s.svg"
writer "check --capacity --prom" $SMTSCOPE check --capacity --kernels int --prom "$R/k.prom"
writer "check --capacity --svg" $SMTSCOPE check --capacity --kernels int --svg "$R/k.svg"

# A link of the other user's in the sticky directory, as a directory on the path.
as_other ln -s "$T/victim" "$T/pub/theirlink"
$SMTSCOPE topo --svg "$T/pub/theirlink/t.svg" > /dev/null 2> "$TMP/err"
st=$?
[ $st -ne 0 ] && victim_same && grep -q "$T/pub/theirlink is a symbolic link of another user's" "$TMP/err"
ok $? "a link of another user's on the path is refused (exit $st: $(cat "$TMP/err"))"

# The other user swaps a directory of theirs and a link to root's directory
# as fast as they can; root writes through the name 100 times.
as_other mkdir "$T/pub/sw"
# setpriv itself in the background (it execs sh, so $! is the loop: a
# function there would give a subshell's pid and leave the loop running),
# and the loop ends at a stop file too.
setpriv --reuid="$LUID" --regid="$LUID" --clear-groups sh -c "while [ ! -e '$T/sw.stop' ]; do
    mkdir '$T/pub/sw/d' 2> /dev/null; rmdir '$T/pub/sw/d' 2> /dev/null;
    ln -s '$T/victim' '$T/pub/sw/d' 2> /dev/null; rm -f '$T/pub/sw/d'; done" &
swapper=$!
i=0 wrote=0
while [ $i -lt 100 ]; do
	$SMTSCOPE topo --svg "$T/pub/sw/d/x.svg" > /dev/null 2>&1 && wrote=$((wrote + 1))
	i=$((i + 1))
done
: > "$T/sw.stop"
kill $swapper 2> /dev/null
wait $swapper 2> /dev/null
left=$(find "$T" -user root -name '.*' -newer "$T/victim/passwd-copy" 2> /dev/null | tr '\n' ' ')
victim_same && [ $wrote -eq 0 ] && [ -z "$left" ]
ok $? "100 topo --svg through a directory and a link swapped in a loop: written $wrote times (wanted 0), root's directory untouched, root's temporaries left: ${left:-none}"

# REPLACE refuses another user's file, as GROW does.
as_other sh -c "echo theirs > '$T/pub/theirs.json'"
$SMTSCOPE check --dry-run --json -o "$T/pub/theirs.json" > /dev/null 2> "$TMP/err"
st=$?
[ $st -ne 0 ] && [ "$(cat "$T/pub/theirs.json")" = theirs ] &&
    grep -q "theirs.json: another user's file (not replaced)" "$TMP/err"
ok $? "-o over another user's file is refused, the file untouched (exit $st: $(cat "$TMP/err"))"
$SMTSCOPE record -o "$T/pub/theirs.json" --time 0.2 > /dev/null 2> "$TMP/err"
st=$?
[ $st -ne 0 ] && [ "$(cat "$T/pub/theirs.json")" = theirs ] &&
    grep -q "theirs.json: another user's file" "$TMP/err"
ok $? "record -o (GROW) over it is refused too (exit $st: $(cat "$TMP/err"))"

# A directory others may write in, not sticky: refused; a sticky one is not.
mkdir -m 0777 "$T/open"
chmod 0777 "$T/open"
$SMTSCOPE topo --svg "$T/open/t.svg" > /dev/null 2> "$TMP/err"
st=$?
[ $st -ne 0 ] && [ ! -e "$T/open/t.svg" ] && grep -q "$T/open is a directory others may write in" "$TMP/err"
ok $? "a directory anyone may write in (not sticky) is refused (exit $st: $(cat "$TMP/err"))"
$SMTSCOPE topo --svg "$T/pub/t.svg" > /dev/null 2> "$TMP/err"
st=$?
[ $st -eq 0 ] && [ -s "$T/pub/t.svg" ]
ok $? "a sticky shared directory (like /tmp) may be written in (exit $st: $(cat "$TMP/err"))"
# A link of root's in a safe directory is followed (as /var/run to /run).
mkdir "$T/real"
ln -s "$T/real" "$T/mylink"
$SMTSCOPE topo --svg "$T/mylink/t.svg" > /dev/null 2> "$TMP/err"
st=$?
[ $st -eq 0 ] && [ -s "$T/real/t.svg" ]
ok $? "a link of root's in a safe directory is followed (exit $st: $(cat "$TMP/err"))"
# A relative name: the current directory's path is walked too.
(cd "$T/pub/nb" 2> /dev/null && "$(cd "$OLDPWD" && pwd)/$SMTSCOPE" topo --svg rel.svg) \
    > /dev/null 2> "$TMP/err"
st=$?
[ $st -ne 0 ] && [ ! -e "$T/pub/nb/rel.svg" ] && grep -q "$T/pub/nb is another user's directory" "$TMP/err"
ok $? "a relative name in another user's directory is refused (exit $st: $(cat "$TMP/err"))"

# However smtscope ends while -o is open, no temporary is left.
mkdir "$T/sig"
for sig in KILL QUIT USR1 ALRM PIPE TERM; do
	rm -f "$T/sig/r.json"
	# A background job of sh starts with SIGINT and SIGQUIT ignored: not this one.
	env --default-signal=INT,QUIT $SMTSCOPE run --time 5 -o "$T/sig/r.json" "spin@$CPU_A" \
	    > /dev/null 2>&1 &
	pid=$!
	i=0
	while [ -z "$(pgrep -P $pid)" ] && [ $i -lt 200 ]; do sleep 0.02; i=$((i + 1)); done
	sleep 0.2
	kill -s $sig $pid
	wait $pid
	st=$?
	left=$(ls -A "$T/sig" | tr '\n' ' ')
	[ $st -gt 128 ] && [ -z "$left" ]
	ok $? "SIG$sig while -o is open: status $st, files left: ${left:-none}"
done
done_testing
