#!/bin/sh
# tests/screen/loads.sh: loads on the live screen: -l shows a row with a rate
# and a speed; a and the menu start one on the cursor's CPU, d stops it;
# m moves one and the panel shows its new CPU; Space pauses it.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

# A is the first CPU this test may use (the cursor starts there), B the next.
A=$CPU_A B=$CPU_B

check "starts with -l hash@$A" tm_start "LANG=C.UTF-8 $SMTSCOPE -l hash@$A"
check "the new load's row says it is measuring solo" \
    tm_wait "^ hash#1 +$A .*measuring solo"
# A solo taken while others ran (a busy machine) is marked ~, and so is what
# is derived from it; others' work on its CPU is its reason then.
check "then it has a rate in MB/s, a solo rate and a speed" \
    tm_wait "^ hash#1 +$A +[0-9.]+ MB/s +~?[0-9.]+ MB/s +(~?[0-9]+%|[?]) +[0-9]+% +(~?[0-9]+%|[?])" 8
# On a busy machine a disturbed solo is measured again when the core is
# quiet, and the row says so meanwhile.
check "and a reason in words" \
    tm_wait "^ hash#1 .*(alone on its core|shares CPU $A with [^ ]|sibling CPU [0-9]+ busy|running alone: its solo rate|-[0-9]+ %: (got|unexpl|sibling|its CPU))" 15
check "the tree shows the load on CPU $A" tm_wait "CPU $A \[.*hash#1"
check "the header counts it" tm_wait '1 load running'

# The info line (over the status line): the load's counters, then its CPU's
# time, parted by the composer's "; " at every width, never a dangling ";"
# nor a ";" and two blanks.
tm resize-window -x 250 -y 50 > /dev/null 2>&1
tm_wait "hash#1, [0-9]+ cs/s, [0-9.]+ mig/s; busy [0-9]" 8 > "$TMP/info.why"
ok $? "the info line: counters, then '; busy' ($(tm_cap | tail -n 2 | head -n 1 | cut -c1-150))"
bad=
for wh in 80x24 100x30 120x36 160x50 200x60 120x40; do
	tm resize-window -x "${wh%x*}" -y "${wh#*x}" > /dev/null 2>&1
	sleep 1.2
	info=$(tm_cap | tail -n 2 | head -n 1)
	case $info in
	*";  "* | *";" | *"; ") bad="$bad $wh:[$info]" ;;
	esac
done
[ -z "$bad" ]
ok $? "no '; ' dangling or doubled at 80 to 200 columns${bad:+:$bad}"

tm_keys ' '
check "Space pauses it" tm_wait "^ hash#1 +$A +paused"
tm_keys ' '
check "Space resumes it" tm_wait "^ hash#1 +$A +[0-9.]+ MB/s"

if need_cpus 2; then
	tm_keys m
	check "m asks for the new CPU" tm_wait 'move hash#1 to: arrows choose a CPU'
	[ "$(tm_cap | grep -o 'move hash#1' | wc -l)" -eq 1 ]
	ok $? "and asks once (the status line only, no message repeating it)"
	tm_keys l Enter
	check "Enter moves the load: the panel shows CPU $B" tm_wait "^ hash#1 +$B "
	check "the tree shows it on CPU $B" tm_wait "CPU $B \[.*hash#1"
	check "its rate shows again after the move" \
	    tm_wait "^ hash#1 +$B +[0-9.]+ MB/s +~?[0-9.]+ MB/s +(~?[0-9]+%|[?])" 5
	tm_keys h
else
	skip_n 4 "moving: $CPUS_WHY"
fi

# A second load through the menu on the cursor's CPU: spin ('s' picks it).
tm_keys a
check "a opens the kernel menu" tm_wait "Start a load on CPU $A"
tm_keys s Enter
check "choosing spin starts spin#2 on the cursor's CPU" tm_wait "^ spin#2 +$A "
check "its solo rate is measured" tm_wait "^ spin#2 +$A +[0-9.]+ Mloop/s +~?[0-9.]+ Mloop/s" 8
tm_keys d
check "d stops the load at the cursor" tm_wait 'stopped spin#2'
tm_wait_not '^ spin#2'
ok $? "its row is gone"

# A kernel with a parameter: the prompt, then the load.
tm_keys a
tm_wait "Start a load on CPU $A" > /dev/null
tm_keys 1
check "hash asks for its parameter" tm_wait "hash on CPU $A: parameter"
tm_keys 6 4 k
check "the prompt shows what is typed" tm_wait '> 64k_'
tm_keys Enter
check "hash:64k starts" tm_wait "^ hash#3 +$A "
check "the start is on the status line" tm_wait "started hash#3 \(hash:64k@$A\)"

# A two-ended kernel asks for its second CPU.
if need_cpus 2; then
	tm_keys a
	tm_wait "Start a load on CPU $A" > /dev/null
	tm_keys p Enter
	check "pipe asks for the CPU of its second end" \
	    tm_wait 'pipe: the CPU of its second end\?'
	tm_keys l Enter
	check "pipe@$A,$B starts with an end on each CPU" tm_wait "^ pipe#4 +$A,$B "
	check "the tree marks its second end" tm_wait "CPU $B \[.*pipe#4b"
	tm_keys m
	check "m on its second end's CPU moves that end" tm_wait 'move pipe#4 \(end B\)'
	tm_keys h Enter
	check "both ends on CPU $A now" tm_wait "^ pipe#4 +$A,$A "
	check "a pipe whose ends now relate otherwise measures its solo again" \
	    tm_wait "^ pipe#4 +$A,$A .*(measuring solo|solo queued)" 3
else
	skip_n 6 "a pipe across CPUs: $CPUS_WHY"
fi

tm_keys D
check "D stops every load" tm_wait 'stopped [0-9]+ loads?'
check "the panel is empty again" tm_wait 'no loads: press a'

tm_keys a Escape
check "Esc closes the menu" tm_wait_not 'Start a load on'
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
done_testing
