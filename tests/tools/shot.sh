#!/bin/sh
# tests/tools/shot.sh: the screen as its users see it, as a picture: run a
# command in a private tmux pane of W x H, wait for PATTERN, type KEYS (each
# word one tmux key, "sleep:S" waits S seconds, "wait:RE" waits for a regexp
# on the pane), capture it with its colours (capture-pane -e), draw it as
# HTML with the xterm palette (tests/tools/ansi2html.py) and photograph that
# with headless Chromium. Writes OUT.txt (the text), OUT.html and, where
# chromium is installed, OUT.png.
# Usage: sh tests/tools/shot.sh OUT W H 'COMMAND' [KEYS...]
# Example: sh tests/tools/shot.sh tests/out/png/2cpu-80x24 80 24 './smtscope'
set -u
[ $# -ge 4 ] || { echo "usage: shot.sh OUT W H 'COMMAND' [KEYS...]" >&2; exit 2; }
out=$1 w=$2 h=$3 cmd=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
sock="smtscope-shot-$$"
t() { tmux -L "$sock" "$@"; }
trap 't kill-server > /dev/null 2>&1' EXIT
mkdir -p "$(dirname "$out")"
t -u -f /dev/null new-session -d -x "$w" -y "$h" "$cmd; sleep 60" || exit 1
# wait_for RE: until the pane shows it (30 s at most).
wait_for() {
	_n=600
	while [ $_n -gt 0 ]; do
		t capture-pane -p | grep -E -q -- "$1" && return 0
		sleep 0.05
		_n=$((_n - 1))
	done
	echo "shot.sh: timed out waiting for /$1/" >&2
	return 1
}
wait_for 'q quit|any key|Esc' || exit 1
for k in "$@"; do
	case $k in
	sleep:*) sleep "${k#sleep:}" ;;
	wait:*) wait_for "${k#wait:}" || exit 1 ;;
	*) t send-keys "$k" ;;
	esac
done
sleep 0.5
t capture-pane -p > "$out.txt"
t capture-pane -e -p -N > "$out.ansi"
size=$(python3 "$here/ansi2html.py" --cols "$w" --rows "$h" < "$out.ansi" 2>&1 > "$out.html")
t send-keys q
if command -v chromium > /dev/null 2>&1; then
	prof=$(mktemp -d)
	# shellcheck disable=SC2086
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	    --disable-background-networking --disable-component-update --disable-sync \
	    --user-data-dir="$prof" --hide-scrollbars --screenshot="$PWD/$out.png" \
	    --window-size="$(echo $size | tr ' ' ,)" "file://$(cd "$(dirname "$out.html")" &&
	    pwd)/$(basename "$out.html")" > /dev/null 2>&1
	rm -rf "$prof"
	[ -f "$out.png" ] || { echo "shot.sh: chromium wrote no $out.png" >&2; exit 1; }
fi
