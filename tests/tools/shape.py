#!/usr/bin/env python3
"""tests/tools/shape.py: the house's shape rules over src/: no include cycle
among modules (x.c with x.h), no file over MAX_FILE lines, no function over
MAX_FUNC lines (from the '{' at column 0 to its '}' at column 0). Prints the
largest files and functions, then TAP lines; exit 1 on a breach."""
import os, re, sys

MAX_FILE, MAX_FUNC = 1000, 80
root = sys.argv[1] if len(sys.argv) > 1 else "src"
files = []
for d, _, names in os.walk(root):
    files += [os.path.join(d, n) for n in names if n.endswith((".c", ".h"))]

# Include graph over modules.
edges = {}
for f in files:
    mod = os.path.splitext(f)[0]
    edges.setdefault(mod, set())
    for line in open(f, errors="replace"):
        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        if not m:
            continue
        for base in (os.path.dirname(f), root):
            p = os.path.normpath(os.path.join(base, m.group(1)))
            if os.path.exists(p):
                t = os.path.splitext(p)[0]
                if t != mod:
                    edges[mod].add(t)
                break

# Tarjan's strongly connected components.
index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))
sys.setrecursionlimit(10000)
for v in list(edges):
    if v not in index:
        visit(v)

sizes = sorted(((sum(1 for _ in open(f, errors="replace")), f) for f in files), reverse=True)
funcs = []
for f in files:
    if not f.endswith(".c"):
        continue
    lines = open(f, errors="replace").read().split("\n")
    start = name = None
    for i, l in enumerate(lines):
        if l == "{" and i > 0:
            start = i
            # the name: the nearest line above that starts an identifier and a '('
            for j in range(i - 1, max(i - 6, -1), -1):
                m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)\(", lines[j])
                if m:
                    name = m.group(1); break
            else:
                name = "?"
        elif l == "}" and start is not None:
            funcs.append((i - start + 1, name, f))
            start = None
funcs.sort(reverse=True)

print("# largest files: " + ", ".join("%s %d" % (f, s) for s, f in sizes[:5]))
print("# largest functions: " + ", ".join("%s (%s) %d" % (nm, f, s) for s, nm, f in funcs[:5]))
bad = 0
def ok(cond, what):
    global bad
    print(("ok" if cond else "not ok") + " - " + what)
    bad += not cond
ok(not sccs, "no include cycle among %d modules%s" % (len(edges), "".join("; cycle: " + " ".join(c) for c in sccs)))
big = [(s, f) for s, f in sizes if s > MAX_FILE]
ok(not big, "no source file over %d lines%s" % (MAX_FILE, "".join("; %s %d" % (f, s) for s, f in big)))
long_ = [(s, nm, f) for s, nm, f in funcs if s > MAX_FUNC]
ok(not long_, "no function over %d lines (%d functions)%s" % (MAX_FUNC, len(funcs), "".join("; %s in %s: %d" % (nm, f, s) for s, nm, f in long_)))
sys.exit(1 if bad else 0)
