/*
 * svg.h: the one SVG writer (svg.c). Every SVG smtscope writes (check,
 * time, c2c, compare, tour, the screen's snapshot) is opened, written and
 * closed here: the document and its background, text runs, rectangles,
 * lines and groups, with one XML escaper for all text (&, <, > and ";
 * control characters as spaces; bytes that are not UTF-8, and characters
 * XML does not allow, as U+FFFD). Coordinates are written by fmt_num(). A
 * horizontal bar chart in groups, with a reference line (100%), is built
 * on it. No library: SVG is text.
 */
#ifndef SMTSCOPE_SVG_H
#define SMTSCOPE_SVG_H

#include <stddef.h>
#include <stdio.h>

/* A document: its size in px, a title, the font of its text, a background. */
struct svg_page {
	double		 w, h;
	const char	*title;		/* <title>; NULL none */
	const char	*font;		/* font-family; NULL: set by a group */
	double		 font_size;	/* px */
	const char	*bg;		/* the background's fill */
};

/* Open the document: the XML declaration, <svg>, its title and background. */
void	svg_begin(FILE *, const struct svg_page *);
/* Close the document; -1 when anything failed to be written. */
int	svg_end(FILE *);
/* Write text escaped for XML (content or an attribute's value). */
void	svg_escape(FILE *, const char *);
/*
 * The elements. attrs are more attributes, as the program writes them
 * (never text from outside), NULL none; text and titles are escaped.
 */
void	svg_text(FILE *, double x, double y, const char *attrs, const char *text);
void	svg_textf(FILE *, double x, double y, const char *attrs, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));
void	svg_rect(FILE *, double x, double y, double w, double h, const char *fill,
	    const char *attrs, const char *title);
void	svg_line(FILE *, double x1, double y1, double x2, double y2, const char *attrs);
/* A group of elements with shared attributes and a tooltip (title NULL: none). */
void	svg_group(FILE *, const char *attrs, const char *title);
void	svg_group_end(FILE *);
/* A character (a Unicode code point) as UTF-8 in buf; its length. U+FFFD if invalid. */
size_t	svg_utf8(unsigned long cp, char buf[4]);

/* One bar: its label, its value (NAN: no bar, the text says why), the text at its end. */
struct svg_bar {
	char		 group[128];	/* a heading drawn above the first bar of a group */
	char		 label[64];
	double		 value;
	char		 text[64];
	int		 kind;		/* 0 a load's speed, 1 a yield, 2 a time */
};

/* Write a bar chart: a title, the bars, a dashed line at ref; -1 on a write error. */
int	svg_bars(FILE *, const char *title, const char *note, const struct svg_bar *,
	    int n, double ref);

/* Write a bar chart with the reference line labelled as given; -1 on a write error. */
int	svg_bars_ref(FILE *, const char *title, const char *note, const struct svg_bar *,
	    int n, double ref, const char *reflabel);

#endif
