/*
 * drift_load.h: drift.c wired to one load on the live screen. Fed the
 * load's sample each refresh (its rate, its CPU share, its spread, the
 * event flag, others' work and steal on its core, its CPU's MHz), it keeps
 * what the CPU gives now against the baseline once a change of capacity
 * was seen (drift.c), with the cause in words (drift_cause()); a new
 * baseline or a move to another CPU starts it again. Where no change was
 * seen the capacity is unknown (NAN): nothing is invented. Pure: no clock
 * read, no file read.
 */
#ifndef SMTSCOPE_DRIFT_LOAD_H
#define SMTSCOPE_DRIFT_LOAD_H

#include <stddef.h>

#include "engine/drift.h"
#include "engine/split.h"

#define DRIFT_CAUSE_LEN	64
/* Refreshes whose rates tell the load's own noise now. */
#define DRIFT_LOAD_RING	8
/* Fewer than this since an event: the noise is not known, the band is wide. */
#define DRIFT_LOAD_WARM	4
/* The band then (a step past it is still seen). */
#define DRIFT_LOAD_WIDE	0.25

struct drift_load {
	struct drift	d;
	int		cpu;		/* the CPU it tracks; -1 none yet */
	int		base;		/* the baseline (its version) the capacity is against */
	double		share;		/* the load's CPU share at the last refresh; NAN */
	char		cause[DRIFT_CAUSE_LEN]; /* drift_cause() at the last change; "" */
	double		ring[DRIFT_LOAD_RING]; /* its last rates per CPU-second */
	int		nring, ring_at;
};

/* A tracker with nothing seen. */
void		 drift_load_init(struct drift_load *);
/*
 * One refresh of a load on cpu, against baseline version base (either
 * changed: the tracker starts again). share is its CPU share this refresh:
 * the tracker follows s->rate / share, the work a CPU-second of it gives
 * (what the scheduler gives is SHARE, not capacity), and a step of the
 * share past DRIFT_OTHERS is an event. s->event is the caller's (a load
 * started, stopped, moved or paused); others' work or steal on its core
 * past DRIFT_OTHERS is in view too, at every refresh it lasts: a busy
 * core's rate says nothing of its capacity. The band a step must pass is
 * the widest of s->spread, DRIFT_FLOOR and three times the median
 * deviation of its last DRIFT_LOAD_RING rates (its noise now);
 * DRIFT_LOAD_WIDE until DRIFT_LOAD_WARM refreshes since an event.
 */
enum drift_result drift_load_feed(struct drift_load *, int cpu, int base,
		     const struct drift_sample *s, double share, const char *hypervisor);
/* What the CPU gives now over the baseline; NAN where no change was seen. */
double		 drift_load_capacity(const struct drift_load *);
/*
 * 1 when the capacity moved from the baseline's by more than DRIFT_FLOOR:
 * the speed is then taken against what the CPU gives now, and marked.
 */
int		 drift_load_marked(const struct drift_load *);
/* The mark's character: "*" when marked, else "". */
const char	*drift_load_mark(const struct drift_load *);
/*
 * The WHY with the capacity tracked: split_why() over s (a speed against
 * the baseline, with its capacity from the tracker), the capacity's clause
 * naming its cause ("-30 %: its CPU gives 70 % of its baseline: clock 3.1
 * -> 2.4 GHz"); when another factor is named, the capacity's clause comes
 * after it; within range, it comes before the neighbours' words (w->near).
 * Not marked: split_why() as it is. 1 when it wrote one, 0 (buf "") not.
 */
int		 drift_load_why(const struct drift_load *, const struct split *s,
		     double spread, const struct split_words *w, char *buf, size_t len);

#endif
