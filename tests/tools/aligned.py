#!/usr/bin/env python3
"""tests/tools/aligned.py: are a text report's tables aligned, each column as
wide as its widest cell?

Usage: aligned.py FILE START END [--bare]

A table starts at each line matching the regular expression START (its
header line; with --bare its first row: a table of names and values
without a header) and runs to the line before a blank one or one matching
END. Its columns are where the header's titles start (runs of two blanks
or more part them; the first column starts at the rows' indent); with
--bare, a name and a value, parted by two blanks or more.

Each row must have a cell starting exactly at each column's start, two
blanks before it at least; and each column must be as wide as its widest
cell: some line of the table (header or row) leaves exactly two blanks
before the next column. Prints one line per fault and exits 1 when any;
"N tables, M rows" and 0 when all is well.
"""
import re
import sys


def starts_of(line):
    """Where each run of text parted by two blanks or more starts."""
    return [m.start() for m in re.finditer(r"(?:(?<=^)|(?<=  ))\S", line)]


def check(table, bare):
    """The faults of one table (a list of lines)."""
    faults = []
    indent = min(len(r) - len(r.lstrip(" ")) for r in table)
    if bare:
        starts = [indent, min(starts_of(r)[1] if len(starts_of(r)) > 1 else 10 ** 6
                              for r in table)]
        rows = table
    else:
        starts = sorted(set([indent] + [p for p in starts_of(table[0]) if p > indent]))
        rows = table[1:]
    for r in rows:
        for p in starts[1:]:
            if len(r) <= p or r[p] == " " or r[p - 2:p] != "  ":
                faults.append("a cell not at column %d: [%s]" % (p, r))
                break
    for k in range(1, len(starts)):
        p = starts[k]
        slack = min(p - len(line[:p].rstrip()) for line in table)
        if slack != 2:
            faults.append("the column before %d is %d wider than its widest cell: "
                          "[%s]" % (p, slack - 2, table[0]))
    return faults


def main():
    lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
    start, end, bare = re.compile(sys.argv[2]), re.compile(sys.argv[3]), \
        "--bare" in sys.argv[4:]
    faults, ntables, nrows, i = [], 0, 0, 0
    while i < len(lines):
        if not start.search(lines[i]):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j].strip() and not end.search(lines[j]):
            j += 1
        table = lines[i:j]
        faults += check(table, bare)
        ntables += 1
        nrows += len(table) - (0 if bare else 1)
        i = j
    for f in faults:
        print(f)
    if ntables == 0:
        print("no table starts at /%s/" % sys.argv[2])
        return 1
    if not faults:
        print("%d tables, %d rows" % (ntables, nrows))
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
