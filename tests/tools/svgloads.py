#!/usr/bin/env python3
"""tests/tools/svgloads.py: where topo --svg --loads drew each load.

Usage: svgloads.py FILE.svg

Reads the picture's geometry: each CPU's box is a <rect> whose <title>
starts "CPU N ", each load a <text> holding "KERNEL#ID FIGURE". Prints one
line per load text, "LABEL FIGURE CPU" with the CPU whose box holds the
whole text (its baseline inside, its estimated extent, 0.61 em a
character, within the box's width), or "LABEL FIGURE none" when no box
holds it; exits 1 when any is none. The legend lines (under the title,
"Loads of the ...", and "hash#1 71%: floating ...") are printed as
"legend: TEXT".
"""
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def main():
    root = ET.parse(sys.argv[1]).getroot()
    boxes = []
    for r in root.iter(SVG + "rect"):
        t = r.find(SVG + "title")
        m = re.match(r"CPU (\d+) ", t.text if t is not None and t.text else "")
        if m:
            boxes.append((int(m.group(1)), float(r.get("x")), float(r.get("y")),
                          float(r.get("width")), float(r.get("height"))))
    bad = 0
    for e in root.iter(SVG + "text"):
        s = e.text or ""
        if s.startswith("Loads of the ") or re.match(r"^[a-z]+#\d+ \S+: ", s):
            print("legend: " + s)
            continue
        if not re.match(r"^[a-z]+#\d+ \S+$", s):
            continue
        x, y = float(e.get("x")), float(e.get("y"))
        size = float(e.get("font-size", "12"))
        w = 0.61 * size * len(s)
        where = "none"
        for cpu, bx, by, bw, bh in boxes:
            if bx <= x and x + w <= bx + bw and by <= y - size * 0.8 and y <= by + bh:
                where = str(cpu)
                break
        bad |= where == "none"
        print("%s %s" % (s, where))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
