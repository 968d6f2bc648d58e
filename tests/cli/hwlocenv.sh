#!/bin/sh
# tests/cli/hwlocenv.sh: HWLOC_XMLFILE and HWLOC_SYNTHETIC go through what
# -i goes through (issue 39): a FIFO, a device, a file hwloc crashes on and
# an oversized synthetic machine are refused in one line, never a hang or a
# crash; without HWLOC_THISSYSTEM=1 the topology is shown but no load
# starts (a load on CPU 3 of a 4-core XML ran unbound on this machine and
# was reported as CPU 3's); with it, loads run as before.
. tests/lib.sh

# one NAME RC FILE: FILE holds one line starting "smtscope:", and RC is 2.
one() {
	[ "$2" -eq 2 ] && [ "$(wc -l < "$3")" -eq 1 ] && grep -q '^smtscope: ' "$3"
}

mkfifo "$TMP/fifo"
HWLOC_XMLFILE=$TMP/fifo timeout 30 "$SMTSCOPE" topo > /dev/null 2> "$TMP/e"
rc=$?
one fifo $rc "$TMP/e" && grep -q "FIFO" "$TMP/e"
ok $? "HWLOC_XMLFILE at a FIFO: refused in one line, no hang (rc $rc: $(cat "$TMP/e"))"

HWLOC_XMLFILE=/dev/zero timeout 30 "$SMTSCOPE" topo > /dev/null 2> "$TMP/e"
rc=$?
one zero $rc "$TMP/e" && grep -q "device" "$TMP/e"
ok $? "HWLOC_XMLFILE=/dev/zero: refused in one line (rc $rc: $(cat "$TMP/e"))"

printf '<?xml version="1.0"?>\n<topology><object type="Machine" os_index="0"' > "$TMP/bad.xml"
HWLOC_XMLFILE=$TMP/bad.xml timeout 30 "$SMTSCOPE" topo > /dev/null 2> "$TMP/e"
rc=$?
one bad $rc "$TMP/e" && grep -q "HWLOC_XMLFILE\|bad.xml" "$TMP/e"
ok $? "HWLOC_XMLFILE at a cut XML: refused in one line naming it (rc $rc: $(cat "$TMP/e"))"

HWLOC_SYNTHETIC="pack:4096 core:64 pu:2" timeout 30 "$SMTSCOPE" topo > /dev/null 2> "$TMP/e"
rc=$?
one syn $rc "$TMP/e" && grep -q "more than" "$TMP/e"
ok $? "HWLOC_SYNTHETIC of 524288 CPUs: refused at once (rc $rc: $(cat "$TMP/e"))"

if fixture "$(sh tests/tools/topofix.sh --list | awk '$5 >= 4 && $5 <= 64 { print $1; exit }')"; then
	HWLOC_XMLFILE=$FIXTURE timeout 30 "$SMTSCOPE" topo > "$TMP/t" 2> "$TMP/e"
	rc=$?
	[ $rc -eq 0 ] && [ -s "$TMP/t" ]
	ok $? "HWLOC_XMLFILE without HWLOC_THISSYSTEM: the topology is shown (rc $rc)"
	HWLOC_XMLFILE=$FIXTURE timeout 60 "$SMTSCOPE" run --time 0.2 spin@0 > "$TMP/o" 2> "$TMP/e"
	rc=$?
	one run $rc "$TMP/e" && grep -q "HWLOC_THISSYSTEM=1: no load can be bound" "$TMP/e"
	ok $? "HWLOC_XMLFILE without HWLOC_THISSYSTEM: run refuses its load in one line (rc $rc: $(cat "$TMP/e"))"
else
	skip_n 2 "no fixture of 4 CPUs or more: ${FIXTURE_WHY:-hwloc's tools}"
fi

# Declared this system: a 1-core 2-thread XML over CPUs 0 and 1, loads run.
if command -v lstopo-no-graphics > /dev/null 2>&1 || command -v lstopo > /dev/null 2>&1; then
	L=$(command -v lstopo-no-graphics || command -v lstopo)
	"$L" -i "pack:1 core:1 pu:2" --of xml "$TMP/one.xml" 2> /dev/null
	HWLOC_XMLFILE=$TMP/one.xml HWLOC_THISSYSTEM=1 timeout 60 "$SMTSCOPE" run --time 0.2 \
	    spin@0 > "$TMP/o" 2> "$TMP/e"
	rc=$?
	[ $rc -le 1 ] && grep -q '^spin#1 ' "$TMP/o" && ! grep -q "no load can be bound" "$TMP/o" "$TMP/e"
	ok $? "HWLOC_XMLFILE with HWLOC_THISSYSTEM=1: the load runs (rc $rc: $(head -n 1 "$TMP/e"))"
else
	skip "no lstopo: cannot export a synthetic topology"
fi
done_testing
