# tests/lib.sh: TAP helpers for shell tests; source it from the repo root.
# Every check prints "ok N - what" or "not ok N - what"; finish with `done_testing`.

SMTSCOPE=${SMTSCOPE:-./smtscope}
TOPOLOGIES=${SMTSCOPE_TOPOLOGIES:-../shared/topologies}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
_n=0
_failed=0

# ok COND_STATUS WHAT: record a result from the last command's status.
ok() {
	_n=$((_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_n - $2"
	else
		echo "not ok $_n - $2"
		_failed=$((_failed + 1))
	fi
}

# check WHAT CMD...: run CMD, record its success.
check() {
	_what=$1
	shift
	"$@"
	ok $? "$_what"
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
num_between() {
	awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v != "" && v + 0 == v && v >= lo && v <= hi) }'
}

# have_topologies: are the real-machine XML files beside the checkout?
have_topologies() {
	[ -f "$TOPOLOGIES/MANIFEST.tsv" ]
}

done_testing() {
	echo "1..$_n"
	[ "$_failed" -eq 0 ]
}
