# tests/live/orphans.sh: no load outlives smtscope, however it ends.
. tests/lib.sh

# gone ID...: none of these processes (identities from proc_kids: a pid
# alone may name another process by then) is alive; zombies count as gone.
gone() {
	procs_gone "$@"
}

for sig in INT TERM HUP KILL SEGV; do
	# A background job of sh starts with SIGINT and SIGQUIT ignored, which
	# smtscope keeps (nohup): env gives them their default back.
	env --default-signal=INT,QUIT $SMTSCOPE run --time 30 "pipe@$CPU_A,$CPU_A" "hash@$CPU_A" > /dev/null 2>&1 &
	pid=$!
	kids=
	i=0
	# The solo phase starts loads one at a time: wait for the first two.
	while [ $i -lt 100 ]; do
		kids=$(proc_kids $pid)
		[ "$(echo $kids | wc -w)" -ge 2 ] && break
		sleep 0.05
		i=$((i + 1))
	done
	n=$(echo $kids | wc -w)
	kill -s $sig $pid
	# Within 10 s: one killed but not yet run again (SIGKILL pending, its
	# CPU busy) goes when it next runs, which a busy machine can delay.
	procs_wait_gone 10 $kids
	ok $? "after SIG$sig to smtscope, its $n load process(es) are gone within 10 s (left: $(procs_left $kids || echo none))"
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
kids=$(proc_kids $pid)
kill -KILL $pid
procs_wait_gone 10 $kids
ok $? "kill -9 of smtscope with $(echo $kids | wc -w) load processes leaves none (left: $(procs_left $kids || echo none))"
[ "$(echo $kids | wc -w)" -ge 4 ]
ok $? "the test saw the four processes of three loads ($kids)"
wait 2> /dev/null
done_testing
