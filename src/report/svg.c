/*
 * svg.c: the one SVG writer: the document, text runs, rectangles, lines and
 * groups, one escaper; and on it a horizontal bar chart: groups (a heading
 * each), a bar per figure scaled to the largest value (at least the
 * reference), a dashed line at the reference (100%), each bar's figure
 * written at its end.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/util.h"
#include "report/svg.h"

#define SVG_W		760
#define SVG_LABEL	260	/* the labels' column */
#define SVG_BAR_H	18
#define SVG_REF_LINE	"stroke=\"#cc0000\" stroke-dasharray=\"4 3\""
#define SVG_FONT	"'DejaVu Sans', Helvetica, Arial, sans-serif"

/*
 * Write text escaped for XML (for content, and for attributes, which are all in
 * double quotes); characters XML does not allow become U+FFFD.
 */
void
svg_escape(FILE *f, const char *s)
{
	const unsigned char	*u;
	size_t			 n;

	while (*s != '\0') {
		u = (const unsigned char *)s;
		n = util_utf8_len(s);
		if (n == 0 || (n == 3 && u[0] == 0xef && u[1] == 0xbf && u[2] >= 0xbe)) {
			/* Not UTF-8, or U+FFFE and U+FFFF, which XML forbids. */
			fputs("\xef\xbf\xbd", f);
			s += n == 0 ? 1 : n;
			continue;
		}
		if (n > 1)
			fwrite(s, 1, n, f);
		else if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else if (*u < 0x20 && *s != '\t')
			fputc(' ', f);
		else
			fputc(*s, f);
		s += n;
	}
}

/* A character as UTF-8; U+FFFD for a surrogate, U+FFFE, U+FFFF or past U+10FFFF. */
size_t
svg_utf8(unsigned long cp, char buf[4])
{
	if ((cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff || cp > 0x10ffff)
		cp = 0xfffd;
	if (cp < 0x80) {
		buf[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		buf[0] = (char)(0xc0 | cp >> 6);
		buf[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		buf[0] = (char)(0xe0 | cp >> 12);
		buf[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		buf[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	buf[0] = (char)(0xf0 | cp >> 18);
	buf[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	buf[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	buf[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Write an attribute with a number: name="v". */
static void
svg_num(FILE *f, const char *name, double v)
{
	char	buf[64];

	fprintf(f, " %s=\"%s\"", name, fmt_num(buf, sizeof buf, v, FMT_DATA, 0));
}

/* Write more attributes, as given. */
static void
svg_attrs(FILE *f, const char *attrs)
{
	if (attrs != NULL && *attrs != '\0')
		fprintf(f, " %s", attrs);
}

/* Open the document. */
void
svg_begin(FILE *f, const struct svg_page *pg)
{
	char	w[64], h[64];

	fmt_num(w, sizeof w, pg->w, FMT_DATA, 0);
	fmt_num(h, sizeof h, pg->h, FMT_DATA, 0);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www."
	    "w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\"", w, h, w, h);
	if (pg->font != NULL) {
		fputs(" font-family=\"", f);
		svg_escape(f, pg->font);
		fputc('"', f);
		svg_num(f, "font-size", pg->font_size);
	}
	fputs(">\n", f);
	if (pg->title != NULL) {
		fputs("<title>", f);
		svg_escape(f, pg->title);
		fputs("</title>\n", f);
	}
	fputs("<rect width=\"100%\" height=\"100%\" fill=\"", f);
	svg_escape(f, pg->bg);
	fputs("\"/>\n", f);
}

/* Close the document; -1 when anything failed to be written. */
int
svg_end(FILE *f)
{
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}

/* A text run at (x, y). */
void
svg_text(FILE *f, double x, double y, const char *attrs, const char *text)
{
	fputs("<text", f);
	svg_num(f, "x", x);
	svg_num(f, "y", y);
	svg_attrs(f, attrs);
	fputc('>', f);
	svg_escape(f, text);
	fputs("</text>\n", f);
}

/* A text run of formatted text. */
void
svg_textf(FILE *f, double x, double y, const char *attrs, const char *fmt, ...)
{
	struct strbuf	sb;
	va_list		ap;

	strbuf_init(&sb);
	va_start(ap, fmt);
	strbuf_vprintf(&sb, fmt, ap);
	va_end(ap);
	svg_text(f, x, y, attrs, sb.s);
	strbuf_free(&sb);
}

/* A rectangle, with a tooltip when title is not NULL. */
void
svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
    const char *attrs, const char *title)
{
	fputs("<rect", f);
	svg_num(f, "x", x);
	svg_num(f, "y", y);
	svg_num(f, "width", w);
	svg_num(f, "height", h);
	fputs(" fill=\"", f);
	svg_escape(f, fill);
	fputc('"', f);
	svg_attrs(f, attrs);
	if (title == NULL) {
		fputs("/>\n", f);
		return;
	}
	fputs("><title>", f);
	svg_escape(f, title);
	fputs("</title></rect>\n", f);
}

/* A line. */
void
svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *attrs)
{
	fputs("<line", f);
	svg_num(f, "x1", x1);
	svg_num(f, "y1", y1);
	svg_num(f, "x2", x2);
	svg_num(f, "y2", y2);
	svg_attrs(f, attrs);
	fputs("/>\n", f);
}

/* Open a group, with a tooltip when title is not NULL. */
void
svg_group(FILE *f, const char *attrs, const char *title)
{
	fputs("<g", f);
	svg_attrs(f, attrs);
	fputc('>', f);
	if (title != NULL) {
		fputs("<title>", f);
		svg_escape(f, title);
		fputs("</title>", f);
	}
	fputc('\n', f);
}

/* Close a group. */
void
svg_group_end(FILE *f)
{
	fputs("</g>\n", f);
}

/* The chart's height for its bars and group headings. */
static int
svg_height(const struct svg_bar *b, int n)
{
	int	i, h = 70;

	for (i = 0; i < n; i++)
		h += SVG_BAR_H + 4 + (b[i].group[0] != '\0' ? 26 : 0);
	return h + 30;
}

/*
 * A text's width in px, estimated on the safe side: 0.61 em a character
 * (DejaVu Sans Mono's advance; DejaVu Sans's runs of words take less), a
 * tenth more in bold. The charts are sized by it, so nothing runs off.
 */
static double
svg_text_w(const char *s, double size, int bold)
{
	double	n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n * size * 0.61 * (bold ? 1.1 : 1.0);
}

/*
 * The note in lines of at most cols characters, broken at blanks (a word
 * longer than a line is a line of its own); how many, at most max.
 */
static int
svg_wrap(const char *s, int cols, char lines[][256], int max)
{
	const char	*brk;
	int		 n = 0, len;

	while (*s != '\0' && n < max) {
		len = (int)strlen(s);
		if (len > cols) {
			for (brk = s + cols; brk > s && *brk != ' '; brk--)
				;
			len = brk > s ? (int)(brk - s) : (int)strcspn(s, " ");
		}
		snprintf(lines[n++], 256, "%.*s", len < 255 ? len : 255, s);
		s += len;
		while (*s == ' ')
			s++;
	}
	return n;
}

/*
 * A text of width tw at x, its baseline at by (13 px), crossing the
 * reference line at rx: the line drawn so far ends above the text (from
 * *seg) and goes on below it. Its box, as tests/tools/svglabels.py reads
 * it: a character's height above the baseline, a third below, 2 px aside.
 */
static void
svg_ref_gap(FILE *f, double rx, double *seg, double x, double by, double tw)
{
	double	top = by - 13 - 2, bot = by + 13 * 0.35 + 2;

	if (rx < x - 2 || rx > x + tw + 2)
		return;
	if (top > *seg)
		svg_line(f, rx, *seg, rx, top, SVG_REF_LINE);
	if (bot > *seg)
		*seg = bot;
}

/* Write a bar chart, its reference line labelled "100% = alone". */
int
svg_bars(FILE *f, const char *title, const char *note, const struct svg_bar *b, int n,
    double ref)
{
	return svg_bars_ref(f, title, note, b, n, ref, "100% = alone");
}

/* Write a bar chart with the reference line labelled as given. */
int
svg_bars_ref(FILE *f, const char *title, const char *note, const struct svg_bar *b,
    int n, double ref, const char *reflabel)
{
	static const char *const fill[3] = { "#3c78d8", "#6aa84f", "#e69138" };
	struct svg_page	 pg = { SVG_W, 0, NULL, SVG_FONT, 13, "#ffffff" };
	double		 max = ref, scale, x0 = SVG_LABEL, w, y = 60, e, rx, seg;
	char		 lines[4][256];
	int		 i, nl;

	for (i = 0; i < n; i++) {
		if (isfinite(b[i].value) && b[i].value > max)
			max = b[i].value;
		/* The labels' column as wide as the widest label. */
		if ((e = svg_text_w(b[i].label, 13, 0) + 18) > x0)
			x0 = e;
	}
	scale = (SVG_W - SVG_LABEL - 90) / max;
	/* The page as wide as its widest text: the title, the note, a bar and its text. */
	pg.w = x0 + (SVG_W - SVG_LABEL);
	for (i = -2; i < n; i++) {
		e = i == -2 ? 20 + svg_text_w(title, 17, 1) : i == -1 ? 0 : x0 + (isfinite(b[i].value) ? lround(b[i].value * scale) : 0) +
		    16 + svg_text_w(b[i].text, 13, 0);
		if (i >= 0 && b[i].group[0] != '\0' && 20 + svg_text_w(b[i].group, 13, 1) > e)
			e = 20 + svg_text_w(b[i].group, 13, 1);
		if (e > pg.w)
			pg.w = ceil(e);
	}
	/* The note wrapped to the page; each line more moves the chart down. */
	nl = svg_wrap(note, (int)((pg.w - 20) / (13 * 0.61)), lines, 4);
	pg.h = svg_height(b, n) + 18 * (nl > 1 ? nl - 1 : 0);
	svg_begin(f, &pg);
	svg_text(f, 10, 24, "font-size=\"17\" font-weight=\"bold\"", title);
	for (i = 0; i < nl; i++)
		svg_text(f, 10, 44 + 18 * i, "fill=\"#555555\"", lines[i]);
	y += 18 * (nl > 1 ? nl - 1 : 0);
	/* The reference line runs down from seg, broken where a text would cross it. */
	rx = x0 + ref * scale;
	seg = 54 + 18 * (nl > 1 ? nl - 1 : 0);
	for (i = 0; i < n; i++) {
		if (b[i].group[0] != '\0') {
			y += 26;
			svg_text(f, 10, y - 6, "font-weight=\"bold\"", b[i].group);
			svg_ref_gap(f, rx, &seg, 10, y - 6, svg_text_w(b[i].group, 13, 1));
		}
		svg_text(f, x0 - 8, y + 13, "text-anchor=\"end\"", b[i].label);
		w = isfinite(b[i].value) ? lround(b[i].value * scale) : 0;
		if (w > 0)
			svg_rect(f, x0, y, w, SVG_BAR_H, fill[b[i].kind % 3], NULL, NULL);
		svg_text(f, x0 + w + 6, y + 13, NULL, b[i].text);
		svg_ref_gap(f, rx, &seg, x0 + w + 6, y + 13, svg_text_w(b[i].text, 13, 0));
		y += SVG_BAR_H + 4;
	}
	if (y + 4 > seg)
		svg_line(f, rx, seg, rx, y + 4, SVG_REF_LINE);
	svg_text(f, rx, y + 20, "fill=\"#cc0000\" text-anchor=\"middle\"", reflabel);
	return svg_end(f);
}
