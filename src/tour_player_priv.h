/*
 * tour_player_priv.h: the player's insides, shared by tour_player.c (the
 * state machine and the host's actions) and tour_measure.c (solo rates,
 * the step's stable window, foreign work and the figures). Not for hosts.
 */
#ifndef SMTSCOPE_TOUR_PLAYER_PRIV_H
#define SMTSCOPE_TOUR_PLAYER_PRIV_H

#include "loads.h"
#include "stable.h"
#include "tour_plan.h"
#include "tour_player.h"

#define TOUR_READY_S		30.0	/* a load that has done nothing by then failed */
#define TOUR_POLL_S		0.02
#define TOUR_SUB_S		0.1	/* sub-windows of a step's stable window */
#define TOUR_WINDOW_MIN_S	0.5
#define TOUR_TOL		0.03
#define TOUR_NEED		3
#define TOUR_QUIET_S		1.0	/* a disturbed solo waits this long for quiet */

enum tour_phase {
	PH_IDLE,
	PH_READY,		/* waiting for new loads to do their first unit */
	PH_SOLO,		/* new placements measured alone, one at a time */
	PH_QUIET,		/* a disturbed solo waits for its core to go quiet */
	PH_SETTLE,		/* all together, settling */
	PH_WINDOW,		/* ... measuring */
	PH_HOLD,		/* figures in; until the step's time or a key */
	PH_DONE
};

/* A load the host runs for the player. */
struct tour_live {
	char			 name[TOUR_NAME_MAX];
	char			 spec[96];
	int			 id;		/* the host's */
	int			 cpu, cpu_b;
	int			 paused;	/* by the script */
	int			 ready;
	int			 queued;	/* its solo rate is asked for */
	uint64_t		 solo_end_ns;	/* the last solo result taken in */
	struct load_sample	 s0, sub0;	/* the window's start, the sub-window's */
	struct stable		 st;		/* the window's sub-windows */
};

/* A solo rate: one spec alone on this machine, and how firm it is. */
struct tour_solo {
	char			spec[96];
	double			rate;
	double			share, spread;
	int			disturbed, cpu_bound;
	int			tries;		/* measurements made */
	int			waits;		/* quiet windows waited for in vain */
	struct tour_foreign	foreign;
};

struct tour_player {
	const struct tour	*t;
	const struct topo	*m;
	const struct tour_ops	*ops;
	void			*arg;
	struct tour_options	 opt;
	struct tour_plan	*plan;
	struct tour_step_result	*res;

	int			 step;
	enum tour_phase		 phase;
	double			 t_end;		/* end of the current phase */
	double			 step_start;	/* when the step's own time began */
	double			 ready_end;
	double			 t_sub;		/* the next sub-window's end */
	double			 quiet_end;	/* PH_QUIET gives up then */
	char			 status[160];

	struct tour_live	 live[TOUR_LOADS_MAX];
	int			 nlive;

	struct solo		*solo;		/* the host's, or our own */
	int			 own_solo;
	int			 shown;		/* the measurement the status names, -1 */
	struct tour_solo	*solos;
	int			 nsolos;
};

/* tour_player.c */
/* Tell the host something changed. */
void	tour_player_event(struct tour_player *, enum tour_event);
/* Sample a live load; on its death forget it and note why (-1). */
int	tour_player_sample(struct tour_player *, int i, struct load_sample *);
/* Running loads: live and not paused by the script. */
int	tour_player_running(const struct tour_player *);
/* The step's own time, and the solo measuring window. */
double	tour_player_step_s(const struct tour_player *);
double	tour_player_solo_s(const struct tour_player *);

/* tour_measure.c */
/* The solo rate of a placement ("hash@1"), NAN if none yet. */
double	tour_measure_solo(const struct tour_player *, const char *spec);
/* Ask for the solo rate of every running load whose placement has none yet. */
void	tour_measure_ask_solos(struct tour_player *);
/* Take in every new solo result of our loads, whoever asked for it. */
void	tour_measure_take_solos(struct tour_player *);
/* Advance the solo measurements; 1 once none of ours is left. */
int	tour_measure_solos_done(struct tour_player *, double now);
/* Note every process's CPU time now, when the host can. */
void	tour_measure_mark(struct tour_player *);
/* Running loads whose disturbed solo may be measured again: how many. */
int	tour_measure_disturbed(const struct tour_player *);
/* A quiet tick is over: queue again the disturbed solos now quiet; 1 if any. */
int	tour_measure_quiet_tick(struct tour_player *, int last);
/* Begin the step's window; feed a sub-window (1 when every rate is known). */
void	tour_measure_begin(struct tour_player *, double now);
int	tour_measure_sub(struct tour_player *, double now);
/* Record the step's figures. */
void	tour_measure_step(struct tour_player *);

#endif
