/*
 * solo.h: the one solo-baseline measurer. A load's solo rate is its rate
 * with every other load paused: the measurer queues loads, pauses the
 * others while one is measured (settle, then one counted window), and
 * resumes them. It is clock-driven and never blocks (the live screen and
 * the tour player poll it); solo_measure_guarded() drives it to the end,
 * sleeping, for the headless commands. It reaches the loads only through
 * struct solo_ops, so the screen, a tour's host and the headless commands
 * can all use it; solo_loads_ops drives a struct loads directly.
 */
#ifndef SMTSCOPE_SOLO_H
#define SMTSCOPE_SOLO_H

#include <stdint.h>

#include "engine/loads.h"

/* What the measurer needs of whoever runs the loads; arg is theirs. */
struct solo_ops {
	/* Pause (1) or resume (0) a load; -1 if it is gone. */
	int	(*pause)(void *arg, int id, int pause);
	/* A fresh sample of a load's work and CPU time; -1 if it is dead. */
	int	(*sample)(void *arg, int id, struct load_sample *out);
	/* The ids of the loads running now (not paused, not dead); how many. */
	int	(*running)(void *arg, int *ids, int max);
	/*
	 * Optional (NULL: unknown): CPU time so far, in ns, that others spent
	 * on the load's core (its CPUs and their SMT siblings): the CPUs' busy
	 * time less the load's own. -1 if it cannot be read.
	 */
	int	(*foreign_ns)(void *arg, int id, uint64_t *ns);
};

/* One solo measurement. */
struct solo_result {
	double		rate;		/* work units per second alone, NAN if none */
	double		share;		/* of the window it ran (blocking loads < 1), NAN unknown */
	uint64_t	window_ns;	/* the counted window */
	uint64_t	end_ns;		/* when it ended (CLOCK_MONOTONIC) */
	double		foreign;	/* others' CPU time on its core over the window, in
					   CPUs (0.25: a quarter of one); NAN unknown */
	double		spread;		/* relative spread of the sub-window rates of a
					   stable window (stable.h); NAN for a fixed one */
	double		waited_s;	/* solo_measure_guarded(): seconds it waited for
					   quiet windows (0 elsewhere) */
};

/*
 * A counted window that ends when the rate is known (stable.h): sub-windows
 * of sub_ns, over once need of them agree within tol and min_ns has passed,
 * or at max_ns.
 */
struct solo_stable {
	uint64_t	min_ns, max_ns, sub_ns;
	double		tol;
	int		need;
};

/*
 * A solo taken while the load got less than SOLO_SHARE_MIN of its CPU (for
 * a load that would use all of it) or while others used more than
 * SOLO_FOREIGN_MAX of a CPU on its core is disturbed: it is low, and is
 * shown marked and measured again when the core is quiet.
 */
#define SOLO_SHARE_MIN		0.9
#define SOLO_FOREIGN_MAX	0.10
/* Re-measures of a disturbed solo before it is left as it is. */
#define SOLO_RETRIES		3
/* A quiet core is looked for over ticks this long. */
#define SOLO_QUIET_TICK_S	0.25

/* Default windows: settle after pausing the others, then count. */
#define SOLO_SETTLE_NS	(200ULL * 1000 * 1000)
#define SOLO_WINDOW_NS	(1000ULL * 1000 * 1000)

struct solo;

/* A measurer over loads reached through ops. */
struct solo	*solo_new(const struct solo_ops *, void *arg);
/* Resume whatever it holds, then free. */
void		 solo_free(struct solo *);
/* The settle and counted windows of the next measurements. */
void		 solo_set_windows(struct solo *, uint64_t settle_ns, uint64_t window_ns);

/* Queue a load to be measured alone (once; a queued load is not queued twice). */
void		 solo_queue(struct solo *, int id);
/* The load is gone or changed (stopped, died, moved, paused by the user): drop it. */
void		 solo_forget(struct solo *, int id);
/* Restart the current measurement from its settle (the load moved, say). */
void		 solo_restart(struct solo *, int id);
/* A load started or resumed during a measurement: hold it paused until the end. */
void		 solo_hold(struct solo *, int id);

/* The load measured now, or -1. */
int		 solo_current(const struct solo *);
/* Is the load queued or being measured? */
int		 solo_pending(const struct solo *, int id);
/* Is the load held paused by the measurer? */
int		 solo_holds(const struct solo *, int id);
/* Is anything measured or queued? */
int		 solo_busy(const struct solo *);

/*
 * Advance with the clock: start the next queued load, end a window. Returns
 * 1 with the load's id and result when a measurement finished (call again:
 * one result a call), else 0.
 */
int		 solo_poll(struct solo *, uint64_t now_ns, int *id, struct solo_result *);
/* When solo_poll() next has something to do (CLOCK_MONOTONIC ns); 0 if idle. */
uint64_t	 solo_deadline(const struct solo *);
/*
 * The last finished measurement of a load, whoever polled it: 0 with it, or
 * -1 if none since the load was last queued or forgotten. Several parties
 * that share one measurer (the screen and a tour) read their results here.
 */
int		 solo_result(const struct solo *, int id, struct solo_result *);

/* Is a result disturbed? cpu_bound: the load would use its whole CPU alone. */
int		 solo_disturbed(const struct solo_result *, int cpu_bound);

struct measure_win;
/* Set a stable solo window and a together window (measure.h) with the same bounds. */
void		 solo_stable_set(struct solo_stable *, struct measure_win *, double min_s,
		     double max_s, double sub_s, double tol, int need);

/* Counted windows that end when the rate is known; NULL: fixed windows again. */
void		 solo_set_stable(struct solo *, const struct solo_stable *);

/*
 * Blocking and guarded: measure one load alone (a stable window when stab is
 * not NULL); while the result is disturbed, wait up to quiet_ns (the others
 * paused) for its core to go quiet and, if it did, measure again, at most
 * SOLO_RETRIES more times. The least disturbed result is kept; *tries says
 * how many measurements were made, its waited_s how long the waits took
 * (a wait that found no quiet window included). 0 with the result, a signal's number if
 * a terminating signal came (everything resumed), or -1 if the load died.
 */
int		 solo_measure_guarded(const struct solo_ops *, void *arg, int id,
		     uint64_t settle_ns, const struct solo_stable *stab, int cpu_bound,
		     uint64_t quiet_ns, struct solo_result *, int *tries);

/* Ops over a struct loads (arg is the struct loads *). */
extern const struct solo_ops solo_loads_ops;

#endif
