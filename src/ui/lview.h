/*
 * lview.h: the screen's part that is the loads as shown: each load's
 * figures smoothed over refreshes (figures.c computes them), found by id.
 */
#ifndef SMTSCOPE_UI_LVIEW_H
#define SMTSCOPE_UI_LVIEW_H

#include <stdint.h>

#include "engine/drift_load.h"

#define UI_HIST		32		/* samples in a load's sparkline */

/* A load as the screen sees it: figures smoothed over refreshes. */
struct ui_loadview {
	int		 id;
	double		 rate;
	double		 solo;
	double		 solo_share;	/* share of wall time it got while measured */
	uint64_t	 solo_end_ns;	/* the measurement the solo rate is from */
	int		 solo_disturbed; /* others ran on its core then (solo_disturbed()) */
	double		 solo_foreign;	/* their CPU time on its core then, in CPUs; NAN */
	int		 solo_tries;	/* automatic measures again of a disturbed solo */
	uint64_t	 solo_told_ns;	/* the disturbed measurement the status line named */
	double		 solo_spread;	/* relative spread of its solo window; NAN */
	int		 base_version;	/* of its place's baseline (capacity.h) it shows */
	char		 base_by[32];	/* who measured that baseline: "hash#1" */
	double		 speed;
	double		 raw;		/* this refresh's speed, unsmoothed; NAN */
	int		 mark;		/* of speed and EFF: enum analysis_mark */
	char		 mark_why[128];	/* why a ? one is unknown, for the info line */
	double		 share;
	double		 eff;
	int		 eff_unknown;	/* EFF past physics: ? (mark_why says why) */
	double		 hist[UI_HIST];	/* speeds, oldest first; NAN for gaps */
	int		 nhist;
	int		 fresh;		/* no rate since start, move or resume */
	struct drift_load drift;	/* its CPU's capacity seen to move (drift_load.h) */
};

struct ui_lview {
	struct ui_loadview	*lv;
	int			 n;
	int			 cap;
	uint64_t		 sig;		/* the loads' ids, states and CPUs at the last refresh */
};

/* A load's figures, or NULL before its first. */
const struct ui_loadview *lview_find(const struct ui_lview *, int id);
/* A load's figures, made (unknown, fresh) on first use. */
struct ui_loadview	*lview_get(struct ui_lview *, int id);
/* Forget a load's figures. */
void			 lview_drop(struct ui_lview *, int id);
void			 lview_free(struct ui_lview *);

#endif
