# tests/lib.sh: TAP helpers for shell tests; source it from the repo root.
# Every check prints "ok N - what" or "not ok N - what"; finish with `done_testing`.

SMTSCOPE=${SMTSCOPE:-./smtscope}
# Tests read whole sentences: reports are not folded to 80 columns here
# (tests/cli/width.sh unsets it and holds every report to 80).
COLUMNS=4096
export COLUMNS
TOPOLOGIES=${SMTSCOPE_TOPOLOGIES:-../shared/topologies}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# The live screen reads and writes $XDG_CONFIG_HOME/smtscope/smtscoperc:
# never the user's own in a test.
XDG_CONFIG_HOME="$TMP/config"
export XDG_CONFIG_HOME
_n=0
_failed=0

# ok COND_STATUS WHAT: record a result from the last command's status.
# A failure never prints an empty reason: where WHAT ends in "()" or "( )"
# (a reason variable left empty), the status seen and the one wanted replace it.
ok() {
	_n=$((_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_n - $2"
	else
		_why=$2
		case $_why in
		*'()'|*'( )'|'')
			_why="${_why%(*}(saw status $1, wanted 0; the test gave no reason)" ;;
		esac
		echo "not ok $_n - $_why"
		_failed=$((_failed + 1))
	fi
}

# check WHAT CMD...: run CMD, record its success; a failure names the
# command and the status it gave (wanted 0).
check() {
	_what=$1
	shift
	"$@"
	_st=$?
	if [ "$_st" -ne 0 ]; then
		_what="$_what (saw: '$*' exit $_st, wanted exit 0)"
	fi
	ok $_st "$_what"
}

# skip WHAT: a check that cannot run here, with the reason.
skip() {
	_n=$((_n + 1))
	echo "ok $_n # skip $1"
}

# diag TEXT: a comment line in the log.
diag() {
	echo "# $*"
}

# num_between VALUE LOW HIGH: is LOW <= VALUE <= HIGH (decimals allowed)?
# A user id that owns no process on this machine, for tests under a process
# limit (RLIMIT_NPROC counts every process of the user, so a shared one such
# as nobody would count other people's): prints it, or nothing.
free_uid() {
	_u=$((40000 + $$ % 20000))
	_n=0
	while [ $_n -lt 50 ]; do
		if ! pgrep -U "$_u" > /dev/null 2>&1 && ! getent passwd "$_u" > /dev/null 2>&1; then
			echo "$_u"
			return 0
		fi
		_u=$((_u + 1))
		_n=$((_n + 1))
	done
}

# uid_bindir UID: a directory that UID can reach holding copies of smtscope
# and smtscope-load, for tests that run as another user: the tree itself may
# sit where only root may enter (/root, a mktemp -d directory, a package
# build). Sets UBIN to its path (removed at exit), or UBIN empty and
# UBIN_WHY to the reason. Call it directly, not in $(...): it sets the trap.
uid_bindir() {
	UBIN= UBIN_WHY=
	_b=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-uid.XXXXXX") || {
		UBIN_WHY="cannot make a directory in ${TMPDIR:-/tmp}"
		return 1
	}
	UID_BINDIRS="${UID_BINDIRS:-} $_b"
	trap 'rm -rf "$TMP" $UID_BINDIRS' EXIT
	if ! { chmod 755 "$_b" && cp "$SMTSCOPE" "$_b/smtscope" &&
	    cp "$(dirname "$SMTSCOPE")/smtscope-load" "$_b/smtscope-load" &&
	    chmod 755 "$_b/smtscope" "$_b/smtscope-load"; }; then
		UBIN_WHY="cannot copy smtscope and smtscope-load into $_b"
		return 1
	fi
	if ! setpriv --reuid="$1" --regid="$1" --clear-groups test -x "$_b/smtscope-load"; then
		UBIN_WHY="$_b is not reachable by uid $1 (TMPDIR=${TMPDIR:-/tmp}); set TMPDIR to a directory others can enter"
		return 1
	fi
	UBIN=$_b
}

# widest FILE: the widest line's columns, in characters, not bytes, with any
# awk (Debian's mawk counts bytes even under a UTF-8 locale: a line of 80
# characters with one "±" read 81). UTF-8 continuation bytes are dropped first.
widest() {
	LC_ALL=C tr -d '\200-\277' < "$1" | LC_ALL=C awk '{ n = length($0); if (n > m) m = n } END { print m + 0 }'
}

# overwide MAX FILE: the first line of FILE wider than MAX characters.
overwide() {
	LC_ALL=C awk -v m="$1" '{ s = $0; gsub(/[\200-\277]/, "", s) } length(s) > m { print; exit }' "$2"
}

num_between() {
	awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v != "" && v + 0 == v && v >= lo && v <= hi) }'
}

# Processes are named by identity, never by pid alone: pid_max is 32768
# here and pids wrap within minutes under make check, so a pid seen once
# may name another process later. An identity is "PID:START", START being
# the process's start time (clock ticks since boot, /proc/PID/stat's 22nd
# field); a test that looks for leftovers checks the name too.

# proc_id PID: the identity of the live process PID ("PID:START"); nothing,
# and false, when there is none or it is a zombie.
proc_id() {
	_ps=$(cat "/proc/$1/stat" 2> /dev/null) || return 1
	[ -n "$_ps" ] || return 1
	# The name may hold spaces and parentheses: the fields follow its last ")".
	# shellcheck disable=SC2086
	set -- "$1" ${_ps##*) }
	case $2 in Z|X|x|"") return 1 ;; esac
	eval "echo \"\$1:\${21}\""
}

# proc_name PID: the name (comm) of process PID, or nothing.
proc_name() {
	_ps=$(cat "/proc/$1/stat" 2> /dev/null) || return 1
	_ps=${_ps#*(}
	echo "${_ps%)*}"
}

# proc_kids PID: the identities of PID's children now, space-separated.
proc_kids() {
	for _k in $(pgrep -P "$1" 2> /dev/null); do
		proc_id "$_k"
	done | tr '\n' ' '
}

# proc_alive ID: is the process of this identity still there (not a zombie)?
proc_alive() {
	_pa=$(proc_id "${1%%:*}") && [ "$_pa" = "$1" ]
}

# proc_dying PID: has PID a SIGKILL pending? The kernel ends it the next
# time it runs (it never runs its own code again), which a CPU that a fork
# storm keeps busy can put off for seconds.
proc_dying() {
	awk '/^(SigPnd|ShdPnd):/ { d = substr($2, length($2) - 2, 1)
		if ((index("0123456789abcdef", tolower(d)) - 1) % 2 == 1) k = 1 }
	    END { exit !k }' "/proc/$1/status" 2> /dev/null
}

# procs_gone ID...: is every one of these processes gone (zombies count as gone)?
procs_gone() {
	for _g; do
		proc_alive "$_g" && return 1
	done
	return 0
}

# procs_left ID...: those still alive, as "PID (NAME, STATE)" on one line,
# a dying one (SIGKILL pending) marked "dying"; false when none is.
procs_left() {
	_pl=
	for _g; do
		proc_alive "$_g" || continue
		_p=${_g%%:*}
		_s=$(sed 's/.*) \([A-Za-z]\).*/\1/' "/proc/$_p/stat" 2> /dev/null)
		proc_dying "$_p" && _s="$_s, dying"
		_pl="$_pl $_p ($(proc_name "$_p"), $_s)"
	done
	[ -n "$_pl" ] && echo "${_pl# }"
}

# procs_real ID...: like procs_left, but only the real leftovers: alive,
# named smtscope*, and no SIGKILL pending.
procs_real() {
	_pl=
	for _g; do
		proc_alive "$_g" || continue
		_p=${_g%%:*}
		proc_dying "$_p" && continue
		case $(proc_name "$_p") in smtscope*) ;; *) continue ;; esac
		_pl="$_pl $_p ($(proc_name "$_p"))"
	done
	[ -n "$_pl" ] && echo "${_pl# }"
}

# procs_wait_gone SECONDS ID...: wait until every one is gone; false if
# some are left after SECONDS.
procs_wait_gone() {
	_pw=$(($1 * 20))
	shift
	while ! procs_gone "$@"; do
		[ "$_pw" -le 0 ] && return 1
		sleep 0.05
		_pw=$((_pw - 1))
	done
	return 0
}

# The CPUs this test may use (its affinity: taskset, a container's or a
# batch job's cpuset), as the kernel lists them (ALLOWED_LIST, "0-1"), their
# number (NALLOWED) and the first two (CPU_A, CPU_B; "" when there are
# fewer). Tests use these, never CPU 0 and 1 by name: make check passes
# under `taskset -c 1` too.
ALLOWED_LIST=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2> /dev/null)
ALLOWED_CPUS=$(echo "$ALLOWED_LIST" | awk -F, '{ for (i = 1; i <= NF; i++) {
	n = split($i, r, "-"); for (c = r[1] + 0; c <= (n == 2 ? r[2] : r[1]) + 0; c++) printf "%d ", c } }')
NALLOWED=$(echo "$ALLOWED_CPUS" | wc -w)
CPU_A=$(echo "$ALLOWED_CPUS" | awk '{ print $1 }')
CPU_B=$(echo "$ALLOWED_CPUS" | awk '{ print $2 }')

# need_cpus N: may this test use N CPUs? Else CPUS_WHY is the skip's reason:
# "needs 2 allowed CPUs (this process may use 0)".
need_cpus() {
	CPUS_WHY="needs $1 allowed CPUs (this process may use $ALLOWED_LIST)"
	[ "$NALLOWED" -ge "$1" ]
}

# skip_n N WHAT: N checks that cannot run here, each with the reason.
skip_n() {
	_k=0
	while [ "$_k" -lt "$1" ]; do
		skip "$2"
		_k=$((_k + 1))
	done
}

# fixture NAME: one of the project's own topology fixtures (made from hwloc
# synthetic strings by tests/tools/topofix.sh, once per run: tests/run.sh
# makes them all in $SMTSCOPE_FIXTURES): its path in FIXTURE; false, with
# the reason in FIXTURE_WHY, when hwloc's tools cannot make it.
fixture() {
	_fd=${SMTSCOPE_FIXTURES:-$TMP/fixtures}
	FIXTURE=$_fd/$1.xml
	[ -f "$FIXTURE" ] && return 0
	if ! sh tests/tools/topofix.sh "$_fd" "$1" 2> "$TMP/fixture.err"; then
		FIXTURE_WHY="fixture $1: $(head -n 1 "$TMP/fixture.err")"
		return 1
	fi
}

# have_topologies: are the real-machine XML files beside the checkout?
have_topologies() {
	[ -f "$TOPOLOGIES/MANIFEST.tsv" ]
}

done_testing() {
	echo "1..$_n"
	[ "$_failed" -eq 0 ]
}

# cpu_busy_now CPU...: busy fraction of each CPU over 0.5 s, from /proc/stat
# (every process's time: the test's own smtscope is not running then).
cpu_busy_now() {
	_a=$(grep '^cpu[0-9]' /proc/stat)
	sleep 0.5
	_b=$(grep '^cpu[0-9]' /proc/stat)
	for _c; do
		_x=$(echo "$_a" | awk -v c="cpu$_c" '$1 == c { print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }')
		_y=$(echo "$_b" | awk -v c="cpu$_c" '$1 == c { print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }')
		echo "$_c $_x $_y" | awk '{ t = $5 - $3; printf "%s %.2f\n", $1, (t > 0 ? ($4 - $2) / t : 0) }'
	done
}

# quiet_wait SECONDS CPU...: wait (at most SECONDS) until every CPU is under
# 10 % busy; false with QUIET_REASON naming the busiest CPU and its top
# process ("CPU 1: 43% foreign, cc1") when no quiet window came.
quiet_wait() {
	_end=$(( $(date +%s) + $1 ))
	shift
	while :; do
		_worst=$(cpu_busy_now "$@" | sort -k2 -n -r | head -n 1)
		_cpu=${_worst%% *}
		_busy=${_worst##* }
		if awk -v b="$_busy" 'BEGIN { exit !(b < 0.10) }'; then
			QUIET_REASON=
			return 0
		fi
		if [ "$(date +%s)" -ge "$_end" ]; then
			_who=$(ps -eo psr=,pcpu=,comm= --sort=-pcpu 2> /dev/null |
			    awk -v c="$_cpu" '$1 == c && $2 > 1 { print $3; exit }')
			QUIET_REASON=$(awk -v c="$_cpu" -v b="$_busy" -v w="${_who:-?}" \
			    'BEGIN { printf "CPU %s: %.0f%% foreign, %s", c, 100 * b, w }')
			return 1
		fi
	done
}

# physics WHAT CPUS CMD...: a band test on a shared machine. Wait for a quiet
# window on CPUS (a comma list), run CMD; when it fails, wait for a new quiet
# window and run it again, three windows in all (a guest's host puts its two
# virtual CPUs on one core's threads now and then, unseen: int on two CPUs
# yielded 1.11 with each CPU whole in 1 check of 15 here). CMD returns 0
# (in band), 1 (out of band), or 2 when smtscope itself says other work
# disturbed the figures (the reason in PHYSICS_BUSY): the machine's noise,
# not the product's fault. Says skip with the measured reason when no quiet
# window came within 60 s (SMTSCOPE_QUIET_WAIT), or when the last try was
# disturbed.
physics() {
	_what=$1
	_cpus=$(echo "$2" | tr ',' ' ')
	shift 2
	_try=0
	_rc=1
	while [ $_try -lt 3 ]; do
		# shellcheck disable=SC2086
		if ! quiet_wait "${SMTSCOPE_QUIET_WAIT:-60}" $_cpus; then
			skip "$_what: machine busy ($QUIET_REASON)"
			return 0
		fi
		PHYSICS_BUSY=
		"$@"
		_rc=$?
		if [ $_rc -eq 0 ]; then
			ok 0 "$_what$( [ $_try -gt 0 ] && echo " (quiet window $((_try + 1)))")"
			return 0
		fi
		[ $_rc -eq 2 ] && diag "disturbed during the run: $PHYSICS_BUSY"
		_try=$((_try + 1))
	done
	if [ $_rc -eq 2 ]; then
		skip "$_what: machine busy during the run ($PHYSICS_BUSY)"
		return 0
	fi
	ok 1 "$_what (failed in three quiet windows)"
}

# written CMD...: run CMD (a smtscope check); true when it wrote its result:
# exit 0, or 3 (others' work left the verdict "not measurable now", the
# figures written whole, each disturbed cell marked: a physics band reads them).
written() {
	"$@"
	_wr=$?
	[ $_wr -eq 0 ] || [ $_wr -eq 3 ]
}

# jq_py FILE EXPR: print a Python expression over the JSON object `j` in FILE.
jq_py() {
	python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
v = eval(sys.argv[2])
print("null" if v is None else v)' "$1" "$2"
}

# have_python: 1 where python3 reads the JSON the tests check, else 0 (skipped).
have_python=0
command -v python3 > /dev/null 2>&1 && have_python=1

# check_usage_error WHAT ARGS...: `smtscope check ARGS` exits 2 with exactly
# one line on stderr and nothing on stdout.
check_usage_error() {
	_what=$1
	shift
	"$SMTSCOPE" check "$@" > "$TMP/u.out" 2> "$TMP/u.err"
	_rc=$?
	[ "$_rc" -eq 2 ] && [ "$(wc -l < "$TMP/u.err")" -eq 1 ] && [ ! -s "$TMP/u.out" ]
	ok $? "$_what: exit 2 with one line (got $_rc: $(head -n 1 "$TMP/u.err"))"
}
