# tests/live/lean.sh: every load runs smtscope-load, a small program of its
# own (libc and libm, a few dozen mappings, no descriptor of smtscope's),
# named smtscope:KERNEL; without it a load fails with one line naming where
# it was looked for; a load's own failure still reaches the report.
. tests/lib.sh

LOAD=$(dirname "$SMTSCOPE")/smtscope-load
sanitized=0
ldd "$LOAD" 2> /dev/null | grep -q 'lib[a-z]*san\.so' && sanitized=1

[ -x "$LOAD" ]
ok $? "smtscope-load is built beside smtscope ($LOAD)"

# Only the C library, libm, the loader and the vDSO.
if [ "$sanitized" -eq 1 ]; then
	skip "a sanitizer build links its runtime into smtscope-load"
else
	libs=$(ldd "$LOAD" | awk '{ print $1 }' |
	    grep -v -e '^linux-vdso' -e '^libc\.so' -e '^libm\.so' -e 'ld-linux' | tr '\n' ' ')
	[ -z "$libs" ]
	ok $? "smtscope-load links libc and libm only (others: ${libs:-none})"
fi

# Two loads, one of them two-ended: look at each process while it runs.
$SMTSCOPE run --time 1 "spin@$CPU_A" "pipe@$CPU_A,$CPU_A" > /dev/null 2>&1 &
pid=$!
kids=
i=0
while [ $i -lt 100 ]; do
	kids=$(pgrep -P $pid | tr '\n' ' ')
	[ "$(echo $kids | wc -w)" -ge 3 ] && break
	sleep 0.05
	i=$((i + 1))
done
sleep 0.3
[ "$(echo $kids | wc -w)" -ge 3 ]
ok $? "three load processes run (spin, both ends of pipe: $kids)"
named=0 maps_max=0 exe_ok=0 fds_ok=0 n=0
for k in $kids; do
	[ -r "/proc/$k/maps" ] || continue
	n=$((n + 1))
	grep -q '^smtscope:' "/proc/$k/comm" && named=$((named + 1))
	case $(readlink "/proc/$k/exe") in */smtscope-load) exe_ok=$((exe_ok + 1)) ;; esac
	m=$(wc -l < "/proc/$k/maps")
	[ "$m" -gt "$maps_max" ] && maps_max=$m
	# stdin, stdout, stderr on /dev/null; a pipe end or two; nothing else.
	extra=$(ls -l "/proc/$k/fd" | awk 'NR > 1 { print $NF }' |
	    grep -v -e '^/dev/null$' -e '^pipe:' | wc -l)
	[ "$extra" -eq 0 ] && fds_ok=$((fds_ok + 1))
done
[ "$n" -ge 3 ] && [ "$named" -eq "$n" ]
ok $? "every load is named smtscope:KERNEL ($named of $n)"
[ "$n" -ge 3 ] && [ "$exe_ok" -eq "$n" ]
ok $? "every load runs smtscope-load ($exe_ok of $n)"
[ "$n" -ge 3 ] && [ "$fds_ok" -eq "$n" ]
ok $? "no load holds a descriptor but /dev/null and its pipes ($fds_ok of $n)"
if [ "$sanitized" -eq 1 ]; then
	skip "a sanitizer build maps its runtime's shadow memory ($maps_max mappings)"
else
	[ "$n" -ge 3 ] && [ "$maps_max" -lt 40 ]
	ok $? "a running load has fewer than 40 mappings (at most $maps_max)"
fi
wait $pid

# Without smtscope-load beside it or installed: one line naming both places.
installed=$(sed -n 's/^#define SMTSCOPE_LIBEXECDIR "\(.*\)"$/\1/p' config.h 2> /dev/null)
if [ -x "$installed/smtscope/smtscope-load" ]; then
	skip "smtscope-load is installed in $installed/smtscope"
else
	mkdir "$TMP/bin"
	cp "$SMTSCOPE" "$TMP/bin/smtscope"
	"$TMP/bin/smtscope" run --json --time 0.2 "spin@$CPU_A" > "$TMP/out" 2> "$TMP/err"
	st=$?
	err=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["loads"][0]["error"])' \
	    < "$TMP/out" 2> /dev/null)
	[ $st -ne 0 ] && case $err in
	*"smtscope-load not found"*"$TMP/bin/smtscope-load"*"$installed/smtscope/smtscope-load"*) true ;;
	*) false ;;
	esac
	ok $? "without smtscope-load the load fails and says where it looked: $err"
fi

# A load whose kernel cannot start says why, through the exec: the slot's err.
if [ "$sanitized" -eq 1 ]; then
	skip "a sanitizer build cannot run under ulimit -v"
else
	(ulimit -v 400000 && $SMTSCOPE run --json --time 0.2 "stream:1g@$CPU_A") > "$TMP/out" 2> /dev/null
	err=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["loads"][0]["error"])' \
	    < "$TMP/out" 2> /dev/null)
	case $err in
	"stream: cannot map "*) true ;;
	*) false ;;
	esac
	ok $? "a kernel's init failure reaches the report: $err"
fi

# smtscope-load run by hand says how it is used.
"$LOAD" > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && grep -q '^usage: smtscope-load' "$TMP/err"
ok $? "smtscope-load run by hand prints its usage and exits 2"
done_testing
