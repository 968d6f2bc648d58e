/*
 * chart.h: the time chart's memory: each load's speed against its solo,
 * the CPU it ran on, every CPU's busy share, one sample a refresh, and the
 * events on the time axis (a load started, moved, its sibling started, its
 * solo measured). Pure data: no curses; chartview.c draws it.
 */
#ifndef SMTSCOPE_UI_CHART_H
#define SMTSCOPE_UI_CHART_H

#include <stdint.h>

#define CHART_N		480	/* samples kept: 8 minutes at 1 s a refresh */
#define CHART_EVENTS	64

/* Kinds of events, as the axis marks them. */
#define CHART_EV_START		'S'	/* a load started */
#define CHART_EV_MOVE		'M'	/* a load moved */
#define CHART_EV_SIBLING	'B'	/* a load started on this load's SMT sibling */
#define CHART_EV_SOLO		's'	/* a load's solo rate was measured */

/* One load's samples. */
struct chart_series {
	int		 id;
	int		 color;		/* its index among the loads seen: the colour */
	float		 speed[CHART_N];	/* NAN: no figure then */
	short		 cpu[CHART_N];	/* the CPU it ran on, -1 */
};

struct chart_event {
	uint64_t	 tick;		/* the sample it happened before */
	int		 kind;
	int		 id;
};

struct chart {
	uint64_t		 tick;	/* samples taken so far */
	struct chart_series	*s;
	int			 ns;
	int			 seen;	/* loads ever charted */
	float			*busy;	/* npus x CHART_N, percent; NAN unknown */
	int			 npus;
	struct chart_event	 ev[CHART_EVENTS];
	int			 nev;	/* events kept (the newest CHART_EVENTS) */
	uint64_t		 evn;	/* events ever */
};

/* The screen's part that is the time chart: its samples, and whether it is shown. */
struct ui_chart {
	struct chart		*samples;
	int			 on;
};

struct ui_host;
struct ui_lview;

struct chart	*chart_new(int npus);
void		 chart_free(struct chart *);
/* Take a sample of every load's speed and CPU, and every CPU's busy share. */
void		 chart_record(struct chart *, const struct ui_host *, const struct ui_lview *);
/* Note an event of a load before the next sample. */
void		 chart_event(struct chart *, int kind, int id);
/* Forget a load that is gone. */
void		 chart_forget(struct chart *, int id);
/* A load's series, or NULL. */
const struct chart_series *chart_series(const struct chart *, int id);
/* Is sample k still kept? */
int		 chart_has(const struct chart *, uint64_t k);
/* Sample k of a ring (k kept). */
#define CHART_AT(ring, k)	((ring)[(k) % CHART_N])

#endif
