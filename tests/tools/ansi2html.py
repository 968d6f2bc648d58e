#!/usr/bin/env python3
"""tests/tools/ansi2html.py: a terminal capture (tmux capture-pane -e -p) as
an HTML page that draws it cell for cell: the SGR colours (the 16 ANSI
colours as xterm shows them, the 6x6x6 cube and the grey ramp, direct RGB),
bold, dim, italic, underline and reverse, in DejaVu Sans Mono on a fixed
grid, each cell its own box so a glyph can never push the next column.
Usage: ansi2html.py [--cols N] [--rows N] [--font PX] < capture > page.html
Prints on stderr the page's size in px ("W H"), for the screenshot's window.
"""
import html, re, sys

XTERM16 = [0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd,
           0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff,
           0x00ffff, 0xffffff]
FG, BG = 0xe5e5e5, 0x000000


def xterm256(n):
    """An xterm colour number as 0xrrggbb."""
    if n < 16:
        return XTERM16[n]
    if n < 232:
        n -= 16
        lv = [0, 95, 135, 175, 215, 255]
        return lv[n // 36] << 16 | lv[n // 6 % 6] << 8 | lv[n % 6]
    return (8 + 10 * (n - 232)) * 0x010101


class Pen:
    """The SGR state."""
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.italic = self.under = self.rev = False

    def sgr(self, params):
        p = [int(x) if x else 0 for x in params.split(";")] if params else [0]
        i = 0
        while i < len(p):
            c = p[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 3:
                self.italic = True
            elif c == 4:
                self.under = True
            elif c == 7:
                self.rev = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 23:
                self.italic = False
            elif c == 24:
                self.under = False
            elif c == 27:
                self.rev = False
            elif 30 <= c <= 37:
                self.fg = xterm256(c - 30)
            elif 90 <= c <= 97:
                self.fg = xterm256(c - 90 + 8)
            elif 40 <= c <= 47:
                self.bg = xterm256(c - 40)
            elif 100 <= c <= 107:
                self.bg = xterm256(c - 100 + 8)
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48) and i + 1 < len(p):
                if p[i + 1] == 5 and i + 2 < len(p):
                    v = xterm256(p[i + 2])
                    i += 2
                elif p[i + 1] == 2 and i + 4 < len(p):
                    v = p[i + 2] << 16 | p[i + 3] << 8 | p[i + 4]
                    i += 4
                else:
                    v = None
                if c == 38:
                    self.fg = v
                else:
                    self.bg = v
            i += 1

    def colours(self):
        """The cell's foreground and background as drawn."""
        fg = FG if self.fg is None else self.fg
        bg = BG if self.bg is None else self.bg
        if self.bold and self.fg is not None and self.fg in XTERM16[:8]:
            fg = XTERM16[XTERM16.index(self.fg) + 8]
        if self.rev:
            fg, bg = bg, fg
        return fg, bg

    def style(self):
        """The glyph's CSS; its cell's background is drawn apart, per run."""
        s = "color:#%06x" % self.colours()[0]
        if self.bold:
            s += ";font-weight:bold"
        if self.dim:
            s += ";opacity:0.6"
        if self.italic:
            s += ";font-style:italic"
        if self.under:
            s += ";text-decoration:underline"
        return s


def main():
    args = sys.argv[1:]
    opt = {"--cols": 0, "--rows": 0, "--font": 16}
    while args:
        k = args.pop(0)
        if k not in opt or not args:
            sys.exit("usage: ansi2html.py [--cols N] [--rows N] [--font PX] < capture")
        opt[k] = int(args.pop(0))
    lines = sys.stdin.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    rows = opt["--rows"] or len(lines)
    fs = opt["--font"]
    cw, ch = round(fs * 0.6022, 3), round(fs * 1.2)
    tok = re.compile(r"\x1b\[([0-9;]*)m|\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|(.)")
    out, width = [], opt["--cols"]
    pen = Pen()
    for y, line in enumerate(lines[:rows]):
        x, runs = 0, []
        for m in tok.finditer(line):
            if m.group(1) is not None:
                pen.sgr(m.group(1))
                continue
            c = m.group(2)
            if c is None:
                continue
            bg = pen.colours()[1]
            if runs and runs[-1][1] == bg:
                runs[-1][2] += 1
            else:
                runs.append([x, bg, 1])
            if c != " ":
                out.append('<span style="left:%.3fpx;top:%dpx;%s">%s</span>'
                           % (x * cw, y * ch, pen.style(), html.escape(c)))
            x += 1
        # One box per run of a background: no seams between its cells.
        out[:0] = ['<i style="left:%.3fpx;top:%dpx;width:%.3fpx;background:#%06x"></i>'
                   % (r[0] * cw, y * ch, r[2] * cw, r[1]) for r in runs if r[1] != BG]
        # tmux ends a line's last run: the rest of the row is the default.
        width = max(width, x)
    w, h = int(width * cw + 0.999), rows * ch
    sys.stdout.write(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
        "html,body{margin:0;background:#000}"
        "#t{position:relative;width:%dpx;height:%dpx;background:#000;"
        "font:%dpx/%dpx 'DejaVu Sans Mono',monospace;white-space:pre}"
        "#t span,#t i{position:absolute;width:%.3fpx;height:%dpx}"
        "</style></head><body><div id=\"t\">%s</div></body></html>\n"
        % (w, h, fs, ch, cw, ch, "".join(out)))
    sys.stderr.write("%d %d\n" % (w, h))


if __name__ == "__main__":
    main()
