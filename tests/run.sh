#!/bin/sh
# tests/run.sh: run every test program and script; each speaks TAP.
# Prints each failure, then one last line: "N passed, N failed, N skipped".
# Usage: sh tests/run.sh [PATTERN]   (only tests whose path contains PATTERN)

cd "$(dirname "$0")/.." || exit 2
mkdir -p tests/out
pass=0 fail=0 skipped=0
pattern=${1:-}

run_one() {
	name=$1
	shift
	log=tests/out/$(echo "$name" | tr '/' '_').log
	start=$(date +%s)
	"$@" > "$log" 2>&1
	rc=$?
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
		grep -A3 '^not ok' "$log" | sed 's/^/    /'
	fi
	grep '# *[Ss][Kk][Ii][Pp]' "$log" | sort -u | head -n 3 | sed 's/^/    /'
}

for t in tests/unit/test_*; do
	case $t in *.c) continue ;; esac
	[ -x "$t" ] || continue
	case $t in *"$pattern"*) ;; *) continue ;; esac
	run_one "$t" "$t"
done
for t in tests/cli/*.sh tests/live/*.sh tests/screen/*.sh; do
	[ -f "$t" ] || continue
	case $t in *"$pattern"*) ;; *) continue ;; esac
	run_one "$t" sh "$t"
done
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
