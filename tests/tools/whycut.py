#!/usr/bin/env python3
"""tests/tools/whycut.py: is each load's WHY at a narrow width the first
words of its wide WHY, with the ellipsis where words were left out and never
a count ("+N", read as a figure), and does the info area above the status
line carry the cursor's load's reason whole?

Usage: whycut.py NARROW.txt WIDE.txt

Each file is a capture of the screen (tmux capture-pane -p) with the loads
panel: its title row holds "WHY", each load's row starts " KERNEL#ID ".
The WHY of a load is its row from the title's WHY column on. The narrow one,
its ellipsis taken off, must be the wide one's first words (a clause's
"head: " may be left out: the SPEED column's mark says it), or its first
words with whole clauses left out; the ellipsis must be there when anything
was left out. A part may be in brief (no process ids: "cc1 (6347)" as
"cc1"; "other processes" as "others") and figures differ (the two captures
are a refresh apart): they are compared in brief, without figures.
The info lines of the narrow capture (from "CPU N KERNEL#ID: " to the line
"CPU N: core") must hold that load's wide WHY whole, unless they end with
"? reads it" (then as far as they go).

Prints one line per load and exits 1 when any fails.
"""
import re
import sys

ELLIPSES = ("\u2026", "...")


def capture(path):
    """The capture's lines."""
    return [line.rstrip("\n") for line in open(path, encoding="utf-8")]


def whys(lines):
    """{label: why} from a capture."""
    col, out = None, {}
    for line in lines:
        if col is None and re.match(r"^ LOAD +CPU ", line) and "WHY" in line:
            col = line.index("WHY")
            continue
        m = re.match(r"^ ([a-z]+#\d+) ", line)
        if col is not None and m:
            out[m.group(1)] = line[col:].strip()
    return out


def norm(s):
    """In brief (no process ids, "others" for "other processes"), figures as #,
    separators as blanks, blanks squeezed."""
    s = re.sub(r" \(\d+\)", "", s).replace("other processes", "others")
    s = s.replace("short-lived processes", "short-lived")
    s = re.sub(r"\d+(\.\d+)?", "#", s)
    s = re.sub(r"[,;:]", " ", s)
    return " ".join(s.split())


def cut(s):
    """(s without its trailing ellipsis, whether it had one)."""
    for e in ELLIPSES:
        if s.endswith(e):
            return s[: -len(e)].rstrip(), True
    return s, False


def check(narrow, wide):
    """'' when narrow is wide's first words, marked where cut; else why not."""
    if re.search(r"(^|\s)\+\d+(\s|$)", narrow):
        return "a count (+N)"
    shown, marked = cut(narrow)
    full, wide_cut = cut(wide)
    s, w = norm(shown), norm(full)
    if s == w:
        return "" if marked == wide_cut else "an ellipsis on a whole WHY"
    if not marked:
        return "words left out without the ellipsis"
    # Its first words, or its first clause's cause (its head left out), or
    # whole clauses with neighbours left out.
    cands = [w]
    m = re.match(r"^[^:;,]+: (.*)$", full)
    if m:
        cands.append(norm(m.group(1)))
    for c in cands:
        if c.startswith(s) and (len(s) == len(c) or c[len(s)] == " "):
            return ""
    words = s.split()
    rest = w.split()
    k = 0
    for word in words:
        while k < len(rest) and rest[k] != word:
            k += 1
        if k == len(rest):
            return "not the wide WHY's first words"
        k += 1
    return "" if words and words[0] == rest[0] else "not the wide WHY's first words"


def info(lines):
    """(label, the info area's text) of the cursor's load, or (None, '')."""
    for i, line in enumerate(lines):
        m = re.match(r"^CPU \d+ ([a-z]+#\d+): (.*)$", line)
        if not m:
            continue
        text = [m.group(2)]
        for nxt in lines[i + 1:]:
            if re.match(r"^CPU \d+: core ", nxt):
                break
            text.append(nxt)
        return m.group(1), " ".join(t.strip() for t in text)
    return None, ""


def main():
    nl, wl = capture(sys.argv[1]), capture(sys.argv[2])
    narrow, wide = whys(nl), whys(wl)
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
    label, text = info(nl)
    if label is None:
        print("bad info: no line 'CPU N KERNEL#ID: ...' for the cursor's load")
        return 1
    whole, _ = cut(wide[label])
    text = re.sub(r"\s*(\u2026|\.\.\.)\s*\? reads it$", "", text)
    # The CPU's part may follow the WHY on the same line.
    shown = norm(text.split("  |  ")[0])
    ok = shown.startswith(norm(whole)) or ("? reads it" in " ".join(nl) and
                                          norm(whole).startswith(shown))
    bad |= not ok
    print("%s info %s: [%s] holds [%s]" % ("ok" if ok else "bad", label, text,
                                          wide[label]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
