/*
 * svg.h: charts as SVG text for slides (svg.c): a horizontal bar chart in
 * groups, with a reference line (100%). No library: SVG is text.
 */
#ifndef SMTSCOPE_SVG_H
#define SMTSCOPE_SVG_H

#include <stdio.h>

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
/* Write text escaped for XML. */
void	svg_text(FILE *, const char *);

#endif
