/* check.h: `smtscope check`, the placement planner and the co-run matrix. */
#ifndef SMTSCOPE_CHECK_H
#define SMTSCOPE_CHECK_H

#include <stddef.h>

#include "topo.h"

/* A CPU counts as busy (for choosing the anchor and partners) above this. */
#define CHECK_BUSY_PCT		20.0
/* The default run (no --time) fits in this many seconds, overheads included. */
#define CHECK_BUDGET_S		55.0

/* Where the partner of one relation runs, or why there is none. */
struct check_placement {
	int	 cpu;		/* partner OS index; -1 when absent */
	char	 reason[128];	/* why absent ("no SMT", "one package"), else "" */
};

/* The plan: an anchor CPU and one partner per relation. */
struct check_plan {
	int			 anchor;	/* OS index */
	char			 anchor_why[128]; /* how it was chosen, for the report */
	struct check_placement	 rel[REL_COUNT];
	int			 npresent;	/* relations with a partner */
};

/*
 * Plan the placements from the model alone. anchor is an OS index (already
 * asked for with --anchor) or -1 to pick the first allowed CPU of the first
 * idle core. busy_pct[0..nbusy) is a busy sample by OS index (NULL when
 * there is none, e.g. for another machine's topology): idle cores are
 * preferred for the anchor and every partner. Only allowed CPUs are chosen.
 * Returns -1 with a message when the anchor is not usable or no CPU is.
 */
int	check_plan(const struct topo *, int anchor, const double *busy_pct, int nbusy,
	    struct check_plan *, char *err, size_t errlen);

/* Measuring seconds per cell for a default run of nruns measurements. */
double	check_cell_seconds(int nruns);

#endif
