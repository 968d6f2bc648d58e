#!/bin/sh
# tests/cli/docs.sh: --help, the man page's SYNOPSIS and the README agree with
# the command table. Every command in `smtscope --help` has a SYNOPSIS block
# in doc/smtscope.1 and a line in the README's command list; every option
# that `smtscope [COMMAND] --help` lists (its short or its long name) is in
# its command's SYNOPSIS (--help and --version: in the last block).
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
done_testing
