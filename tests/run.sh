#!/bin/sh
# tests/run.sh: run every test program and script; each speaks TAP.
# Prints each failure, then one last line: "N passed, N failed, N skipped".
# Usage: sh tests/run.sh [PATTERN...]       the deterministic tests (make check):
#                                           unit, cli, live and screen
#        sh tests/run.sh --live [PATTERN...] the physics bands (make check-live):
#                                           tests/physics, each in a quiet window
# Only tests whose path contains one of the PATTERNs run (all, with none).

cd "$(dirname "$0")/.." || exit 2
mkdir -p tests/out
pass=0 fail=0 skipped=0
set_live=0
if [ "${1:-}" = --live ]; then
	set_live=1
	shift
fi
patterns=$*
# wanted PATH: whether PATH contains one of the patterns (any, with none).
wanted() {
	[ -z "$patterns" ] && return 0
	for p in $patterns; do
		case $1 in *"$p"*) return 0 ;; esac
	done
	return 1
}
# The project's topology fixtures, made once for every test of the run
# (tests/tools/topofix.sh; a test without them makes its own or says skip).
SMTSCOPE_FIXTURES=tests/out/fixtures
rm -rf "$SMTSCOPE_FIXTURES"
sh tests/tools/topofix.sh "$SMTSCOPE_FIXTURES" 2> tests/out/fixtures.log ||
    echo "# topology fixtures not made: $(head -n 1 tests/out/fixtures.log)"
export SMTSCOPE_FIXTURES

run_one() {
	name=$1
	shift
	log=tests/out/$(echo "$name" | tr '/' '_').log
	start=$(date +%s)
	# A test that hangs is a failure, not a CI run that never ends: each
	# gets $SMTSCOPE_TEST_LIMIT seconds (900), then TERM, then KILL.
	timeout -k 10 "${SMTSCOPE_TEST_LIMIT:-900}" "$@" > "$log" 2>&1
	rc=$?
	case $rc in
	124|137) echo "not ok - $name ran past ${SMTSCOPE_TEST_LIMIT:-900} s and was stopped" >> "$log" ;;
	esac
	# A command the script calls that does not exist (a helper's name
	# misspelt: "is" where lib.sh has ok) says so on stderr and nothing on
	# stdout, so no "not ok" would count it: a failure, with its line.
	grep "^$name: [0-9]*: [^ ]*: not found\$" "$log" | head -n 3 |
	    sed 's/^/not ok - a command the test calls is missing: /' >> "$log"
	p=$(grep -c '^ok ' "$log")
	s=$(grep -c '^ok .*# *[Ss][Kk][Ii][Pp]' "$log")
	f=$(grep -c '^not ok ' "$log")
	p=$((p - s))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $name exited with status $rc" >> "$log"
		f=1
	fi
	pass=$((pass + p)) fail=$((fail + f)) skipped=$((skipped + s))
	printf '%-32s %3d passed, %d failed, %d skipped (%ds)\n' "$name" "$p" "$f" "$s" \
	    $(( $(date +%s) - start ))
	if [ "$f" -gt 0 ]; then
		# Each failure with the notes printed just before it (a physics
		# band's figures come before its verdict) and three lines after.
		awk 'a>0 && !/^not ok/{print; a--; next}
		    /^# /{d[n++]=$0; next}
		    /^not ok/{for(i=(n>8?n-8:0);i<n;i++)print d[i]; print; a=3}
		    {n=0}' "$log" | sed 's/^/    /'
	fi
	grep '# *[Ss][Kk][Ii][Pp]' "$log" | sort -u | head -n 3 | sed 's/^/    /'
}

if [ $set_live -eq 1 ]; then
	scripts="tests/physics/*.sh"
else
	scripts="tests/cli/*.sh tests/live/*.sh tests/screen/*.sh"
	for t in tests/unit/test_*; do
		case $t in *.c) continue ;; esac
		[ -x "$t" ] || continue
		wanted "$t" || continue
		run_one "$t" "$t"
	done
fi
for t in $scripts; do
	[ -f "$t" ] || continue
	wanted "$t" || continue
	run_one "$t" sh "$t"
done
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
