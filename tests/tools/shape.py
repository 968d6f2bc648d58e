#!/usr/bin/env python3
"""tests/tools/shape.py: the house's shape rules over src/: no include cycle
among modules (x.c with x.h), no call cycle between files (a file calls a
function, or names a variable, that another defines), no file over
MAX_FILE lines, no function over MAX_FUNC lines (from the '{' at column 0
to its '}' at column 0), every include and every call allowed by src/LAYERS
(which folder may include which; "exp/*" is each experiment's folder, which
may not reach another's), and each library in its room (ROOMS). Prints the
largest files and functions, then TAP lines; exit 1 on a breach."""
import os, re, sys

MAX_FILE, MAX_FUNC = 1000, 80
root = sys.argv[1] if len(sys.argv) > 1 else "src"
files = []
for d, _, names in os.walk(root):
    files += [os.path.join(d, n) for n in names if n.endswith((".c", ".h"))]
files.sort()

# src/LAYERS: "folder: folders it may include"; a folder may include itself.
# "F/*" names each sub-folder of F as a layer of its own (the experiments).
layers = {}
lpath = os.path.join(root, "LAYERS")
if os.path.exists(lpath):
    for line in open(lpath):
        line = line.split("#")[0].strip()
        if line:
            k, v = line.split(":", 1)
            layers[k.strip()] = set(v.split())

def layer(rel):
    """The layer of a path relative to src/: the longest folder LAYERS names;
    under a "F/*" entry, F's sub-folder itself."""
    d, best = os.path.dirname(rel), "."
    for k in layers:
        if k.endswith("/*"):
            f = k[:-2]
            if d.startswith(f + "/"):
                sub = f + "/" + d[len(f) + 1:].split("/")[0]
                if best == "." or len(sub) > len(best):
                    best = sub
        elif k != "." and (d == k or d.startswith(k + "/")) and (best == "." or len(k) > len(best)):
            best = k
    return best

def rule(lay):
    """The LAYERS line that governs a layer ("exp/check" is governed by "exp/*")."""
    if lay in layers:
        return lay
    parent = os.path.dirname(lay)
    return parent + "/*" if parent + "/*" in layers else lay

def allowed(a, b):
    """May a file of layer a include (or call) one of layer b?"""
    if a == b:
        return True
    may = layers.get(rule(a), set())
    return b in may or rule(b) in may and rule(b) != b

# Each library in its room: a system header only in the files that match.
ROOMS = [
    (r"hwloc", r"model/topo(_\w+)?\.c$", "hwloc only in model/topo*.c"),
    (r"libcpuid", r"model/cpuinfo\.c$", "libcpuid only in model/cpuinfo.c"),
    (r"n?curses(w)?\.h|term\.h", r"ui/", "curses only in ui/"),
    (r"zlib\.h", r"exp/record/record\.c$", "zlib only in exp/record/record.c"),
]
rooms_bad, layers_bad, calls_bad = [], [], []

# Include graph over modules.
edges = {}
for f in files:
    mod = os.path.splitext(f)[0]
    edges.setdefault(mod, set())
    rel = os.path.relpath(f, root)
    for line in open(f, errors="replace"):
        m = re.match(r'\s*#\s*include\s+<([^>]+)>', line)
        if m:
            for lib, where, what in ROOMS:
                if re.match(lib, m.group(1)) and not re.search(where, rel):
                    rooms_bad.append("%s includes <%s> (%s)" % (rel, m.group(1), what))
        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        if not m:
            continue
        if layers and m.group(1) != "config.h":
            a, b = layer(rel), layer(m.group(1))
            if not allowed(a, b):
                layers_bad.append("%s (%s) includes %s (%s)" % (rel, a, m.group(1), b))
        for base in (os.path.dirname(f), root):
            p = os.path.normpath(os.path.join(base, m.group(1)))
            if os.path.exists(p):
                t = os.path.splitext(p)[0]
                if t != mod:
                    edges[mod].add(t)
                break

def strip_c(text):
    """C text without its comments, string and character literals."""
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                  lambda m: "\n" * m.group(0).count("\n") if m.group(0)[0] == "/" else '""',
                  text, flags=re.S)

# Call graph over .c files: who defines each external function or variable
# (house style: the type on the line above a function's name at column 0;
# "static" there keeps it inside its file), and who names it.
defined, texts = {}, {}
VARDEF = re.compile(r'^(?!static\b|extern\b|typedef\b|return\b)(?:const\s+)?'
                    r'(?:(?:struct|enum|union)\s+\w+|\w+)[\s*]+(?:const\s+)?\**(\w+)\s*(?:\[[^\]]*\])?\s*(?:=|;)')
for f in files:
    if not f.endswith(".c"):
        continue
    texts[f] = strip_c(open(f, errors="replace").read())
    lines = texts[f].split("\n")
    for i, l in enumerate(lines):
        m = re.match(r"^([A-Za-z_]\w*)\(", l)
        if m and i > 0 and not lines[i - 1].startswith("static") and re.match(r"^[A-Za-z_]", lines[i - 1]):
            if m.group(1) != "main":
                defined.setdefault(m.group(1), (f, "f"))
            continue
        m = VARDEF.match(l)
        if m:
            defined.setdefault(m.group(1), (f, "v"))
# A function is named when called or taken as a value (not a variable or a
# parameter that shares its name); a variable, wherever its name stands.
FUNCUSE = r"\b%s\s*\(|[=,{&(]\s*%s\s*[,;})]"
calls = {f: set() for f in texts}
for f, text in texts.items():
    for name in set(re.findall(r"\b[A-Za-z_]\w*\b", text)):
        g, kind = defined.get(name, (None, None))
        if g is None or g == f or g in calls[f]:
            continue
        if kind == "f" and not re.search(FUNCUSE % (name, name), text):
            continue
        calls[f].add(g)
        a, b = layer(os.path.relpath(f, root)), layer(os.path.relpath(g, root))
        if layers and not allowed(a, b):
            calls_bad.append("%s (%s) calls %s of %s (%s)" %
                             (os.path.relpath(f, root), a, name, os.path.relpath(g, root), b))

def cycles(graph):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in sorted(graph.get(v, ())):
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
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sccs
sys.setrecursionlimit(10000)
sccs = cycles(edges)
call_sccs = cycles(calls)

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

def rel(p):
    return os.path.relpath(p, root)
print("# largest files: " + ", ".join("%s %d" % (f, s) for s, f in sizes[:5]))
print("# largest functions: " + ", ".join("%s (%s) %d" % (nm, f, s) for s, nm, f in funcs[:5]))
bad = 0
def ok(cond, what):
    global bad
    print(("ok" if cond else "not ok") + " - " + what)
    bad += not cond
ok(not sccs, "no include cycle among %d modules%s" % (len(edges), "".join("; cycle: " + " ".join(rel(m) for m in c) for c in sccs)))
ok(not call_sccs, "no call cycle among %d files%s" % (len(calls), "".join("; cycle: " + " ".join(rel(m) for m in c) for c in call_sccs)))
big = [(s, f) for s, f in sizes if s > MAX_FILE]
ok(not big, "no source file over %d lines%s" % (MAX_FILE, "".join("; %s %d" % (f, s) for s, f in big)))
long_ = [(s, nm, f) for s, nm, f in funcs if s > MAX_FUNC]
ok(not long_, "no function over %d lines (%d functions)%s" % (MAX_FUNC, len(funcs), "".join("; %s in %s: %d" % (nm, f, s) for s, nm, f in long_)))
ok(layers and not layers_bad, "every include allowed by src/LAYERS (%d layers)%s" %
   (len(layers), "; " + "; ".join(layers_bad) if layers_bad else "" if layers else ": no src/LAYERS"))
ok(layers and not calls_bad, "every call allowed by src/LAYERS%s" %
   ("; " + "; ".join(calls_bad) if calls_bad else "" if layers else ": no src/LAYERS"))
ok(not rooms_bad, "each library in its room%s" % "".join("; " + r for r in rooms_bad))
sys.exit(1 if bad else 0)
