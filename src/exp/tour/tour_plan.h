/*
 * tour_plan.h: a parsed tour resolved against one machine: each step as the
 * loads it leaves (a configuration) and the actions that get there. A place
 * that does not exist here skips its step with a note for the audience.
 */
#ifndef SMTSCOPE_TOUR_PLAN_H
#define SMTSCOPE_TOUR_PLAN_H

#include "base/cpuset.h"
#include "model/topo.h"
#include "exp/tour/tour.h"

/* A load in a step's configuration. */
struct tour_cfg_load {
	char			 name[TOUR_NAME_MAX];
	char			 kernel[80];
	int			 ends;
	int			 placed;	/* its place exists here */
	int			 cpu, cpu_b;
	int			 paused;
};

/* The loads after a step, as the script means them on this machine. */
struct tour_cfg {
	struct tour_cfg_load	 v[TOUR_LOADS_MAX];
	int			 n;
	int			 idle_held;	/* shallow idle held (idle held) */
};

/* A resolved action: what the host is asked to do. */
struct tour_op {
	enum tour_action_type	 type;	/* START, STOP, MOVE, PAUSE, RESUME, IDLE (cpu 1: held) */
	char			 name[TOUR_NAME_MAX];
	char			 spec[96];
	int			 cpu, cpu_b;
};

/* A step resolved against the machine. */
struct tour_plan {
	int			 skipped;
	char			 note[256];
	struct tour_op		*ops;
	int			 nops;
	struct cpuset		 highlight;
	struct tour_cfg		 after;
};

/* Resolve one step from the configuration before it; fills pl (free pl->ops). */
void	tour_plan_step(const struct topo *, const struct tour_step *,
	    const struct tour_cfg *before, struct tour_plan *pl);
/* An action on a configured load: its spec written for its place. */
void	tour_plan_op(struct tour_op *, enum tour_action_type, const struct tour_cfg_load *);

#endif
