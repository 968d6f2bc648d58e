/*
 * svg.c: a horizontal bar chart as SVG text: groups (a heading each), a bar
 * per figure scaled to the largest value (at least the reference), a dashed
 * line at the reference (100%), each bar's figure written at its end.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "report/svg.h"

#define SVG_W		760
#define SVG_LABEL	260	/* the labels' column */
#define SVG_BAR_H	18
#define SVG_FONT	"'DejaVu Sans', Helvetica, Arial, sans-serif"

/* Write text escaped for XML. */
void
svg_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else
			fputc(*s, f);
	}
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
	double	 max = ref, scale;
	int	 i, y = 60, h = svg_height(b, n), w, x0 = SVG_LABEL, span;

	for (i = 0; i < n; i++)
		if (isfinite(b[i].value) && b[i].value > max)
			max = b[i].value;
	span = SVG_W - x0 - 90;
	scale = span / max;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www."
	    "w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"%s\" font-size=\"13\">\n<rect width=\"100%%\" height=\"100%%\" "
	    "fill=\"#ffffff\"/>\n<text x=\"10\" y=\"24\" font-size=\"17\" "
	    "font-weight=\"bold\">", SVG_W, h, SVG_W, h, SVG_FONT);
	svg_text(f, title);
	fputs("</text>\n<text x=\"10\" y=\"44\" fill=\"#555555\">", f);
	svg_text(f, note);
	fputs("</text>\n", f);
	for (i = 0; i < n; i++) {
		if (b[i].group[0] != '\0') {
			y += 26;
			fprintf(f, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">", y - 6);
			svg_text(f, b[i].group);
			fputs("</text>\n", f);
		}
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 8, y + 13);
		svg_text(f, b[i].label);
		fputs("</text>\n", f);
		w = isfinite(b[i].value) ? (int)lround(b[i].value * scale) : 0;
		if (w > 0)
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
			    "fill=\"%s\"/>\n", x0, y, w, SVG_BAR_H, fill[b[i].kind % 3]);
		fprintf(f, "<text x=\"%d\" y=\"%d\">", x0 + w + 6, y + 13);
		svg_text(f, b[i].text);
		fputs("</text>\n", f);
		y += SVG_BAR_H + 4;
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"54\" x2=\"%.1f\" y2=\"%d\" stroke=\"#cc0000\" "
	    "stroke-dasharray=\"4 3\"/>\n<text x=\"%.1f\" y=\"%d\" fill=\"#cc0000\" "
	    "text-anchor=\"middle\">", x0 + ref * scale, x0 + ref * scale, y + 4,
	    x0 + ref * scale, y + 20);
	svg_text(f, reflabel);
	fputs("</text>\n</svg>\n", f);
	return ferror(f) ? -1 : 0;
}
