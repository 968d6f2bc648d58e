/*
 * drift.h: a CPU's capacity seen to move under a running load. Fed one
 * sample a refresh (the load's rate, its spread, whether anything in
 * smtscope's view happened: a load started, stopped, moved or paused,
 * others' work or steal on its core changed), it calls a step in the
 * rate beyond the spread, held for two refreshes with no event, a change
 * of capacity, and keeps what the CPU gives now against the baseline.
 * Others' work is an event, never capacity. Pure: no clock read, no file
 * read; the caller feeds the samples (and the CPU's MHz where known).
 */
#ifndef SMTSCOPE_DRIFT_H
#define SMTSCOPE_DRIFT_H

#include <stddef.h>

/* A step smaller than this is noise whatever the spread says. */
#define DRIFT_FLOOR	0.05
/* Others' work or steal on the core moving by this many CPUs is an event. */
#define DRIFT_OTHERS	0.10

/* One refresh of a load. */
struct drift_sample {
	double	rate;		/* work units per second this refresh */
	double	spread;		/* the load's relative spread; NAN unknown */
	int	event;		/* a load started, stopped, moved or paused */
	double	others;		/* others' CPU time on its core, in CPUs; NAN */
	double	steal;		/* steal on its CPUs, in CPUs; NAN */
	double	mhz;		/* its CPU's clock; NAN unknown */
};

enum drift_result {
	DRIFT_NONE,		/* the rate holds (or a step waits for a second refresh) */
	DRIFT_EVENT,		/* something in view changed: the level is learned again */
	DRIFT_CAPACITY		/* a step with nothing in view: the CPU's capacity moved */
};

/* The tracker of one load. */
struct drift {
	double	ref;		/* the rate's level now; NAN before the first sample */
	double	ref_mhz;	/* the clock at that level; NAN */
	int	n;		/* samples in the level */
	double	others0, steal0; /* others' work and steal at the level */
	int	pending;	/* refreshes out of the band so far */
	int	pend_dir;	/* their direction: 1 up, -1 down */
	double	pend_first, pend_sum, pend_mhz;
	double	capacity;	/* what the CPU gives now over the baseline's; 1 */
	int	changes;	/* capacity changes seen */
	double	step;		/* the last change: new level / old - 1 */
	double	from_mhz, to_mhz; /* the clock across it; NAN */
};

void		 drift_init(struct drift *);
/* Feed one refresh; what it showed. */
enum drift_result drift_feed(struct drift *, const struct drift_sample *);
/*
 * The cause of the last change, in words: "clock 3.1 -> 2.4 GHz" where
 * the clock moved with it, else "the host (under KVM)" where hypervisor
 * names one, else "unexplained". The length written.
 */
int		 drift_cause(const struct drift *, const char *hypervisor,
		     char *buf, size_t len);

#endif
