/* panelview.h: the loads panel of a frame (panelview.c). */
#ifndef SMTSCOPE_UI_PANELVIEW_H
#define SMTSCOPE_UI_PANELVIEW_H

#include <stddef.h>

struct compose;
struct load;
struct paint;

/* A WHY and its parts, while a line composed of them is drawn. */
#define PANELVIEW_WHY_PARTS	16
struct panelview_why {
	char	text[512];
	char	part[PANELVIEW_WHY_PARTS][160];
	char	brief[PANELVIEW_WHY_PARTS][160];	/* without process ids */
	char	part_short[64];
	char	colon[160];		/* the first clause's cause, after its ": " */
	char	head[160];		/* the first item up to its neighbour */
};

/* Draw the panel: its title row, then the loads in view. */
void	panelview_draw(const struct paint *);

/* A WHY (w->text) as a line's elements: its head stays, the rest goes counted ("+N", or the ellipsis). */
void	panelview_why_add(struct compose *, struct panelview_why *, int attr, int drop,
	    int with_drop);

#endif
