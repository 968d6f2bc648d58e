#!/bin/sh
# tests/smt/init.sh: the first process of make check-smt's QEMU guest (its
# /init, run by busybox sh). Mounts what smtscope reads, runs the headless
# commands and the live screen on the guest's two SMT siblings, and writes
# every output to the second serial port (ttyS1), each between the lines
# "@@ begin NAME" and "@@ end NAME rc=STATUS"; tests/smt/qemu.sh reads them.
# Every command has its own time limit; the guest powers off at the end.

# part NAME SECONDS CMD...: CMD's output and status between the markers.
part() {
	_name=$1
	_secs=$2
	shift 2
	echo "@@ begin $_name"
	timeout "$_secs" "$@" < /dev/null 2>&1
	echo "@@ end $_name rc=$?"
}

# partout NAME SECONDS CMD...: as part, but only CMD's standard output goes
# between the markers (a JSON document to parse whole); its standard error,
# a terminal here that shows run's progress, follows as part NAME-stderr.
partout() {
	_name=$1
	_secs=$2
	shift 2
	echo "@@ begin $_name"
	timeout "$_secs" "$@" < /dev/null 2> /tmp/"$_name".err
	echo "@@ end $_name rc=$?"
	echo "@@ begin $_name-stderr"
	cat /tmp/"$_name".err
	echo "@@ end $_name-stderr rc=0"
}

# sysfs: what the guest's kernel says about its CPUs.
sysfs() {
	c=/sys/devices/system/cpu
	echo "cpus $(cat $c/online)"
	for f in $c/cpu[0-9]*/topology/thread_siblings_list; do
		echo "$f $(cat "$f")"
	done
	echo "smt/control $(cat $c/smt/control 2> /dev/null || echo absent)"
	echo "smt/active $(cat $c/smt/active 2> /dev/null || echo absent)"
	echo "kernel $(uname -r)"
}

# hosted NAME SECONDS CMD...: a command the host slows for a while: its
# progress (its standard error, this terminal, which the host reads live)
# between "@@ begin NAME-progress" and its end, where tests/smt/qemu.sh
# waits for its round 2 to start hogs on the host CPU under vCPU 1 (and
# stops them at that end at the latest); then CMD's standard output, whole,
# as part NAME.
hosted() {
	_name=$1
	_secs=$2
	shift 2
	echo "@@ begin $_name-progress"
	timeout "$_secs" "$@" < /dev/null > /tmp/"$_name".out
	_rc=$?
	echo
	echo "@@ end $_name-progress rc=$_rc"
	echo "@@ begin $_name"
	cat /tmp/"$_name".out
	echo "@@ end $_name rc=$_rc"
}

# host_screen: the live screen with an int load on vCPU 1, in a 200x36
# tmux pane (its WHY whole): once its WHY shows (its solo measured), the
# pane, then the line "@@ hog screen", on which the host starts its hogs; then the first
# pane (a look every 2 s from 7 s on) whose WHY names the host (the drift
# seen, held two refreshes), or the last at 11 s; then q.
host_screen() {
	tm="tmux -u -f /dev/null -L host"
	$tm new-session -d -x 200 -y 36 \
	    "./smtscope -l int@1 --record /tmp/host.jsonl; echo SMTSCOPE-EXIT=\$?; sleep 60" ||
	    return 1
	n=0
	while [ $n -lt 40 ]; do
		$tm capture-pane -p > /tmp/pane 2> /dev/null
		grep -q '^ *int#1 .*Gop/s.*%' /tmp/pane && break
		sleep 1
		n=$((n + 1))
	done
	echo "@@ pane before"
	cat /tmp/pane
	echo "@@ hog screen"
	# Quiet meanwhile: a look each second would be others' work on vCPU
	# 0, vCPU 1's sibling, which the WHY names and the drift takes for an
	# event.
	sleep 5
	n=0
	while [ $n -lt 3 ]; do
		sleep 2
		$tm capture-pane -p > /tmp/pane 2> /dev/null
		grep -q '^ *int#1 .*the host (under' /tmp/pane && break
		n=$((n + 1))
	done
	echo "@@ pane"
	cat /tmp/pane
	$tm send-keys q
	n=0
	while [ $n -lt 40 ] && ! $tm capture-pane -p | grep -q SMTSCOPE-EXIT; do
		sleep 0.5
		n=$((n + 1))
	done
	$tm capture-pane -p | grep SMTSCOPE-EXIT
	$tm kill-server
	echo "@@ recorded"
	grep '"e":"\(solo\|capacity\)"' /tmp/host.jsonl
	true
}

# screen: the live screen in a 200x36 tmux pane with a load on each
# sibling; the first pane where both loads show their WHY (the screen
# measures a solo again now and then, pausing the other load), or the last
# after 40 s; then q, then which smtscope processes are left. Wide, because
# a WHY may lead with another clause: this polling is others' work in a TCG
# guest, and a solo it disturbed makes a speed unknown, said first
# ("speed unknown: 117% of a solo others slowed; sibling CPU 0 runs ...").
# A look a second, not two: less of that work.
screen() {
	tm="tmux -u -f /dev/null -L guest"
	$tm new-session -d -x 200 -y 36 \
	    "./smtscope -l hash@0 -l hash@1; echo SMTSCOPE-EXIT=\$?; sleep 60" || return 1
	n=0
	while [ $n -lt 40 ]; do
		$tm capture-pane -p > /tmp/pane 2> /dev/null
		[ "$(grep -c 'hash#[12] .*sibling' /tmp/pane)" -ge 2 ] && break
		sleep 1
		n=$((n + 1))
	done
	echo "@@ pane"
	cat /tmp/pane
	$tm send-keys q
	n=0
	while [ $n -lt 40 ] && ! $tm capture-pane -p | grep -q SMTSCOPE-EXIT; do
		sleep 0.5
		n=$((n + 1))
	done
	echo "@@ after quit"
	$tm capture-pane -p | grep SMTSCOPE-EXIT
	$tm kill-server
	sleep 1
	echo "@@ processes left"
	ps -o pid,comm | grep smtscope
	true
}

export PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME=/root SHELL=/bin/sh LANG=C.UTF-8
export TERMINFO_DIRS=/usr/share/terminfo XDG_CONFIG_HOME=/tmp/config TMUX_TMPDIR=/tmp

# Called again by part, under its time limit, for the screen alone.
if [ "${1:-}" = --screen ]; then
	cd /smt && screen
	exit
fi
if [ "${1:-}" = --host-screen ]; then
	cd /smt && host_screen
	exit
fi

/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin /proc /sys /dev /tmp /root
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2> /dev/null
mkdir -p /dev/pts
mount -t devpts -o ptmxmode=0666 devpts /dev/pts
mount -t tmpfs tmpfs /tmp
cd /smt || poweroff -f

# Everything below goes to the data port, raw (no \r added).
stty -F /dev/ttyS1 raw -echo 2> /dev/null
exec > /dev/ttyS1 2>&1

echo "@@ begin sysfs"
sysfs
echo "@@ end sysfs rc=$?"
part topo 60 ./smtscope topo
part topo-json 60 ./smtscope topo --json
part check-dry 60 ./smtscope check --dry-run
part c2c-dry 60 ./smtscope c2c --dry-run
part time-dry 60 ./smtscope time -n -- true
for t in doc/tours/*.tour; do
	n=${t##*/}
	part "tour-${n%.tour}" 60 ./smtscope tour --check "${n%.tour}"
done
partout run-json 120 ./smtscope run --time 1 --json hash@0 hash@1
part screen 90 sh /init --screen
# vCPU 1 slowed from the host (qemu.sh's hogs) with nothing else running
# here: run's text, its JSON, the capacity scan's JSON, the screen.
hosted host-run 90 ./smtscope run --wide --time 1 int@1
hosted host-run-json 90 ./smtscope run --time 1 --json int@1
hosted host-scan 90 ./smtscope check --capacity
hosted host-scan-json 90 ./smtscope check --capacity --json
part host-screen 90 sh /init --host-screen

echo "@@ done"
sync
poweroff -f
