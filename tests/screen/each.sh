#!/bin/sh
# tests/screen/each.sh: many loads at once (issue 36, point 7). A load on
# each CPU of a set: -l KERNEL@each:SET (all, cores, a package, a core's
# threads, a NUMA node) starts one per CPU; a set that holds no CPU is a
# usage error; the start menu's Left Right choose where (the cursor's CPU,
# each thread of its core, each CPU of its package, each core's first
# thread, every allowed CPU); # goes to a CPU; f filters a big grid
# (CPUs with loads, busy ones, one package).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
. tests/screen/tmux.inc

"$SMTSCOPE" -n -l 'spin@each:numa:99' > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && grep -q 'numa:99: there' "$TMP/err"
ok $? "a set without CPUs is a usage error ($(cat "$TMP/err"))"
"$SMTSCOPE" -n -l 'pipe@each:all' > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && grep -q 'two ends' "$TMP/err"
ok $? "a two-ended kernel on each CPU says it needs two ($(cat "$TMP/err"))"

"$SMTSCOPE" run --time 0.5 spin@each:all > "$TMP/run" 2>&1
n=$(grep -c -E '^spin#[0-9]+ ' "$TMP/run")
[ "$n" -eq "$NALLOWED" ]
ok $? "run spin@each:all measures one load per allowed CPU ($n of $NALLOWED)"

check "-l spin@each:all starts" tm_start "LANG=C.UTF-8 $SMTSCOPE -n -l spin@each:all"
check "one load per allowed CPU ($NALLOWED)" tm_wait "refresh [0-9.]+ s, $NALLOWED loads? running"
for c in $ALLOWED_CPUS; do
	tm_cap | grep -E -q "^ spin#[0-9]+ +$c "
	ok $? "a load on CPU $c"
done
tm_keys '#' 
check "# opens the go-to prompt" tm_wait 'Go to CPU'
# The last allowed CPU: the second where there are two or more, the only
# one under taskset -c N.
goto=$(echo "$ALLOWED_CPUS" | awk '{ print $NF }')
tm_keys "$goto" Enter
check "Enter goes to CPU $goto" tm_wait "^CPU $goto( spin#[0-9]+:|: core)" 5
tm_keys '#' c o r e : 9 9 Enter
check "a place that is not there is said" tm_wait 'go to: .*core' 5
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end

check "the menu: starts" tm_start "LANG=C.UTF-8 $SMTSCOPE -n"
tm_wait 'q quit' > /dev/null
tm_keys a
check "the menu starts on the cursor's CPU" tm_wait "Start a load on CPU [0-9]+"
tm_keys Right
check "Right: each thread of its core" tm_wait "Start a load on each thread of core [0-9]+"
tm_keys Right
check "then each CPU of its package" tm_wait "Start a load on each CPU of package [0-9]+"
tm_keys Right
check "then each core's first thread" tm_wait "Start a load on each core's first thread"
tm_keys Right
check "then every allowed CPU" tm_wait "Start a load on every allowed CPU"
tm_keys 4
check "4 (spin) starts one on each" tm_wait "started $NALLOWED loads \\(spin@each:all\\)" 10
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
tm_end

# A 4-package view of 128 CPUs: f shows fewer.
TM_W=100 TM_H=30
check "a 128-CPU view starts" tm_start "LANG=C.UTF-8 $SMTSCOPE -n -i 'package:4 core:16 pu:2'"
check "every package shows" tm_wait '^Package 3'
tm_keys f
check "f: only CPUs with loads (none: the cursor's)" tm_wait 'grid of CPUs with loads'
tm_cap | grep -q '^Package 3'
ok $((! $?)) "the other packages are gone"
tm_keys f f
check "f f: one package" tm_wait 'grid of one package'
tm_cap | grep -q '^Package 0' && ! tm_cap | grep -q '^Package 1'
ok $? "only the cursor's package"
tm_keys f
check "f again: every CPU" tm_wait '^Package 3'
tm_keys q
tm_wait 'SMTSCOPE-EXIT=0' > /dev/null
done_testing
