/* uitour.h: a tour played on the live screen (uitour.c is the screen's tour host). */
#ifndef SMTSCOPE_UI_UITOUR_H
#define SMTSCOPE_UI_UITOUR_H

struct tour;
struct tour_options;

/* Play a tour on the live screen; --record and --svg write its summary; an exit status. */
int	ui_tour(const struct tour *, const struct tour_options *, const char *theme,
	    const char *record, const char *svg);

#endif
