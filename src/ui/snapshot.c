/*
 * snapshot.c: the screen as drawn, as SVG. Each cell is read back from
 * curses (character, attributes, colour pair); a row is cut into runs of
 * the same colours and weight, each run one <text> over its background
 * <rect>. Colours are the terminal's: the 16 ANSI colours as xterm shows
 * them (bold in the first 8 drawn bright, as xterm's default and the PNGs
 * of tests/tools/ansi2html.py), the 6x6x6 cube and the grey ramp for 256.
 * SVG is text: no library.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "base/fmt.h"
#include "base/util.h"
#include "report/svg.h"
#include "ui/snapshot.h"
#include "base/safefile.h"

#define SNAPSHOT_CW	8.4	/* a cell's width and height, in px */
#define SNAPSHOT_CH	17
#define SNAPSHOT_FONT	"'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"

/* One cell as read back. */
struct snapshot_cell {
	wchar_t	ch;
	int	fg, bg;		/* colour numbers; -1 the default */
	int	bold;
};

/* The default name: smtscope-YYYYmmdd-HHMMSS.svg. */
void
snapshot_name(char *buf, size_t len)
{
	time_t		now = time(NULL);
	struct tm	tm;

	localtime_r(&now, &tm);
	strftime(buf, len, "smtscope-%Y%m%d-%H%M%S", &tm);
}

/* A colour number as #rrggbb: ANSI 16 as xterm, the cube, the greys. */
static void
snapshot_rgb(int c, int fallback, char out[8])
{
	static const int ansi[16] = {
		0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd,
		0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff,
		0x00ffff, 0xffffff
	};
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };
	int	rgb;

	if (c < 0 || c > 255)
		rgb = fallback;
	else if (c < 16)
		rgb = ansi[c];
	else if (c < 232)
		rgb = level[(c - 16) / 36] << 16 | level[(c - 16) / 6 % 6] << 8 |
		    level[(c - 16) % 6];
	else
		rgb = (8 + 10 * (c - 232)) * 0x010101;
	snprintf(out, 8, "#%06x", rgb & 0xffffff);
}

/* Read a cell back from curses. */
static void
snapshot_cell(int y, int x, struct snapshot_cell *c)
{
	cchar_t	cc;
	wchar_t	wch[CCHARW_MAX + 1];
	attr_t	attrs;
	short	pair = 0, fg = -1, bg = -1;

	c->ch = L' ';
	c->fg = c->bg = -1;
	c->bold = 0;
	if (mvin_wch(y, x, &cc) == ERR || getcchar(&cc, wch, &attrs, &pair, NULL) == ERR)
		return;
	c->ch = wch[0] != L'\0' ? wch[0] : L' ';
	if (pair > 0 && pair_content(pair, &fg, &bg) != ERR) {
		c->fg = fg;
		c->bg = bg;
	}
	c->bold = (attrs & A_BOLD) != 0;
	/* Bold in the 8 ANSI colours is drawn bright, as xterm does by default. */
	if (c->bold && fg >= 0 && fg < 8)
		c->fg = fg = (short)(fg + 8);
	if (attrs & A_REVERSE) {
		c->fg = bg < 0 ? 0 : bg;
		c->bg = fg < 0 ? 7 : fg;
	}
}

/* One row: a background <rect> and a <text> per run of the same style. */
static void
snapshot_row(FILE *f, int y, int cols)
{
	struct snapshot_cell	c[1024], *r;
	struct strbuf		text;
	char			fg[8], bg[8], attrs[160], len[32], u8[4];
	int			x, end, i;

	for (x = 0; x < cols && x < 1024; x++)
		snapshot_cell(y, x, &c[x]);
	strbuf_init(&text);
	for (x = 0; x < cols && x < 1024; x = end) {
		r = &c[x];
		for (end = x + 1; end < cols && end < 1024 && c[end].fg == r->fg &&
		    c[end].bg == r->bg && c[end].bold == r->bold; end++)
			;
		if (r->bg >= 0) {
			snapshot_rgb(r->bg, 0x000000, bg);
			svg_rect(f, x * SNAPSHOT_CW, y * SNAPSHOT_CH, (end - x) * SNAPSHOT_CW,
			    SNAPSHOT_CH, bg, NULL, NULL);
		}
		for (i = x; i < end && c[i].ch == L' '; i++)
			;
		if (i == end)
			continue;
		snapshot_rgb(r->fg, 0xe5e5e5, fg);
		/*
		 * Spaces kept on the <text> itself: Blink does not inherit
		 * xml:space from the group, and collapses them without it.
		 */
		snprintf(attrs, sizeof attrs, "xml:space=\"preserve\" style=\"white-space:pre\" "
		    "fill=\"%s\"%s textLength=\"%s\"", fg,
		    r->bold ? " font-weight=\"bold\"" : "", fmt_num(len, sizeof len,
		    (end - x) * SNAPSHOT_CW, FMT_DATA, 0));
		text.len = 0;
		text.s[0] = '\0';
		for (i = x; i < end; i++)
			strbuf_add(&text, u8, svg_utf8((unsigned long)c[i].ch, u8));
		svg_text(f, x * SNAPSHOT_CW, y * SNAPSHOT_CH + SNAPSHOT_CH - 4, attrs, text.s);
	}
	strbuf_free(&text);
}

/* Write the screen curses holds now as SVG: to path, or to a new dated name. */
int
snapshot_svg(const char *path, char *name, size_t namelen, char *err, size_t errlen)
{
	struct svg_page	 pg = { 0, 0, "smtscope", NULL, 0, "#000000" };
	struct safefile	 sf;
	char		 stem[64];
	FILE		*f;
	int		 y, rows, cols, rc;

	getmaxyx(stdscr, rows, cols);
	if (path != NULL)
		rc = safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen);
	else {
		snapshot_name(stem, sizeof stem);
		rc = safefile_open_unique(&sf, stem, ".svg", SAFEFILE_NEW, err, errlen);
	}
	if (rc == -1)
		return -1;
	snprintf(name, namelen, "%s", sf.path);
	f = sf.f;
	pg.w = cols * SNAPSHOT_CW;
	pg.h = rows * SNAPSHOT_CH;
	svg_begin(f, &pg);
	/* The terminal's font, and its spaces kept: columns line up. */
	svg_group(f, "font-family=\"" SNAPSHOT_FONT "\" font-size=\"14\" "
	    "xml:space=\"preserve\"", NULL);
	for (y = 0; y < rows; y++)
		snapshot_row(f, y, cols);
	svg_group_end(f);
	svg_end(f);
	/* safefile_close() checks the stream's errors too. */
	return safefile_close(&sf, 1, err, errlen);
}
