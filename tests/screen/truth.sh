#!/bin/sh
# tests/screen/truth.sh: the live header says what topo says (issue 23). On
# machines that report SMT, made here from hwloc synthetic topologies and
# declared to be this system (HWLOC_XMLFILE + HWLOC_THISSYSTEM=1): one core
# x 2 threads over CPUs 0-1, and cores {0,2},{1,3} with only 0-1 allowed.
# The header's SMT state and allowed set are topo --json's words, the tree
# marks the CPUs outside the cpuset; again with the kernel saying "on"
# (a private mount over smt/control, as root). Nothing is measured.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

LSTOPO=$(command -v lstopo-no-graphics || command -v lstopo)
if [ -z "$LSTOPO" ] || ! command -v python3 > /dev/null 2>&1; then
	skip "needs lstopo-no-graphics (package hwloc-nox) and python3"
	done_testing
	exit 0
fi
TM_W=200
control=/sys/devices/system/cpu/smt/control
echo on > "$TMP/on"
if [ "$(id -u)" != 0 ]; then
	ON_WHY="the private bind mount over $control needs root"
elif [ ! -f "$control" ]; then
	ON_WHY="this kernel has no $control"
elif ! unshare -m sh -c "mount --bind '$TMP/on' $control" 2> "$TMP/unshare.err"; then
	ON_WHY="unshare -m and mount --bind failed: $(head -n 1 "$TMP/unshare.err")"
else
	ON_WHY=
fi

# kernel_says own|on CMD: CMD as a shell line, under the kernel's own
# smt/control or, in a private mount namespace, "on".
kernel_says() {
	if [ "$1" = on ]; then
		echo "unshare -m sh -c \"mount --bind '$TMP/on' $control && $2\""
	else
		echo "$2"
	fi
}

# screen NAME SYNTHETIC ALLOWED OUTSIDE: the header of fixture NAME, made from
# SYNTHETIC with hwloc's allowed_cpuset ALLOWED ("" all), against topo
# --json's state and allowed words, under the kernel's own word and "on";
# OUTSIDE the CPUs the tree must mark "not allowed" ("" none).
screen() {
	"$LSTOPO" -f -i "$2" --of xml "$TMP/$1.xml" 2> /dev/null
	ok $? "fixture $1: lstopo -i \"$2\""
	[ -n "$3" ] && sed -i "0,/allowed_cpuset=\"[^\"]*\"/s//allowed_cpuset=\"$3\"/" "$TMP/$1.xml"
	env="HWLOC_XMLFILE='$TMP/$1.xml' HWLOC_THISSYSTEM=1"
	for kernel in own on; do
		if [ $kernel = on ] && [ -n "$ON_WHY" ]; then
			skip_n 4 "$1, smt/control 'on': $ON_WHY"
			continue
		fi
		sh -c "$(kernel_says $kernel "$env $SMTSCOPE topo --json")" \
		    > "$TMP/topo.json" 2> "$TMP/topo.err"
		want=$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["smt_state"]
print("%s; %s" % (s["short"], s["allowed_words"]))' "$TMP/topo.json" 2> /dev/null)
		[ -n "$want" ]
		ok $? "$1 ($kernel): topo --json gives the state and the allowed set (${want:-$(head -n 1 "$TMP/topo.err")})"
		check "$1 ($kernel): the screen starts" \
		    tm_start "$(kernel_says $kernel "LANG=C.UTF-8 $env $SMTSCOPE -n")"
		# tm_wait takes a regexp: the words as fixed text, each character in [].
		re=$(printf '%s' "$want" | sed 's/[^ ]/[&]/g')
		check "$1 ($kernel): the header says '$want', as topo does" \
		    tm_wait "^smtscope: .* $re(, under .*)?$"
		missing=
		for c in $4; do
			tm_cap | grep -E -q "CPU $c \[ +\] +not allowed" || missing="$missing $c"
		done
		[ -z "$missing" ]
		ok $? "$1 ($kernel): the tree marks CPUs outside the cpuset not allowed (${4:-none}; missing:${missing:- none})"
		diag "$(tm_cap | head -n 1)"
		tm_end
	done
}

screen one "pack:1 core:1 pu:2" "" ""
screen outside "pack:1 core:2 pu:2(indexes=0,2,1,3)" 0x00000003 "2 3"
done_testing
