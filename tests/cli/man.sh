#!/bin/sh
# tests/cli/man.sh: the man pages render cleanly at 80 columns, as Debian's
# `man` shows them (man -l with MANWIDTH=80; else groff or mandoc): no
# doubled quotes (groff's mdoc printed `‘run, ‘tour’’’’’’` for .Ql inside
# .Pq), no line over 80 columns, no formatter warning (groff -ww, and
# mandoc -T lint where mandoc is installed), every option of every --help
# named in smtscope(1), and no --word or -word there that is no option
# (`time --command`, `-run` were rendered from misplaced .Fl).
. tests/lib.sh

if command -v man > /dev/null 2>&1 && man --version 2>/dev/null | grep -q man-db; then
	how="man -l"
elif command -v groff > /dev/null 2>&1; then
	how="groff"
elif command -v mandoc > /dev/null 2>&1; then
	how="mandoc"
else
	skip "no man (man-db), groff or mandoc to render the pages with"
	done_testing
	exit
fi
if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found"
	done_testing
	exit
fi

render() {
	case $how in
	"man -l") MANWIDTH=80 MAN_KEEP_FORMATTING= MANPAGER=cat PAGER=cat \
		man -l "$1" ;;
	groff) groff -mandoc -Tutf8 -rLL=78n -P-c -P-b -P-o -P-u "$1" ;;
	mandoc) mandoc -T utf8 -O width=78 "$1" | col -b ;;
	esac
}

for page in doc/smtscope.1 doc/smtscope-tour.5 doc/smtscope-record.5; do
	[ -f "$page" ] || continue
	name=$(basename "$page")
	LC_ALL=C.UTF-8 render "$page" > "$TMP/$name.txt" 2> "$TMP/$name.err"
	st=$?
	[ "$st" -eq 0 ] && [ -s "$TMP/$name.txt" ] && [ ! -s "$TMP/$name.err" ]
	ok $? "$name renders with $how (status $st; $(head -c 300 "$TMP/$name.err"))"

	python3 - "$TMP/$name.txt" > "$TMP/$name.bad" <<'PY'
import sys
bad = []
for n, l in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    l = l.rstrip("\n")
    for q in ("\u2019\u2019", "\u2018\u2018", "''", "``", "\u201d\u201d"):
        if q in l:
            bad.append("line %d: doubled quote %r: %s" % (n, q, l.strip()))
            break
print("\n".join(bad[:5]))
sys.exit(1 if bad else 0)
PY
	ok $? "$name: no doubled quotes ($(tr '\n' ';' < "$TMP/$name.bad"))"

	python3 - "$TMP/$name.txt" > "$TMP/$name.wide" <<'PY'
import sys
bad = ["line %d: %d columns" % (n, len(l.rstrip("\n")))
       for n, l in enumerate(open(sys.argv[1], encoding="utf-8"), 1)
       if len(l.rstrip("\n")) > 80]
print("; ".join(bad[:5]) + (" (%d lines)" % len(bad) if bad else ""))
sys.exit(1 if bad else 0)
PY
	ok $? "$name: every line within 80 columns ($(cat "$TMP/$name.wide"))"

	if command -v groff > /dev/null 2>&1; then
		groff -mandoc -Tutf8 -ww -z "$page" > "$TMP/$name.ww" 2>&1
		[ ! -s "$TMP/$name.ww" ]
		ok $? "$name: groff -ww gives no warning ($(head -n 3 "$TMP/$name.ww" | tr '\n' ';'))"
	else
		skip "$name: groff not installed, no -ww warnings"
	fi
	if command -v mandoc > /dev/null 2>&1; then
		mandoc -T lint -W warning "$page" > "$TMP/$name.lint" 2>&1
		[ ! -s "$TMP/$name.lint" ]
		ok $? "$name: mandoc -T lint gives no warning ($(head -n 3 "$TMP/$name.lint" | tr '\n' ';'))"
	else
		skip "$name: mandoc not installed, no lint"
	fi
done

# Every option of every --help in smtscope(1) as rendered, and no option
# there that no --help has (besides other tools' options, named below).
"$SMTSCOPE" --help > "$TMP/h.live" 2>&1
for c in $(sed -n '/^Commands:/,/^$/p' "$TMP/h.live" | awk 'NF > 1 && /^  [a-z]/ { print $1 }'); do
	"$SMTSCOPE" "$c" --help > "$TMP/h.$c" 2>&1
done
python3 - "$TMP/smtscope.1.txt" "$TMP"/h.* > "$TMP/opts" <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
page = re.sub("\u2010\n\\s*", "", page)     # words the renderer hyphenated
named = set(re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", page))
helps = set()
for path in sys.argv[2:]:
    text = open(path).read()
    for m in re.finditer(r"^  (?:-(\w)(?:, --([\w-]+))?|    --([\w-]+))", text, re.M):
        if m.group(1):
            helps.add("-" + m.group(1))
        if m.group(2) or m.group(3):
            helps.add("--" + (m.group(2) or m.group(3)))
# Other tools' options the page quotes: srun's, lstopo's, pdsh's and clush's.
others = {"--exclusive", "--nodes", "--ntasks-per-node", "--of", "-w"}
bad = ["%s: in --help, not in smtscope(1)" % o for o in sorted(helps - named)]
bad += ["%s: in smtscope(1), in no --help" % o for o in sorted(named - helps - others)]
print("; ".join(bad))
sys.exit(1 if bad else 0)
PY
ok $? "smtscope(1) names every --help option and no other ($(cat "$TMP/opts"))"
done_testing
