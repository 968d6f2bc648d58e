# tests/live/orphans.sh: no load outlives smtscope, however it ends.
. tests/lib.sh

# gone PID...: true when none of the processes exists any more (zombies count as gone).
gone() {
	for p in "$@"; do
		st=$(ps -o stat= -p "$p" 2>/dev/null)
		case "$st" in
		""|Z*) ;;
		*) return 1 ;;
		esac
	done
	return 0
}

for sig in INT TERM HUP KILL SEGV; do
	$SMTSCOPE run --time 30 "pipe@$CPU_A,$CPU_A" "hash@$CPU_A" > /dev/null 2>&1 &
	pid=$!
	kids=
	i=0
	# The solo phase starts loads one at a time: wait for the first two.
	while [ $i -lt 100 ]; do
		kids=$(pgrep -P $pid | tr '\n' ' ')
		[ "$(echo $kids | wc -w)" -ge 2 ] && break
		sleep 0.05
		i=$((i + 1))
	done
	n=$(echo $kids | wc -w)
	kill -s $sig $pid
	i=0
	while [ $i -lt 20 ] && ! gone $kids; do
		sleep 0.05
		i=$((i + 1))
	done
	gone $kids
	ok $? "after SIG$sig to smtscope, its $n load process(es) are gone within 1 s"
	wait $pid 2> /dev/null
	! kill -0 $pid 2> /dev/null
	ok $? "smtscope itself ended on SIG$sig"
done

# Several loads at once, some paused by the solo measurer, killed mid-run.
$SMTSCOPE run --time 5 "pipe@$CPU_A,$CPU_A" "hash@$CPU_A" "int@$CPU_A" > /dev/null 2>&1 &
pid=$!
i=0
while [ "$(pgrep -c -P $pid)" -lt 4 ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
sleep 0.5
kids=$(pgrep -P $pid | tr '\n' ' ')
kill -KILL $pid
sleep 1
gone $kids
ok $? "kill -9 of smtscope with $(echo $kids | wc -w) load processes leaves none"
[ "$(echo $kids | wc -w)" -ge 4 ]
ok $? "the test saw the four processes of three loads ($kids)"
wait 2> /dev/null
done_testing
