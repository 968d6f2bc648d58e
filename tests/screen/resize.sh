#!/bin/sh
# tests/screen/resize.sh: a terminal below the minimum size gets a message
# saying how large it must be, in the words that fit whole down to 1x1;
# enlarged again, the screen comes back. Keys pressed meanwhile do no harm.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

check "starts in tmux" tm_start "LANG=C.UTF-8 $SMTSCOPE -d 5"
check "the screen is up" tm_wait 'q quit'
tm resize-window -x 30 -y 8
check "at 30x8 it says the terminal is too small" tm_wait 'Terminal too small'
check "and how large it must be" tm_wait '30x8, need 60x12'
tm_keys j k a Escape v v Space m Escape '?' x
tm resize-window -x 59 -y 40
check "59 columns are still too few" tm_wait '59x40, need 60x12'
# Down to 1x1 the message is never cut: every word on the pane is one of
# its words whole (issue 36: "Terminal too small:" was cut to "Termin").
for wh in 59x11 40x3 30x1 20x2 12x2 10x4 10x1 9x1 6x3 5x1 4x2 3x1 2x1 1x5 1x1; do
	tm resize-window -x "${wh%x*}" -y "${wh#*x}"
	n=60	# tmux shows the old frame clipped until the redraw: wait for it
	while [ $n -gt 0 ]; do
		words=$(tm_cap | tr -s ' \n' '\n\n' | grep -v '^$')
		bad=$(printf '%s\n' "$words" | grep -v -x -e Terminal -e too -e small: \
		    -e Too -e small -e need -e 60x12 -e tiny -e '!' -e "$wh," -e "$wh")
		[ -n "$words" ] && [ -z "$bad" ] && break
		sleep 0.05
		n=$((n - 1))
	done
	[ -n "$words" ] && [ -z "$bad" ]
	ok $? "at $wh the message is there, no word cut: $(echo $words)${bad:+; cut: $bad}"
done
tm resize-window -x 120 -y 40
check "back at 120x40 the screen is restored" tm_wait 'q quit'
screen=$(tm_cap)
echo "$screen" | grep -q '^Package 0'
ok $? "with the tree"
echo "$screen" | grep -q 'Terminal too small'
[ $? -ne 0 ]
ok $? "and without the message"
tm resize-window -x 60 -y 12
check "at the minimum size it draws the screen" tm_wait '(refresh )?0.5 s, '
tm resize-window -x 200 -y 60
check "and at 200x60" tm_wait 'refresh 0.5 s'
pid=$(tm_smtscope_pid)
[ -n "$pid" ] && kill -0 "$pid"
ok $? "smtscope is still running after the resizes and keys"
tm_keys q
check "q exits with status 0" tm_wait 'SMTSCOPE-EXIT=0'
done_testing
