#!/usr/bin/env python3
"""tests/tools/svgcheck.py: does an SVG render as its text says?

Usage: svgcheck.py FILE.svg [RENDER.png...]

Static, from the SVG alone: it is well-formed, has a width and a height,
and every <text> fits the canvas (its extent estimated at 0.61 em a
character, anchor-aware: what a monospace font takes, about what a sans
font's widest runs take).

Rendered (each PNG a rendering of FILE.svg, by Chromium or rsvg-convert):
the PNG has the canvas's size, and where the texts are laid on a
monospace grid (textLength set, one character a cell: the screen's
snapshot), each text run's cells have ink where the text has a character
and none where it has a space. Collapsed or stretched spaces (Blink
without xml:space on the <text>) move the ink off the grid and fail.

Prints one line per failure and exits 1 when any; 0 and nothing else
when all is well. Pure Python: a small PNG reader (8-bit, not interlaced).
"""
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"
XMLSPACE = "{http://www.w3.org/XML/1998/namespace}space"


def png_read(path):
    """The PNG's width, height and rows of (r, g, b) tuples."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, inter = struct.unpack(">IIBBBBB", body)
            if depth != 8 or inter != 0 or ctype not in (2, 6):
                raise ValueError("PNG kind not read here (depth %d, colour %d)" %
                                 (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        ft = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else
                                      b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def num(s, default=0.0):
    m = re.match(r"\s*(-?[0-9.]+)", s or "")
    return float(m.group(1)) if m else default


def texts(root):
    """Each <text>: x, y, font size, anchor, textLength (or None), its text."""
    out = []

    def walk(e, size, anchor):
        size = num(e.get("font-size"), size)
        anchor = e.get("text-anchor", anchor)
        if e.tag == SVG + "text":
            m = re.search(r"rotate\(\s*(-?[0-9.]+)", e.get("transform", ""))
            out.append((num(e.get("x")), num(e.get("y")), size, anchor,
                        num(e.get("textLength"), -1), "".join(e.itertext()),
                        float(m.group(1)) if m else 0.0))
        for c in e:
            walk(c, size, anchor)
    walk(root, 16.0, "start")
    return out


def main():
    svg = sys.argv[1]
    bad = []
    try:
        root = ET.parse(svg).getroot()
    except ET.ParseError as e:
        print("%s: not well-formed XML: %s" % (svg, e))
        return 1
    W, H = num(root.get("width")), num(root.get("height"))
    if W <= 0 or H <= 0:
        print("%s: no width or height" % svg)
        return 1
    runs = texts(root)
    for x, y, size, anchor, tl, s, rot in runs:
        w = tl if tl >= 0 else 0.61 * size * len(s.rstrip())
        x0 = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
        # Rotated about (x, y): its far end moves by w along the angle.
        x1 = x0 + w * math.cos(math.radians(rot))
        y1 = y + w * math.sin(math.radians(rot))
        if s.strip() and (min(x0, x1) < -0.5 or max(x0, x1) > W + 0.5 or
                          max(y, y1) > H + 0.5 or min(y, y1) - 0.75 * size < -0.5):
            bad.append("text %r at (%g, %g) leaves the %gx%g canvas (%g..%g)" %
                       (s, x, y, W, H, min(x0, x1), max(x0, x1)))
    for png in sys.argv[2:]:
        try:
            pw, ph, px = png_read(png)
        except (OSError, ValueError, zlib.error) as e:
            bad.append("%s: %s" % (png, e))
            continue
        if (pw, ph) != (round(W), round(H)):
            bad.append("%s: %dx%d, the SVG says %gx%g" % (png, pw, ph, W, H))
            continue
        # A text running off the right edge: ink in the last two columns of its band.
        page = {}
        for row in px[::7]:
            for p in row[::7]:
                page[p] = page.get(p, 0) + 1
        pbg = max(page, key=page.get)
        for x, y, size, anchor, tl, s, rot in runs:
            if tl >= 0 or rot or not s.strip():
                continue
            for r in range(max(int(y - 0.7 * size), 0), min(int(y), ph)):
                if any(sum(abs(p[k] - pbg[k]) for k in range(3)) > 120
                       for p in px[r][pw - 2:pw]):
                    bad.append("%s: %r: ink at the right edge (row %d)" % (png, s, r))
                    break
        for x, y, size, anchor, tl, s, rot in runs:
            if tl < 0 or not s.strip() or anchor != "start":
                continue
            if any(ord(c) > 126 for c in s):
                continue	# block and box glyphs fill their cells: not checked
            cw = tl / len(s)
            top, base = int(y - 0.62 * size), int(y)
            band = [px[r][int(x):int(x + tl)] for r in range(max(top, 0), min(base, ph))]
            counts = {}
            for row in band:
                for p in row:
                    counts[p] = counts.get(p, 0) + 1
            if not counts:
                continue
            bg = max(counts, key=counts.get)
            for i, c in enumerate(s):
                a, b = int(x + (i + 0.3) * cw), int(x + (i + 0.7) * cw)
                ink = sum(1 for r in range(max(top, 0), min(base, ph))
                          for p in px[r][a:b + 1]
                          if sum(abs(p[k] - bg[k]) for k in range(3)) > 120)
                if c == " " and ink:
                    bad.append("%s: %r: ink in the space at cell %d" % (png, s, i))
                    break
                if c not in " .,'`_-:;·" and not ink:
                    bad.append("%s: %r: no ink for %r at cell %d" % (png, s, c, i))
                    break
    for b in bad:
        print("%s: %s" % (svg, b))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
