/* tour_player.h: the engine that plays a tour through a host (the screen, or headless). */
#ifndef SMTSCOPE_TOUR_PLAYER_H
#define SMTSCOPE_TOUR_PLAYER_H

#include <stddef.h>

#include "base/cpuset.h"
#include "engine/capacity.h"
#include "engine/analysis.h"
#include "sample/foreign.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "model/topo.h"
#include "exp/tour/tour.h"
#include "exp/tour/tour_solo.h"

/*
 * The player: a state machine over a parsed tour, resolved against a
 * topology. It never sleeps or reads a clock: the host calls tick(now_s)
 * with CLOCK_MONOTONIC seconds and calls again by the deadline it returns.
 * Every step is a configuration of loads: stepping forward applies the
 * step's actions; going back stops every load and starts the previous
 * step's configuration afresh. Each new (kernel, CPU) placement is first
 * measured alone, the other loads paused, so every speed is against a solo
 * rate taken on this machine in this run. The measuring is solo.c's: the
 * host's own measurer when it has one (the screen shares its measurer, so
 * it shows what is measured and held), else one over the host's ops.
 */
enum tour_event {
	TOUR_EV_STEP,		/* a step began: caption, title, skip note are ready */
	TOUR_EV_SOLO,		/* a load is being measured alone: see tour_player_status() */
	TOUR_EV_MEASURED,	/* the step's figures are in its result */
	TOUR_EV_FAILED,		/* an action failed or a load died: see the step note */
	TOUR_EV_DONE		/* past the last step; every load stopped */
};

struct solo;
struct tour_player;

/*
 * What the host does for the player. A load is known by the id the host's
 * start returned; the others return 0, or -1 (with a message where there
 * is room for one).
 */
struct tour_ops {
	/* Start load NAME from "KERNEL[:PARAM]@CPU[,CPU]" (loads_parse syntax); its id. */
	int	(*start)(void *arg, const char *name, const char *spec, char *err,
		    size_t errlen);
	int	(*stop)(void *arg, int id);
	/* Move end A to cpu and end B to cpu_b (-1 keeps end B). */
	int	(*move)(void *arg, int id, int cpu, int cpu_b, char *err, size_t errlen);
	int	(*pause)(void *arg, int id, int pause);
	/* A fresh sample of the load's progress, leaving the host's own alone; -1 if dead. */
	int	(*sample)(void *arg, int id, struct load_sample *out);
	/* The CPUs to emphasise during this step (empty: none). May be NULL. */
	void	(*highlight)(void *arg, const struct cpuset *cpus);
	/* Something the host may show or print changed. May be NULL. */
	void	(*event)(void *arg, enum tour_event, const struct tour_player *);
	/* The host's solo measurer over the same ids. May be NULL: the player makes its own. */
	struct solo *(*solo)(void *arg);
	/*
	 * Foreign work, optional (NULL: unknown; disturbed solos are then not
	 * measured again). foreign_mark notes every process's CPU time now;
	 * foreign says how much CPU time others took on a load's core (its
	 * CPUs and their SMT siblings) between the last two marks, in CPUs
	 * (NAN unknown), and who, largest first: *n of at most max.
	 */
	void	(*foreign_mark)(void *arg);
	double	(*foreign)(void *arg, int id, struct foreign_proc *who, int max, int *n);
};

struct tour_options {
	double	step_s;		/* >0: every step advances after this (--step) */
	int	auto_advance;	/* steps without a time advance after default_s */
	double	default_s;	/* step time when neither step_s nor a wait is set */
	double	solo_s;		/* measuring window alone, 0 for the default */
};

/* What one load did in one step; rates are work units per second, NAN unknown. */
struct tour_load_result {
	char			 name[TOUR_NAME_MAX];
	char			 spec[96];	/* "hash@0", "pipe@0,1" */
	const struct kernel	*k;
	int			 cpu, cpu_b;
	int			 paused;
	double			 solo;
	double			 solo_spread;	/* relative spread of its sub-windows */
	int			 solo_disturbed; /* others took its CPU time alone: low */
	int			 solo_tries;	/* measurements made of it */
	struct tour_foreign	 solo_foreign;
	struct capacity_base	 base;		/* the baseline its speed is against; rate NAN none */
	int			 base_reused;	/* the session's, had before the tour measured it */
	uint64_t		 base_t0_ns;	/* when the tour began, for the baseline's time */
	double			 rate;
	double			 spread;
	int			 disturbed;	/* others took time on its core, together */
	struct tour_foreign	 foreign;
	double			 speed;		/* rate / solo */
	enum analysis_mark	 mark;		/* of the speed: ~ disturbed, ? unknown */
	char			 mark_why[160];	/* why a ? one is unknown */
};

struct tour_step_result {
	int			 ran;		/* the step was shown */
	int			 skipped;	/* a place does not exist here */
	int			 measured;	/* rates are in */
	int			 partial;	/* ... from a window cut short by a key */
	char			 note[320];	/* "skipped: ...", "failed: ...", or "" */
	struct tour_load_result	 loads[TOUR_LOADS_MAX];
	int			 nloads;
	double			 yield;		/* sum of speeds of running loads */
	int			 yield_unknown;	/* ... one of which is unknown (?) */
};

/* Resolve a tour against a topology; NULL never (unresolvable steps are skipped). */
struct tour_player	*tour_player_new(const struct tour *, const struct topo *,
			    const struct tour_ops *, void *arg, const struct tour_options *);
/* Stops every load it started, then frees. */
void			 tour_player_free(struct tour_player *);
/* Begin the first step; returns the next deadline (tick by then), INFINITY for none. */
double			 tour_player_begin(struct tour_player *, double now_s);
/* Advance the clock: measurements and timed advance; returns the next deadline. */
double			 tour_player_tick(struct tour_player *, double now_s);
/* Space/Right: the next step, or the end after the last. */
double			 tour_player_next(struct tour_player *, double now_s);
/* Left: restart the previous step (the first one at the first) from a clean state. */
double			 tour_player_prev(struct tour_player *, double now_s);
/* q: stop every load and finish now. */
void			 tour_player_quit(struct tour_player *);

int			 tour_player_done(const struct tour_player *);
/* The current step, 0-based; nsteps when done. */
int			 tour_player_step(const struct tour_player *);
const struct tour	*tour_player_tour(const struct tour_player *);
const char		*tour_player_title(const struct tour_player *);
const char		*tour_player_caption(const struct tour_player *);
/* "skipped: no SMT sibling of CPU 0 on this machine", a failure, or NULL. */
const char		*tour_player_note(const struct tour_player *);
/* What the player is doing now: "measuring a (hash@1) alone, others paused", or "". */
const char		*tour_player_status(const struct tour_player *);
/* The place a step would skip for, without running anything ("" when it runs). */
const char		*tour_player_skip_note(const struct tour_player *, int step);
const struct tour_step_result *tour_player_result(const struct tour_player *, int step);
/*
 * How far the current step is, in words ("settling", "measuring solo",
 * "measuring 2.1/4.0 s", "measured", "partial: ...", "skipped: ..."),
 * and the fraction of its measuring window done (0..1; -1 outside one).
 */
double			 tour_player_progress(const struct tour_player *, double now_s,
			    char *buf, size_t len);
/* The solo rate the player has for a load of the host's (NAN if none yet). */
double			 tour_player_solo_of(const struct tour_player *, int id);
/* What the whole tour will take when played through, from its plan here, in seconds. */
double			 tour_player_estimate(const struct tour_player *);
/* What it spent beyond that plan: quiet waits, solos measured again (how many, how long), setup. */
void			 tour_player_costs(const struct tour_player *, double *waited_s,
			    int *again, double *again_s, double *setup_s);
/* Was that solo disturbed (others took its CPU time): its figures carry ~. */
int			 tour_player_solo_disturbed(const struct tour_player *, int id);

#endif
