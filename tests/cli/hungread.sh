# tests/cli/hungread.sh: no input can hang a reader (issue 39, point 7).
# /proc/kmsg passes as a regular file yet blocks on read for ever: every
# input (topo -i, replay --summary, tour --check, compare, a results
# directory's *.json, the settings file's theme=) refuses a file of the
# kernel's (/proc, /sys, ...) in one line naming it, exit 2, at once, links
# followed; a FIFO with no writer and a device are refused the same way.
# Each command runs under `timeout 10`: a regression fails (status 124)
# instead of hanging the suite.
. tests/lib.sh

# refused WHAT NAME WHY CMD...: CMD exits 2 within 10 s, with one line on
# stderr naming NAME and saying WHY.
refused() {
	_what=$1
	_name=$2
	_why=$3
	shift 3
	timeout 10 "$SMTSCOPE" "$@" > "$TMP/out" 2> "$TMP/err" < /dev/null
	_st=$?
	[ $_st -eq 2 ] && grep -q "$_name: $_why" "$TMP/err" &&
	    [ "$(wc -l < "$TMP/err")" -eq 1 ]
	ok $? "$_what: refused at once, exit 2 (saw exit $_st: $(head -c 200 "$TMP/err"))"
}

K="a file of the kernel's (/proc)"
if [ -r /proc/kmsg ] && [ "$(id -u)" -eq 0 ]; then
	refused "topo -i /proc/kmsg" /proc/kmsg "$K" topo -i /proc/kmsg
	refused "check -i /proc/kmsg" /proc/kmsg "$K" check --dry-run -i /proc/kmsg
	refused "replay --summary /proc/kmsg" /proc/kmsg "$K" replay --summary /proc/kmsg
	refused "tour --check /proc/kmsg" /proc/kmsg "$K" tour --check /proc/kmsg
	refused "compare /proc/kmsg" /proc/kmsg "$K" compare /proc/kmsg
	# A link planted in a results directory: compare reads the link's target.
	mkdir -p "$TMP/results"
	cp tests/data/compare/a.json "$TMP/results/"
	ln -s /proc/kmsg "$TMP/results/k.json"
	refused "compare DIR with k.json -> /proc/kmsg" "$TMP/results/k.json" "$K" \
	    compare "$TMP/results"
	ln -s /proc/kmsg "$TMP/k.xml"
	refused "topo -i LINK -> /proc/kmsg" "$TMP/k.xml" "$K" topo -i "$TMP/k.xml"
else
	skip_n 8 "/proc/kmsg: needs root"
fi
# Any other file of /proc or /sys: refused, never read as an input.
refused "topo -i /proc/self/status" /proc/self/status "$K" topo -i /proc/self/status
if [ -f /sys/kernel/mm/transparent_hugepage/enabled ]; then
	refused "compare /sys file" /sys/kernel/mm/transparent_hugepage/enabled \
	    "a file of the kernel's (/sys)" compare /sys/kernel/mm/transparent_hugepage/enabled
else
	skip "a /sys file: none here"
fi

# A FIFO with no writer and a character device.
mkfifo "$TMP/nowriter.json" "$TMP/nowriter.xml"
refused "compare FIFO with no writer" "$TMP/nowriter.json" "a FIFO" compare "$TMP/nowriter.json"
refused "topo -i FIFO with no writer" "$TMP/nowriter.xml" "a FIFO" topo -i "$TMP/nowriter.xml"
refused "topo -i /dev/zero" /dev/zero "a device" topo -i /dev/zero
ln -s /dev/tty "$TMP/tty.jsonl"
refused "replay --summary LINK -> /dev/tty" "$TMP/tty.jsonl" "a device" replay --summary "$TMP/tty.jsonl"

# theme=/proc/kmsg in the settings file: the live screen says so in one
# line and ends (exit 2) before it takes the terminal or starts a load.
if command -v tmux > /dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && [ -r /proc/kmsg ]; then
	mkdir -p "$XDG_CONFIG_HOME/smtscope"
	printf 'theme=/proc/kmsg\n' > "$XDG_CONFIG_HOME/smtscope/smtscoperc"
	TMX="smtscope-hungread-$$"
	tmux -L "$TMX" -f /dev/null new-session -d -x 120 -y 40 \
	    "XDG_CONFIG_HOME='$XDG_CONFIG_HOME' LANG=C.UTF-8 timeout --foreground 10 \
	    '$(pwd)/$SMTSCOPE' -l spin@0 2> '$TMP/err'; echo SMTSCOPE-EXIT=\$? > '$TMP/exit'; sleep 60"
	_i=0
	while [ ! -s "$TMP/exit" ] && [ $_i -lt 150 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	_pane=$(tmux -L "$TMX" capture-pane -p 2> /dev/null | grep -v '^$' | head -n 3)
	tmux -L "$TMX" kill-server 2> /dev/null
	grep -q 'SMTSCOPE-EXIT=2' "$TMP/exit" 2> /dev/null &&
	    grep -q '/proc/kmsg: a file of the kernel' "$TMP/err" &&
	    [ "$(wc -l < "$TMP/err")" -eq 1 ]
	ok $? "theme=/proc/kmsg in the settings: one line, exit 2, within 15 s (saw $(cat "$TMP/exit" 2> /dev/null) $(head -c 200 "$TMP/err"); pane: $_pane)"
	# No load left: no smtscope process with this test's settings directory
	# in its environment (a load inherits it), checked by name too.
	_left=
	for _e in /proc/[0-9]*/environ; do
		_p=${_e#/proc/}
		_p=${_p%/environ}
		case "$(cat "/proc/$_p/comm" 2> /dev/null)" in
		smtscope*) tr '\0' '\n' < "$_e" 2> /dev/null |
		    grep -qx "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" && _left="$_left $_p" ;;
		esac
	done
	[ -z "$_left" ]
	ok $? "theme=/proc/kmsg: no load left ($_left)"
else
	skip_n 2 "theme=/proc/kmsg: needs tmux and root"
fi

done_testing
