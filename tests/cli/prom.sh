#!/bin/sh
# tests/cli/prom.sh: check --prom FILE, check --capacity --prom FILE and
# check --scale --prom FILE write
# Prometheus text exposition that a parser of the format (written here) and
# `promtool check metrics`, where installed, accept: HELP and TYPE before a
# family's samples, a family's samples together, names and labels as the
# format spells them, values finite numbers, no sample of a figure that was
# not measured; the file is replaced whole (a temporary renamed); a dry run
# refuses --prom; the health mode's exit statuses.
. tests/lib.sh

# A parser of the text format (0.0.4): 0 and "ok", or 1 and the fault.
parse() {
	python3 - "$1" <<'PY'
import math, re, sys
NAME = r'[a-zA-Z_:][a-zA-Z0-9_:]*'
LABEL = r'[a-zA-Z_][a-zA-Z0-9_]*'
VAL = r'"(?:[^"\\\n]|\\[\\"n])*"'
SAMPLE = re.compile(r'^(%s)(\{(?:%s=%s)(?:,%s=%s)*\})? (\S+)$' % (NAME, LABEL, VAL, LABEL, VAL))
fams, seen, cur, n = {}, set(), None, 0
def bad(why):
    print(why); sys.exit(1)
for i, line in enumerate(open(sys.argv[1], encoding='utf-8').read().split('\n')):
    if line == '':
        continue
    if line.startswith('# HELP ') or line.startswith('# TYPE '):
        parts = line.split(' ', 3)
        if len(parts) < 4 or not re.fullmatch(NAME, parts[2]):
            bad('line %d: %r' % (i + 1, line))
        name = parts[2]
        if name in seen and name != cur:
            bad('line %d: %s again after other families' % (i + 1, name))
        kind = parts[1]
        if kind in fams.setdefault(name, {}):
            bad('line %d: a second %s for %s' % (i + 1, kind, name))
        if kind == 'TYPE' and parts[3] not in ('gauge', 'counter', 'untyped', 'summary', 'histogram'):
            bad('line %d: type %s' % (i + 1, parts[3]))
        fams[name][kind] = parts[3]
        seen.add(name); cur = name
        continue
    if line.startswith('#'):
        continue
    m = SAMPLE.match(line)
    if not m:
        bad('line %d: not a sample: %r' % (i + 1, line))
    name = m.group(1)
    if name != cur:
        bad('line %d: %s outside its family (after %s)' % (i + 1, name, cur))
    if 'TYPE' not in fams.get(name, {}) or 'HELP' not in fams[name]:
        bad('line %d: %s has no HELP or TYPE before it' % (i + 1, name))
    try:
        v = float(m.group(3))
    except ValueError:
        bad('line %d: value %r' % (i + 1, m.group(3)))
    if not math.isfinite(v):
        bad('line %d: %s is not a measured figure' % (i + 1, m.group(3)))
    n += 1
for name, f in fams.items():
    if 'TYPE' not in f:
        bad('%s: no TYPE' % name)
print('ok: %d samples in %d families' % (n, len(fams)))
PY
}

# check one file: the parser, promtool where installed, and the names wanted.
check_prom() {
	what=$1 file=$2
	shift 2
	if [ ! -s "$file" ]; then
		ok 1 "$what: wrote $file"
		return
	fi
	if command -v python3 > /dev/null 2>&1; then
		r=$(parse "$file")
		ok $? "$what: the format's parser ($r)"
	else
		skip "$what: python3 not found: no parser"
	fi
	if command -v promtool > /dev/null 2>&1; then
		r=$(promtool check metrics < "$file" 2>&1)
		ok $? "$what: promtool check metrics ($r)"
	else
		skip "$what: promtool not installed (Debian's prometheus package)"
	fi
	for m in "$@"; do
		if grep -q "^$m[{ ]" "$file"; then
			ok 0 "$what: has $m"
		else
			ok 1 "$what: has $m"
		fi
	done
	if ls -a "$(dirname "$file")" | grep -q '^\.'"$(basename "$file")"'\.'; then
		ok 1 "$what: no temporary left beside $file"
	else
		ok 0 "$what: no temporary left beside $file"
	fi
}

mkdir -p "$TMP/p"
"$SMTSCOPE" check --kernels int --time 0.1 --prom "$TMP/p/check.prom" \
    > "$TMP/c.txt" 2> "$TMP/c.err"
rc=$?
# 3: others' work left the verdict unknown ("not measurable now"), and only then
if [ $rc -eq 3 ]; then
	tail -n 1 "$TMP/c.txt" | grep -q "not measurable now"
else
	[ $rc -eq 0 ] && ! tail -n 1 "$TMP/c.txt" | grep -q "not measurable now"
fi
ok $? "check --prom: exit 0, or 3 with 'not measurable now' (rc $rc; $(head -n 1 "$TMP/c.err"))"
check_prom "check --prom" "$TMP/p/check.prom" smtscope_check_verdict_info \
    smtscope_check_ok smtscope_check_rate_per_second
# The verdict label carries the text's verdict line.
v=$(tail -n 1 "$TMP/c.txt")
if grep -qF "verdict=\"$v\"" "$TMP/p/check.prom"; then
	ok 0 "check --prom: the verdict as the text says it"
else
	ok 1 "check --prom: the verdict as the text says it ($v)"
fi
# Where the text marks a speed unknown (?), no speed sample is invented: a
# speed sample exists only for relations the CSV gives a speed.
"$SMTSCOPE" check --kernels int --time 0.1 --csv --prom "$TMP/p/c2.prom" \
    > "$TMP/c.csv" 2> /dev/null
check_prom "check --csv --prom" "$TMP/p/c2.prom" smtscope_check_ok
if command -v python3 > /dev/null 2>&1; then
	r=$(python3 - "$TMP/c.csv" "$TMP/p/c2.prom" <<'PY'
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
speed = {(r['kernel'], r['relation']) for r in rows if r.get('speed_anchor')}
prom = set(re.findall(r'^smtscope_check_speed_ratio\{kernel="([^"]*)",relation="([^"]*)"',
    open(sys.argv[2]).read(), re.M))
print('ok' if prom == speed else 'csv %s prom %s' % (sorted(speed), sorted(prom)))
PY
)
	[ "$r" = ok ]
	ok $? "check --prom: speeds where the CSV has them, none elsewhere ($r)"
fi
# Label values escaped: a kernel's parameter text would carry no quote, but
# the verdict can; the parser above rejects a raw quote or newline.

# The capacity scan.
"$SMTSCOPE" check --capacity --kernels int --prom "$TMP/p/cap.prom" \
    > "$TMP/cap.txt" 2> "$TMP/cap.err"
rc=$?
[ $rc -le 1 ]
ok $? "check --capacity --prom: ran (exit $rc; $(head -n 1 "$TMP/cap.err"))"
check_prom "check --capacity --prom" "$TMP/p/cap.prom" smtscope_capacity_ok \
    smtscope_capacity_measured_cpus smtscope_capacity_cpus
# With no CPU measured, the scan is not called healthy.
if grep -q '^smtscope_capacity_measured_cpus{kernel="int"} 0$' "$TMP/p/cap.prom" &&
    ! grep -q '^smtscope_capacity_ok 0$' "$TMP/p/cap.prom"; then
	ok 1 "check --capacity --prom: no CPU measured, yet ok"
else
	ok 0 "check --capacity --prom: ok only with figures"
fi
# CPU 0's median, or, where others' work left CPU 0 without an undisturbed
# figure (a busy machine), fewer CPUs measured than scanned: never a CPU
# missing from the figures while every CPU counts as measured.
measured=$(sed -n 's/^smtscope_capacity_measured_cpus{kernel="int"} //p' "$TMP/p/cap.prom")
scanned=$(sed -n 's/^smtscope_capacity_cpus //p' "$TMP/p/cap.prom")
if grep -q '^smtscope_capacity_rate_per_second{kernel="int",cpu="0",work_unit="op"} ' \
    "$TMP/p/cap.prom"; then
	ok 0 "check --capacity --prom: CPU 0's median"
else
	[ -n "$measured" ] && [ -n "$scanned" ] && [ "$measured" -lt "$scanned" ]
	ok $? "check --capacity --prom: no median for CPU 0, so not every CPU measured \
($measured of $scanned)"
fi

# A dry run measures nothing to export.
"$SMTSCOPE" check --dry-run --prom "$TMP/p/d.prom" > /dev/null 2> "$TMP/d.err"
rc=$?
if [ $rc -eq 2 ] && [ ! -e "$TMP/p/d.prom" ] && grep -q 'dry run' "$TMP/d.err"; then
	ok 0 "check --dry-run --prom: refused (exit 2, $(head -n 1 "$TMP/d.err"))"
else
	ok 1 "check --dry-run --prom: refused (exit $rc)"
fi
# A file in a directory that cannot be written: refused before measuring.
"$SMTSCOPE" check --kernels int --time 0.1 --prom /nonexistent/x.prom \
    > /dev/null 2> "$TMP/n.err"
rc=$?
[ $rc -eq 2 ] && grep -q -- '--prom' "$TMP/n.err"
ok $? "check --prom /nonexistent/x.prom: refused before measuring (exit $rc)"
# Replaced whole: an old file of the same name is replaced, not appended to.
echo "garbage" > "$TMP/p/old.prom"
"$SMTSCOPE" check --capacity --kernels int --prom "$TMP/p/old.prom" > /dev/null 2>&1
if grep -q garbage "$TMP/p/old.prom"; then
	ok 1 "check --capacity --prom: an old file replaced whole"
else
	ok 0 "check --capacity --prom: an old file replaced whole"
fi

# check --scale --prom (it was refused: "--prom does not apply"): one short
# live run, --csv beside it; every step's copies, a rate only for a step the
# CSV calls ok, the one-copy ratio as the CSV's x_one_copy, ok 0 when a step
# had no figure (a busy machine), the SMT yield only with SMT.
"$SMTSCOPE" check --scale --kernels int,chase --time 0.05 --csv \
    --prom "$TMP/p/scale.prom" > "$TMP/scale.csv" 2> "$TMP/scale.err"
rc=$?
[ $rc -le 1 ] || [ $rc -eq 3 ]
ok $? "check --scale --prom: ran (exit $rc; $(head -n 1 "$TMP/scale.err"))"
check_prom "check --scale --prom" "$TMP/p/scale.prom" smtscope_scale_copies \
    smtscope_scale_disturbed_rounds smtscope_scale_rounds smtscope_scale_cores \
    smtscope_scale_cpus smtscope_scale_smt smtscope_scale_ok \
    smtscope_scale_verdict_info
# exit 3 exactly when the verdict says others' work left it unknown
if grep -q '^smtscope_scale_verdict_info{.*busy="1"} 1$' "$TMP/p/scale.prom"; then
	[ $rc -eq 3 ]
else
	[ $rc -ne 3 ]
fi
ok $? "check --scale --prom: busy=\"1\" in the verdict exactly when exit 3 ($rc)"
if command -v python3 > /dev/null 2>&1; then
	r=$(python3 - "$TMP/scale.csv" "$TMP/p/scale.prom" <<'PY'
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
prom = open(sys.argv[2]).read()
def samples(name):
    out = {}
    for labels, v in re.findall(r'^%s\{([^}]*)\} (\S+)$' % name, prom, re.M):
        d = dict(re.findall(r'(\w+)="([^"]*)"', labels))
        out[(d['kernel'], d['step'], d.get('numa_nodes'))] = (d, float(v))
    return out
bad = []
copies = samples('smtscope_scale_copies')
rates = samples('smtscope_scale_rate_per_second')
xone = samples('smtscope_scale_one_copy_ratio')
by = {}
for r in rows:
    by.setdefault((r['kernel'], int(r['copies'])), []).append(r)
if sorted((k[0], int(v)) for k, (d, v) in copies.items()) != sorted(by):
    bad.append('copies %s, csv %s' % (sorted(copies), sorted(by)))
if not all(k[1] in ('one', 'cores', 'threads', 'numa') for k in copies):
    bad.append('a step label not one, cores, threads or numa')
okrows = {(r['kernel'], int(r['copies'])) for r in rows if r['status'] == 'ok' and r['total']}
ratek = {(k[0], int(copies[k][1])) for k in rates}
if ratek != okrows:
    bad.append('rates for %s, csv ok rows %s' % (sorted(ratek), sorted(okrows)))
if any(d.get('work_unit', '') == '' for d, v in rates.values()):
    bad.append('a rate without its work_unit')
for k, (d, v) in xone.items():
    c = [r for r in by[(k[0], int(copies[k][1]))] if r['x_one_copy']]
    if not c or abs(float(c[0]['x_one_copy']) - v) > 1e-5 * max(1, v):
        bad.append('%s x one %g, csv %s' % (k, v, c and c[0]['x_one_copy']))
want_ok = 0 if any(r['status'] != 'ok' for r in rows) else None
m = re.search(r'^smtscope_scale_ok (\d)$', prom, re.M)
if want_ok == 0 and (not m or m.group(1) != '0'):
    bad.append('a step without figures, yet smtscope_scale_ok is not 0')
smt = re.search(r'^smtscope_scale_smt (\d)$', prom, re.M)
if smt and smt.group(1) == '0' and 'smtscope_scale_smt_yield_ratio' in prom:
    bad.append('an SMT yield without SMT')
print('; '.join(bad) if bad else 'ok: %d steps, %d rates' % (len(copies), len(rates)))
PY
)
	case $r in ok*) st=0 ;; *) st=1 ;; esac
	ok $st "check --scale --prom: agrees with its CSV ($r)"
fi
"$SMTSCOPE" check --scale --dry-run --prom "$TMP/p/sd.prom" > /dev/null 2> "$TMP/sd.err"
rc=$?
[ $rc -eq 2 ] && [ ! -e "$TMP/p/sd.prom" ] && grep -q 'dry run' "$TMP/sd.err"
ok $? "check --scale --dry-run --prom: refused (exit $rc, $(head -n 1 "$TMP/sd.err"))"
start=$(date +%s)
"$SMTSCOPE" check --scale --prom /nonexistent/x.prom > /dev/null 2> "$TMP/sn.err"
rc=$?
[ $rc -eq 2 ] && grep -q -- '--prom' "$TMP/sn.err" && [ $(($(date +%s) - start)) -le 5 ]
ok $? "check --scale --prom /nonexistent/x.prom: refused before measuring (exit $rc)"
echo "garbage" > "$TMP/p/sold.prom"
"$SMTSCOPE" check --scale --kernels int --time 0.05 --prom "$TMP/p/sold.prom" > /dev/null 2>&1
! grep -q garbage "$TMP/p/sold.prom" && grep -q '^smtscope_scale_ok ' "$TMP/p/sold.prom"
ok $? "check --scale --prom: an old file replaced whole"

# check --health: one line; 0 when as expected, 1 with the reason, 2 usage.
T=${TOPOLOGIES:-../shared/topologies}
[ -d "$T" ] || T=/work/shared/topologies
# health ARGS... EXPECTED-RC PATTERN: the exit status and the one line.
health() {
	want=$1 pat=$2
	shift 2
	out=$("$SMTSCOPE" check --health "$@" 2> "$TMP/h.err")
	rc=$?
	n=$(printf '%s\n' "$out" | grep -c .)
	case $out in
	$pat) m=0 ;;
	*) m=1 ;;
	esac
	[ $rc -eq "$want" ] && [ $m -eq 0 ] && { [ "$want" -eq 2 ] || [ "$n" -eq 1 ]; }
	ok $? "check --health $*: exit $rc (want $want), ${n} line ($out$(head -n 1 "$TMP/h.err"))"
}
start=$(date +%s)
health 0 "smtscope health: OK: *CPUs online*"
end=$(date +%s)
[ $((end - start)) -le 5 ]
ok $? "check --health: fast (no load run: $((end - start)) s)"
if [ -d "$T" ]; then
	health 0 "smtscope health: OK: 8 CPUs online, SMT on*" \
	    -i "$T/intel-core-4c8t-desktop.xml" --expect-cpus 8 --expect-smt on
	health 1 "smtscope health: FAIL: SMT off expected, found SMT on*" \
	    -i "$T/intel-core-4c8t-desktop.xml" --expect-smt off
	health 1 "smtscope health: FAIL: 8 CPUs online, 6 expected" \
	    -i "$T/intel-core-4c8t-desktop.xml" --expect-cpus 6
	health 1 "smtscope health: FAIL: CPUs 2,5,13-14 offline" \
	    -i "$T/intel-xeon-netburst-4s2c2t-offline.xml" --expect-smt on
	health 1 "smtscope health: FAIL: 12 CPUs online, 16 expected; CPUs 2,5,13-14 offline" \
	    -i "$T/intel-xeon-netburst-4s2c2t-offline.xml" --expect-cpus 16
	health 1 "smtscope health: FAIL: SMT on expected, found no SMT*" \
	    -i "$T/amd-opteron-6134-cgroup2.xml" --expect-smt on
	HWLOC_XMLFILE=$T/intel-core-4c8t-desktop.xml health 1 \
	    "smtscope health: FAIL: * expected*" --expect-cpus 7
else
	skip_n 7 "no topologies in $T"
fi
health 0 "smtscope health: OK: 4 CPUs online, SMT on*" -i "core:2 pu:2" --expect-smt on \
    --expect-cpus 4
health 2 "" --expect-smt maybe
health 2 "" --json
out=$("$SMTSCOPE" check --expect-cpus 2 2>&1)
[ $? -eq 2 ]
ok $? "check --expect-cpus without --health: usage error ($out)"
done_testing
