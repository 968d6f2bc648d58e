/*
 * figures.h: the numbers the screen shows, kept in the state: each CPU's
 * busy time, each load's rate, speed, share and efficiency smoothed over
 * refreshes, and solo rates from the screen's measurer (solo.c).
 */
#ifndef SMTSCOPE_UI_FIGURES_H
#define SMTSCOPE_UI_FIGURES_H

#include <stddef.h>
#include <stdint.h>

#include "engine/loads.h"
#include "engine/solo.h"
#include "ui/lview.h"

struct ui_state;

/* How the screen's solo measurer reaches its loads (arg is the struct ui_state *). */
extern const struct solo_ops figures_solo_ops;

/* Count a load's next rate from now (after a start, move or resume). */
void	figures_rebase(struct ui_state *, struct load *);
/*
 * A solo rate from elsewhere (a tour has it for the load's place), with its
 * mark (others disturbed it); -1 if no such load.
 */
int	figures_set_solo(struct ui_state *, int id, double rate, int disturbed);
/* Advance the solo measurement; every load takes its new solo rate. */
void	figures_solo_poll(struct ui_state *);
/* What figures_solo_want() did for a load that needs a solo rate. */
#define FIGURES_SOLO_QUEUED	0	/* measured alone, queued */
#define FIGURES_SOLO_REUSED	1	/* its place's baseline reused */
#define FIGURES_SOLO_SHARED	2	/* an identical load measured now gives it */
/*
 * A load needs a solo rate: its place's baseline (capacity.h) when one
 * stands, undisturbed; the one an identical load measured now will give;
 * else queued. by (len) names whose baseline it takes ("hash#1"), or "".
 */
int	figures_solo_want(struct ui_state *, struct load *, char *by, size_t len);
/* When the solo measurement next needs attention (CLOCK_MONOTONIC ns), or 0. */
uint64_t figures_deadline(const struct ui_state *);
/*
 * The marks of every load's speed and EFF (analysis.h): ~ on a disturbed
 * solo; ? past physics, above 100% on a disturbed solo, or for loads
 * time-sharing one CPU whose speeds this refresh (raw) add up to more than
 * its work. An unknown speed leaves a gap in the history.
 */
void	figures_mark(struct ui_state *);
/*
 * A refresh: sample the CPUs' time and the loads, and compute their figures;
 * -1 with a message when CPU time cannot be read (the loads' still are).
 */
int	figures_tick(struct ui_state *, char *err, size_t errlen);

#endif
