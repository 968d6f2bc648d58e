/*
 * tour_player_state.h: the player's own state, shared by tour_player.c (the
 * engine) and tour_player_query.c (what hosts read of it). Nothing else
 * includes it, and each includes tour_player.h first.
 */
#ifndef SMTSCOPE_TOUR_PLAYER_STATE_H
#define SMTSCOPE_TOUR_PLAYER_STATE_H

#include <stdint.h>

#include "engine/loads.h"
#include "engine/stable.h"
#include "exp/idle.h"
#include "exp/tour/tour_solo.h"

/* After tour_player.h (not included here: the two would include each other). */
#ifndef SMTSCOPE_TOUR_PLAYER_H
#error "include tour_player.h before tour_player_state.h"
#endif

/* What the player is doing in a step. */
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
	double			 entered;	/* when the step began */
	double			 began;		/* when the tour began: baselines' times from it */
	double			 t_win0;	/* when its measuring window began */
	char			 status[160];

	struct tour_live	 live[TOUR_LOADS_MAX];
	int			 nlive;

	struct solo		*solo;		/* the host's, or our own */
	int			 own_solo;
	int			 shown;		/* the measurement the status names, -1 */
	struct tour_solos	 solos;	/* by placement */
	struct idle_hold	 idle;	/* shallow idle held by `idle held` (PM QoS) */

	/* What the estimate did not plan (tour_player_costs): waits, solos again, setup. */
	double			 waited_s;
	int			 again;
	double			 again_s;
	double			 setup_s;
	double			 phase_start;	/* when the READY or a SOLO phase began */
	int			 solo_again;	/* ... that SOLO phase measures again */
};

/* tour_player_query.c: a step's own time: --step, its wait, the tour's default, or 0 (a key). */
double	tour_player_step_time(const struct tour_player *, int step);

#endif
