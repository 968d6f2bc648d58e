#!/usr/bin/env python3
"""tests/tools/svglabels.py: does a line of an SVG cross one of its labels?

Usage: svglabels.py FILE.svg...

Every <text>'s box is estimated from its x, y, font-size (its own or
inherited), font-weight, text-anchor and its number of characters:
0.61 em a character (a tenth more in bold: what smtscope's writer sizes
its charts by), from a character's height less a fifth above the baseline
to a fifth below. Texts with a transform (rotated labels) are left out.
Every <line>, and every <path> made of M, L, H and V steps, is a
set of segments; one that passes through a text's box (shrunk by 1 px, so
that a line beside a label does not count) is a failure.

Prints one line per crossing and exits 1 when any; 0 and nothing else
when all is well.
"""
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def num(v, default=0.0):
    if v is None:
        return default
    m = re.match(r"\s*(-?[0-9.]+(?:[eE][-+]?[0-9]+)?)", v)
    return float(m.group(1)) if m else default


def walk(el, inh, out):
    """Yield (element, inherited attributes) for the tree under el."""
    mine = dict(inh)
    for k in ("font-size", "font-weight", "text-anchor", "transform"):
        if el.get(k) is not None:
            mine[k] = el.get(k) if k != "transform" else \
                (inh.get("transform", "") + el.get(k))
    out.append((el, mine))
    for child in el:
        walk(child, mine, out)


def text_box(el, a):
    content = "".join(el.itertext())
    n = len(content)
    if n == 0 or content.strip() == "":
        return None
    size = num(a.get("font-size"), 16.0)
    w = n * size * 0.61 * (1.1 if a.get("font-weight") == "bold" else 1.0)
    x, y = num(el.get("x")), num(el.get("y"))
    anchor = a.get("text-anchor", "start")
    if anchor == "middle":
        x -= w / 2
    elif anchor == "end":
        x -= w
    return (x + 1, y - 0.8 * size + 1, x + w - 1, y + 0.2 * size - 1, content)


def path_segments(d):
    toks = re.findall(r"[MLHVZmlhvz]|-?[0-9.]+(?:[eE][-+]?[0-9]+)?", d or "")
    segs, cmd, i = [], None, 0
    cx = cy = sx = sy = 0.0
    while i < len(toks):
        t = toks[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "Zz":
                segs.append((cx, cy, sx, sy))
                cx, cy = sx, sy
            continue
        if cmd is None:
            return None
        rel = cmd.islower()
        c = cmd.upper()
        if c in "ML":
            x, y = float(toks[i]), float(toks[i + 1])
            i += 2
            if rel:
                x, y = cx + x, cy + y
            if c == "L":
                segs.append((cx, cy, x, y))
            else:
                sx, sy = x, y
                cmd = "l" if rel else "L"
            cx, cy = x, y
        elif c in "HV":
            v = float(toks[i])
            i += 1
            x, y = cx, cy
            if c == "H":
                x = cx + v if rel else v
            else:
                y = cy + v if rel else v
            segs.append((cx, cy, x, y))
            cx, cy = x, y
    return segs


def crosses(seg, box):
    """Liang-Barsky: does the segment enter the box?"""
    x1, y1, x2, y2 = seg
    bx1, by1, bx2, by2 = box[:4]
    if bx1 >= bx2 or by1 >= by2:
        return False
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - bx1), (dx, bx2 - x1), (-dy, y1 - by1), (dy, by2 - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def check(path):
    bad = []
    root = ET.parse(path).getroot()
    els = []
    walk(root, {}, els)
    boxes, segs = [], []
    for el, a in els:
        tag = el.tag.replace(SVG, "")
        if a.get("transform"):
            continue
        if tag == "text":
            b = text_box(el, a)
            if b:
                boxes.append(b)
        elif tag == "line":
            segs.append((num(el.get("x1")), num(el.get("y1")),
                         num(el.get("x2")), num(el.get("y2"))))
        elif tag == "path":
            s = path_segments(el.get("d"))
            if s is None:
                bad.append("%s: a path not read here: %s" % (path, el.get("d")))
            else:
                segs.extend(s)
    for s in segs:
        for b in boxes:
            if crosses(s, b):
                bad.append("%s: the line (%g,%g)-(%g,%g) crosses the text %r" %
                           ((path,) + s + (b[4],)))
    return bad


def main():
    if len(sys.argv) < 2:
        print("usage: svglabels.py FILE.svg...", file=sys.stderr)
        return 2
    bad = []
    for p in sys.argv[1:]:
        try:
            bad += check(p)
        except (OSError, ET.ParseError) as e:
            bad.append("%s: %s" % (p, e))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
