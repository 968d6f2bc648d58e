#!/usr/bin/env python3
"""tests/tools/whycut.py: is each load's WHY at a narrow width its wide WHY cut
at a clause, with "+N" for the N parts it left out?

Usage: whycut.py NARROW.txt WIDE.txt

Each file is a capture of the screen (tmux capture-pane -p) with the loads
panel: its title row holds "WHY", each load's row starts " KERNEL#ID ".
The WHY of a load is its row from the title's WHY column on. A WHY is made
of parts: its first clause, then each ", neighbour" and "; clause". The
narrow one must be, after "+N" is taken off its end, the wide one's first
k parts (k >= 1) with N = the parts left (and the wide one's own "+M",
where even 200 columns cut it), or the first clause's head
(before its ": ") with N = the parts after the first, or, where its
neighbour is too wide even as "others N%", its head ("shares CPU 0") with
every part counted; never an ellipsis.
A part may be in brief (no process ids: "cc1 (6347)" as "cc1"; "other
processes" as "others") and figures differ (the two captures are a
refresh apart): they are compared in brief, without figures.

Prints one line per load and exits 1 when any fails.
"""
import re
import sys


def whys(path):
    """{label: why} from a capture."""
    col, out = None, {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if col is None and re.match(r"^ LOAD +CPU ", line) and "WHY" in line:
            col = line.index("WHY")
            continue
        m = re.match(r"^ ([a-z]+#\d+) ", line)
        if col is not None and m:
            out[m.group(1)] = line[col:].strip()
    return out


def norm(s):
    """In brief (no process ids, "others" for "other processes"), figures as #."""
    s = re.sub(r" \(\d+\)", "", s).replace("other processes", "others")
    return re.sub(r"\d+(\.\d+)?", "#", s)


def parts(why):
    """The parts of a WHY, each with its separator."""
    out, i = [], 0
    for m in re.finditer(r"(; |, )", why):
        if m.start() > i:
            out.append(why[i:m.start()])
            i = m.start()
    out.append(why[i:])
    return out


def check(narrow, wide):
    """'' when narrow is wide cut at a part with its +N; else why not."""
    if "\u2026" in narrow or "..." in narrow:
        return "an ellipsis"
    m = re.match(r"^(.*?)(?: \+(\d+))?$", narrow)
    shown, n = norm(m.group(1)), int(m.group(2) or 0)
    # A long WHY may be cut even when wide: its own "+M" parts count too.
    m = re.match(r"^(.*?)(?: \+(\d+))?$", wide)
    p, hidden = [norm(x) for x in parts(m.group(1))], int(m.group(2) or 0)
    for k in range(1, len(p) + 1):
        if "".join(p[:k]) == shown:
            want = len(p) - k + hidden
            return "" if n == want else "+%d, not +%d" % (n, want)
    if ": " in p[0] and shown == p[0].split(": ")[0]:
        want = len(p) - 1 + hidden
        return "" if n == want else "+%d, not +%d" % (n, want)
    # A neighbour too wide for the column even in brief: the head, all counted.
    head = re.match(r"^(.*?)(?: busy with | with | runs )", p[0])
    if head and shown == head.group(1) and len(shown) + len(" with others #%") > 29:
        want = len(p) + hidden
        return "" if n == want else "+%d, not +%d" % (n, want)
    return "not the wide WHY's first parts"


def main():
    narrow, wide = whys(sys.argv[1]), whys(sys.argv[2])
    bad = 0
    if not narrow or set(narrow) != set(wide):
        print("loads differ: %s / %s" % (sorted(narrow), sorted(wide)))
        return 1
    for label in sorted(narrow):
        why = check(narrow[label], wide[label])
        bad |= why != ""
        print("%s %s: [%s] of [%s]%s" % ("ok" if not why else "bad", label,
                                         narrow[label], wide[label],
                                         ": " + why if why else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
