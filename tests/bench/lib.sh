# tests/bench/lib.sh: what the benches share, sourced from the repository
# root: the CPU they run on, medians, ratios, and a goal line that prints a
# figure beside its goal, met or missed (run.sh counts them).

# The CPU the benches run on: BENCH_CPU, else 1 where there is one (the
# system's own work lands on CPU 0), else 0; OTHER_CPU: another one, or it.
BENCH_CPU=${BENCH_CPU:-$( [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] && echo 1 || echo 0 )}
OTHER_CPU=${OTHER_CPU:-$( [ "$BENCH_CPU" -ne 0 ] && echo 0 || { [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] && echo 1 || echo 0; } )}

# say TEXT...: a line of the bench's output.
say() { printf '%s\n' "$*"; }

# have CMD: is it installed?
have() { command -v "$1" > /dev/null 2>&1; }

# median: the median of the numbers on stdin, one a line (blank when none).
median() {
	sort -g | awk 'NF { v[++n] = $1 }
	    END { if (n % 2) print v[(n + 1) / 2]; else if (n) print (v[n / 2] + v[n / 2 + 1]) / 2 }'
}

# ratio A B: A / B to 3 places, or n/a.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.3f", a / b;
	    else printf "n/a" }'
}

# goal WHAT VALUE OP LIMIT: "met:    WHAT  VALUE (goal OP LIMIT)", or missed;
# a value that is n/a misses. OP is <= or >=.
goal() {
	if awk -v v="$2" -v l="$4" -v op="$3" 'BEGIN { if (v !~ /^[0-9.]+$/) exit 1;
	    exit !(op == "<=" ? v + 0 <= l + 0 : v + 0 >= l + 0) }'; then
		printf 'met:    %-58s %7s  (goal %s %s)\n' "$1" "$2" "$3" "$4"
	else
		printf 'missed: %-58s %7s  (goal %s %s)\n' "$1" "$2" "$3" "$4"
	fi
}

# load_average: the machine's load average now, and its CPUs.
load_average() {
	echo "load average $(cut -d' ' -f1-3 /proc/loadavg) on $(getconf _NPROCESSORS_ONLN) CPUs"
}
