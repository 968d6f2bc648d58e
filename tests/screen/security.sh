#!/bin/sh
# tests/screen/security.sh: the live screen's own files, run as root in a
# shared directory like /tmp (root's, sticky, anyone may write; issue 25):
# S and R make a new dated name,
# passing over a link planted at it; --snapshot FILE, --record FILE, the
# settings file and SMTSCOPE_UI_STATS refuse a planted link with a line
# naming it; root's file the link points to is untouched each time. A
# theme that is a FIFO is refused at once; --record on a full disk ends
# with a non-zero exit and no file. tests/cli/security.sh has the commands'.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

bin=$(cd "$(dirname "$SMTSCOPE")" && pwd)/$(basename "$SMTSCOPE")
LUID=$(free_uid)
D=$TMP/shared
V=$TMP/victim
chmod 711 "$TMP"
mkdir -p "$D"
echo "root's own file" > "$V"
can=0
if [ -n "$LUID" ] && [ "$(id -u)" -eq 0 ] && command -v setpriv > /dev/null &&
    chmod 1777 "$D" 2> /dev/null; then
	can=1
fi

# plant PATH [TARGET]: as the other user, a link at PATH to root's file (or TARGET).
plant() {
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups ln -sf "${2:-$V}" "$1"
}
# untouched: root's file is as it was; it is written back for the next check.
untouched() {
	[ "$(cat "$V")" = "root's own file" ]
	_u=$?
	echo "root's own file" > "$V"
	return $_u
}
# plant_dated EXT [TARGET]: links at the dated names of the next 20 seconds.
plant_dated() {
	_now=$(date +%s)
	_i=0
	while [ $_i -lt 20 ]; do
		plant "$D/smtscope-$(date -d "@$((_now + _i))" +%Y%m%d-%H%M%S)$1" "${2:-$V}"
		_i=$((_i + 1))
	done
}

if [ $can -eq 0 ]; then
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		skip "needs root, setpriv and an unused uid to plant links as another user"
	done
else
	# S: the dated name has a link on it: a -2 name, root's file untouched.
	plant_dated .svg
	check "S in a shared directory: starts" \
	    tm_start "cd '$D' && LANG=C.UTF-8 '$bin' -n -i 'package:1 core:2 pu:1'"
	tm_wait 'q quit' > /dev/null
	tm_keys S
	check "case 1: S passes over the planted link to a new name" \
	    tm_wait 'screen written as SVG: smtscope-[0-9]{8}-[0-9]{6}-2\.svg'
	untouched
	ok $? "case 1: S: root's file untouched"
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
	tm_end

	# --snapshot FILE with a link planted: refused, named.
	plant "$D/snap.svg"
	check "--snapshot over a planted link: starts" \
	    tm_start "LANG=C.UTF-8 '$bin' -n --snapshot '$D/snap.svg' -i 'package:1 core:2 pu:1'"
	tm_wait 'q quit' > /dev/null
	tm_keys S
	check "case 1: --snapshot: the link is refused, named" \
	    tm_wait "cannot write $D/snap.svg: a symbolic link"
	untouched
	ok $? "case 1: --snapshot: root's file untouched"
	tm_keys q
	tm_end

	# R: the dated name has a link on it: a -2 name, root's file untouched;
	# then a dangling link: the file it names is not created.
	for target in "$V" "$TMP/made-by-R"; do
		plant_dated .jsonl.gz "$target"
		check "R in a shared directory: starts" \
		    tm_start "cd '$D' && LANG=C.UTF-8 '$bin' -n -d 5 -l spin@$CPU_A"
		tm_wait 'spin#1' 10 > /dev/null
		tm_keys R
		check "case 1: R passes over the planted link to a new name" \
		    tm_wait 'recording to smtscope-[0-9]{8}-[0-9]{6}-2\.jsonl\.gz'
		tm_keys R
		tm_wait 'recording stopped' > /dev/null
		if [ "$target" = "$V" ]; then
			untouched
			ok $? "case 1: R: root's file untouched"
		else
			[ ! -e "$TMP/made-by-R" ]
			ok $? "case 1: R: a dangling link's target is not created"
		fi
		tm_keys q
		tm_wait 'SMTSCOPE-EXIT=0' 10 > /dev/null
		tm_end
		rm -f "$D"/smtscope-*.jsonl.gz
	done

	# --record FILE with a link planted: refused, named; the exit says so.
	plant "$D/rec.jsonl"
	check "--record over a planted link: starts" \
	    tm_start "LANG=C.UTF-8 '$bin' -n --record '$D/rec.jsonl'"
	check "case 1: --record: the link is refused, named" \
	    tm_wait "cannot write $D/rec.jsonl: a symbolic link"
	tm_keys q
	check "case 7: --record that failed: exit 1" tm_wait 'SMTSCOPE-EXIT=1' 10
	untouched
	ok $? "case 1: --record: root's file untouched"
	tm_end

	# The settings file and SMTSCOPE_UI_STATS, each a planted link.
	mkdir -p "$D/config/smtscope"
	chmod 1777 "$D/config" "$D/config/smtscope"
	plant "$D/config/smtscope/smtscoperc"
	plant "$D/stats"
	check "settings and stats over planted links: starts" \
	    tm_start "XDG_CONFIG_HOME='$D/config' SMTSCOPE_UI_STATS='$D/stats' LANG=C.UTF-8 \
	    '$bin' -i 'package:1 core:2 pu:1' 2> '$TMP/err'"
	tm_wait 'q quit' > /dev/null
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT' > /dev/null
	tm_end
	grep -q "the settings were not saved: cannot write $D/config/smtscope/smtscoperc: a symbolic link" \
	    "$TMP/err" && [ -L "$D/config/smtscope/smtscoperc" ]
	ok $? "case 1: the settings file: the link is refused, named ($(head -n 1 "$TMP/err"))"
	grep -q "SMTSCOPE_UI_STATS: cannot write $D/stats: a symbolic link" "$TMP/err"
	ok $? "case 1: SMTSCOPE_UI_STATS: the link is refused, named ($(tail -n 1 "$TMP/err"))"
	untouched
	ok $? "case 1: the settings and stats: root's file untouched"

	# --record FILE in a directory another user owns: refused, naming it
	# (a link they swap in later would lead anywhere).
	O=$D/theirs
	setpriv --reuid="$LUID" --regid="$LUID" --clear-groups mkdir "$O"
	TM_W=250
	check "--record in another user's directory: starts" \
	    tm_start "LANG=C.UTF-8 '$bin' -n --record '$O/rec.jsonl'"
	TM_W=120
	check "case 12: --record: another user's directory is refused, named" \
	    tm_wait "cannot write $O/rec.jsonl: $O is another user's directory"
	tm_keys q
	tm_wait 'SMTSCOPE-EXIT=1' 10 > /dev/null
	tm_end
	[ ! -e "$O/rec.jsonl" ]
	ok $? "case 12: --record: nothing made there"
fi

# A theme that is a FIFO: refused at once on the status line, the screen goes on.
mkfifo "$TMP/fifo.theme"
check "-t FIFO: starts" tm_start "LANG=C.UTF-8 '$bin' -n -t '$TMP/fifo.theme' -i 'package:1 core:2 pu:1'"
check "case 4: -t FIFO is refused at once, named" tm_wait 'fifo.theme: a FIFO, not a regular file' 5
tm_keys q
tm_end
# A screen that did block in open() (signals held for its loop) is let go.
( : <> "$TMP/fifo.theme" ) 2> /dev/null

# --record on a full disk: a non-zero exit, and no file.
full=$TMP/full
mkdir -p "$full"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=4k tmpfs "$full" 2> /dev/null; then
	head -c 4096 /dev/zero > "$full/filler" 2> /dev/null
	check "--record on a full disk: starts" \
	    tm_start "LANG=C.UTF-8 '$bin' -n -l spin@$CPU_A --record '$full/r.jsonl'"
	check "case 7: the status line says the disk is full" \
	    tm_wait "recording stopped: cannot write $full/r.jsonl: No space left" 10
	tm_keys q
	check "case 7: quits with status 1, saying why" tm_wait 'SMTSCOPE-EXIT=1' 10
	[ ! -e "$full/r.jsonl" ]
	ok $? "case 7: no empty file left"
	tm_end
	umount "$full"
else
	for i in 1 2 3 4; do skip "needs root to mount a small tmpfs"; done
fi
done_testing
