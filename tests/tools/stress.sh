#!/bin/sh
# tests/tools/stress.sh [-r ROUNDS] [-c CASES] [TEST...]: run test files
# beside irregular load and count the results. The cases (default all):
#   quiet  nothing beside (the baseline)
#   hogs   two CPU hogs
#   fork   a fork storm on each CPU (taskset -c N sh -c 'while :; do /bin/true; done')
#   twin   a second copy of the same tests at the same time
#   cpu0   the tests under taskset -c 0
# TEST defaults to tests/screen/restore.sh tests/live/run.sh tests/screen/exit.sh.
# Prints one line per run and "stress: R runs x C cases, F failed"; exits 1
# when a run failed. Every background process it starts is killed however
# it ends (trap on EXIT, INT, TERM, HUP).
cd "$(dirname "$0")/../.." || exit 2
rounds=1
cases="quiet hogs fork twin cpu0"
while [ $# -gt 0 ]; do
	case $1 in
	-r)	rounds=$2; shift 2 ;;
	-c)	cases=$2; shift 2 ;;
	*)	break ;;
	esac
done
[ $# -eq 0 ] && set -- tests/screen/restore.sh tests/live/run.sh tests/screen/exit.sh
out=tests/out/stress
mkdir -p "$out"
bg=

stop_bg() {
	for p in $bg; do
		# Each loader leads a process group of its own: end the group.
		kill -TERM -- "-$p" 2> /dev/null || kill -TERM "$p" 2> /dev/null
	done
	for p in $bg; do
		wait "$p" 2> /dev/null
	done
	bg=
	[ -n "$twindir" ] && rm -rf "$twindir"
	twindir=
}
twindir=
trap 'stop_bg' EXIT
trap 'stop_bg; exit 130' INT
trap 'stop_bg; exit 143' TERM
trap 'stop_bg; exit 129' HUP

# start CMD...: a background loader in a session of its own (setsid), so
# that the whole group it makes can be ended.
start() {
	setsid "$@" > /dev/null 2>&1 &
	bg="$bg $!"
}

ncpu=$(nproc 2> /dev/null || echo 1)
runs=0
failed=0
ncase=0
for c in $cases; do
	ncase=$((ncase + 1))
	r=0
	while [ "$r" -lt "$rounds" ]; do
		r=$((r + 1))
		pre=
		case $c in
		quiet)	;;
		hogs)	start sh -c 'while :; do :; done'
			start sh -c 'while :; do :; done' ;;
		fork)	i=0
			while [ "$i" -lt "$ncpu" ]; do
				start taskset -c "$i" sh -c 'while :; do /bin/true; done'
				i=$((i + 1))
			done ;;
		twin)	# In a copy of the tree (its own fixtures, logs, tmux
			# servers and loads), as a second clone's make check is.
			twindir=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-twin.XXXXXX")
			tar --exclude=./tests/out --exclude=./.git -cf - . | (cd "$twindir" && tar xf -)
			(cd "$twindir" && SMTSCOPE_TOPOLOGIES=$(cd .. && pwd)/shared/topologies \
			    exec setsid sh tests/run.sh "$@") > "$out/twin-$r.other.log" 2>&1 &
			twin=$!
			bg="$bg $twin" ;;
		cpu0)	pre="taskset -c 0" ;;
		*)	echo "stress: no case $c (quiet hogs fork twin cpu0)" >&2; exit 2 ;;
		esac
		log="$out/$c-$r.log"
		# shellcheck disable=SC2086
		$pre sh tests/run.sh "$@" > "$log" 2>&1
		st=$?
		if [ "$c" = twin ]; then
			# The other instance ends on its own; it fails the run too.
			wait "$twin"
			[ $? -ne 0 ] && [ "$st" -eq 0 ] && st=1 && log="$out/twin-$r.other.log"
		fi
		stop_bg
		runs=$((runs + 1))
		sum=$(grep -E '[0-9]+ passed' "$log" | tail -n 1)
		if [ "$st" -ne 0 ]; then
			failed=$((failed + 1))
			echo "stress: $c #$r: FAILED (exit $st): ${sum:-no summary}; see $log:"
			grep '^not ok' "$log" | head -n 5 | sed 's/^/    /'
		else
			echo "stress: $c #$r: ${sum:-no summary}"
		fi
	done
done
echo "stress: $rounds runs x $ncase cases of $*: $failed failed"
[ "$failed" -eq 0 ]
