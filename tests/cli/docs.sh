#!/bin/sh
# tests/cli/docs.sh: --help, the man page's SYNOPSIS and the README agree with
# the command table. Every command in `smtscope --help` has a SYNOPSIS block
# in doc/smtscope.1 and a line in the README's command list; every option
# that `smtscope [COMMAND] --help` lists (its short or its long name) is in
# its command's SYNOPSIS (--help and --version: in the last block), in the
# page's DESCRIPTION and in the command's lines of the README's Commands; the
# README's `run` example is a command that works (run with a short --time)
# and its lines have the shape of the program's.
. tests/lib.sh

if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not found"
	done_testing
	exit
fi
"$SMTSCOPE" --help > "$TMP/help" 2>&1
cmds=$(sed -n '/^Commands:/,/^$/p' "$TMP/help" | awk 'NF > 1 && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ]
ok $? "--help lists the commands: $(echo $cmds)"
: > "$TMP/all"
for c in "" $cmds; do
	if [ -z "$c" ]; then
		cp "$TMP/help" "$TMP/h.$c"
	else
		"$SMTSCOPE" "$c" --help > "$TMP/h.$c" 2>&1
	fi
	echo "${c:-(live)} $TMP/h.$c" >> "$TMP/all"
done
python3 - "$TMP/all" doc/smtscope.1 README > "$TMP/out" 2>&1 <<'PY'
import re, sys
man = open(sys.argv[2]).read()
syn = man.split(".Sh SYNOPSIS", 1)[1].split(".Sh ", 1)[0]
# Blocks: each ".Nm" starts one; its command is the ".Cm" that follows at once.
blocks = {}
for b in syn.split(".Nm")[1:]:
    lines = [l for l in b.strip().splitlines() if l.strip()]
    cmd = lines[0].split()[1] if lines and lines[0].startswith(".Cm") else "(live)"
    blocks[cmd] = blocks.get(cmd, "") + b
readme = open(sys.argv[3]).read()
bad = []
for line in open(sys.argv[1]):
    cmd, path = line.split()
    text = open(path).read()
    if cmd not in blocks:
        bad.append("%s: no SYNOPSIS block in the man page" % cmd)
        continue
    if cmd != "(live)" and not re.search(r"\bsmtscope %s\b|^\s*%s\s" % (cmd, cmd), readme, re.M):
        bad.append("%s: not in the README" % cmd)
    opts = text.split("ptions", 1)[-1]
    for m in re.finditer(r"^  (?:-(\w)(?:, --([\w-]+))?|    --([\w-]+))", opts, re.M):
        short, long_ = m.group(1), m.group(2) or m.group(3)
        if long_ in ("help", "version") or short in ("h", "V"):
            continue
        have = (short and re.search(r"Fl %s\b" % short, blocks[cmd])) or \
            (long_ and re.search(r"Fl Fl %s\b" % re.escape(long_), blocks[cmd]))
        if not have:
            bad.append("%s: %s not in its SYNOPSIS" % (cmd, "-" + short if short else "--" + long_))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
ok $? "the man SYNOPSIS and the README have every command and option ($(cat "$TMP/out" | tr '\n' ';'))"
python3 - "$TMP/all" doc/smtscope.1 README > "$TMP/out2" 2>&1 <<'PY'
import re, sys
# argv: all-file man readme ; all-file lines: "cmd path"
man = open(sys.argv[2]).read()
body = man.split(".Sh DESCRIPTION", 1)[1]
readme = open(sys.argv[3]).read()
cmdsec = readme.split("\nCommands\n--------\n", 1)[1].split("\n\n", 1)[0] if "\nCommands\n--------\n" in readme else ""
# README blocks: a line "    smtscope [CMD]" starts one; "X | CMD --y" continuation stays in it
blocks = {}
cur = None
for l in cmdsec.splitlines():
    m = re.match(r"^    smtscope(?: ([a-z0-9]+))?", l)
    if m:
        cur = m.group(1) if m.group(1) and not m.group(1).startswith("-") else "(live)"
    if cur:
        blocks[cur] = blocks.get(cur, "") + l + "\n"
bad = []
for line in open(sys.argv[1]):
    cmd, path = line.split()
    text = open(path).read()
    opts = text.split("ptions", 1)[-1]
    rb = blocks.get(cmd)
    if rb is None:
        bad.append("%s: no block in README's Commands" % cmd)
    for m in re.finditer(r"^  (?:-(\w)(?:, --([\w-]+))?|    --([\w-]+))", opts, re.M):
        short, long_ = m.group(1), m.group(2) or m.group(3)
        if long_ in ("help", "version") or short in ("h", "V"):
            continue
        name = "--" + long_ if long_ else "-" + short
        inman = (long_ and re.search(r"Fl Fl %s\b" % re.escape(long_), body)) or \
            (not long_ and re.search(r"Fl %s\b" % short, body))
        if not inman:
            bad.append("%s: %s not in the man page's DESCRIPTION" % (cmd, name))
        if rb is not None:
            inrd = (long_ and re.search(r"(?<![\w-])--%s\b" % re.escape(long_), rb)) or \
                (short and re.search(r"(?<![\w-])-%s\b" % short, rb))
            if not inrd:
                bad.append("%s: %s not in README's Commands" % (cmd, name))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
ok $? "the man page's DESCRIPTION and the README's Commands name every option of every --help ($(cat "$TMP/out2" | tr '\n' ';'))"

# The README's run example: the command as written, with a short --time.
cmdline=$(sed -n 's/^    \$ \.\/smtscope run /run /p' README | head -n 1)
[ -n "$cmdline" ]
ok $? "the README has a run example: $cmdline"
short=$(echo "$cmdline" | sed 's/--time [0-9.]*/--time 0.05/')
# It names CPUs 0 and 1, as written: under `taskset -c 0` (or a cpuset
# without them) it cannot run, and the two checks say so.
case " $ALLOWED_CPUS" in
*" 0 1 "*)
# shellcheck disable=SC2086
env -u COLUMNS "$SMTSCOPE" $short > "$TMP/run" 2> "$TMP/run.err"
ok $? "the README's run example works: smtscope $short ($(head -c 300 "$TMP/run.err"))"
python3 - README "$TMP/run" > "$TMP/out3" 2>&1 <<'PY'
import re, sys
readme = open(sys.argv[1]).read().split("\n")
i = next(n for n, l in enumerate(readme) if l.startswith("    $ ./smtscope run "))
ex = []
for l in readme[i + 1:]:
    if l.strip() and not l.startswith("    ") or l.startswith("    $ "):
        break
    ex.append(l[4:])
out = open(sys.argv[2]).read().split("\n")
bad = []
for l in ex:
    w = l.split()
    if l == "..." or not w:
        continue
    if l.startswith("LOAD ") or l.strip() == "NEIGHBOURS":
        # the table's header: the same columns in the same order
        if not any(o.split() == w for o in out):
            bad.append("header %r not in the output" % l)
    elif re.match(r"^[a-z]+#\d+ ", l):
        # a load's row: its name, CPUs and unit
        row = [o for o in out if o.startswith(w[0] + " ")]
        if not row or row[0].split()[:3] != w[:3]:
            bad.append("row %r: output has %r" % (l, row[:1]))
    elif re.match(r"^  [a-z]+#\d+ \S", l):
        # the neighbours: the same loads in the same order; their relation
        # (shared-l3, same-package, ...) is the machine's, so only its shape
        names = re.findall(r"([a-z]+#\d+) [a-z0-9-]+", l)
        shape = re.compile(r"^  " + r",? ".join(re.escape(n) + r" [a-z0-9-]+" for n in names) + r"$")
        if not names or not any(shape.match(o) for o in out):
            bad.append("neighbours %r: no such line in the output" % l)
    elif re.match(r"^  [a-z]+#\d+  +(alone |\d+% x )", l):
        # a load's windows or its Why: the same name and the same kind of line
        k = "alone " if " alone " in l else "% x "
        if not any(o.startswith("  " + w[0] + " ") and k in o for o in out):
            bad.append("windows or why %r: no such line in the output" % l)
    elif not l.startswith(" "):
        # a sentence: the output has a line that starts with its first words
        head = " ".join(w[:2])
        if not any(o.startswith(head) for o in out):
            bad.append("no line starts %r" % head)
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
ok $? "the README's run example has the program's lines ($(cat "$TMP/out3" | tr '\n' ';'))"
	;;
*)
	skip_n 2 "the README's run example uses CPUs 0 and 1; this process may use $ALLOWED_LIST"
	;;
esac
done_testing
