/*
 * run.h: `smtscope run`'s measurement and results, between the command
 * (cmd_run.c: options, the loads parsed) and its report (run_report.c):
 * in rounds (alternate.h), each load alone (a guarded solo), then all
 * together, solo and together windows in turn, with the foreign work seen
 * on each load's core (run_measure.c).
 */
#ifndef SMTSCOPE_RUN_H
#define SMTSCOPE_RUN_H

#include <stdio.h>

#include "engine/alternate.h"
#include "engine/analysis.h"
#include "engine/capacity.h"
#include "engine/eta.h"
#include "sample/foreign.h"
#include "engine/loads.h"
#include "sample/perf.h"
#include "sample/sensors.h"
#include "model/topo.h"

#define RUN_WHO_MAX	8	/* foreign processes named per load and phase */

/* Others' work no process accounts for is named in words from this many CPUs. */
#define RUN_UNNAMED_MIN	0.05

/* The foreign work seen on a load's core over one phase. */
struct run_foreign {
	double			cpus;		/* others' CPU time, in CPUs; NAN unknown */
	double			unnamed;	/* the part of it no process accounts for */
	double			steal;		/* the hypervisor's there, not in cpus */
	struct foreign_proc	who[RUN_WHO_MAX];	/* largest first */
	int			nwho;
};

/* What `run` learns of one load. */
struct run_result {
	struct load_spec	 spec;
	int			 id;
	double			 solo;		/* work units per second, alone: the
						   mean of its solo windows */
	double			 solo_share;	/* share of wall time on a CPU, alone */
	double			 solo_spread;	/* takes in how the solos moved */
	/* Each round's windows (alternate.h), in the order taken; NAN none. */
	double			 solo_w[ALT_ROUNDS_MAX];	/* rate alone */
	double			 solo_w_share[ALT_ROUNDS_MAX];
	double			 solo_w_spread[ALT_ROUNDS_MAX];
	double			 solo_w_mhz[ALT_ROUNDS_MAX];	/* its CPU's clock then */
	int			 solo_w_disturbed[ALT_ROUNDS_MAX];	/* others' work in it */
	double			 tog_w[ALT_ROUNDS_MAX];		/* rate together */
	double			 tog_w_share[ALT_ROUNDS_MAX];
	double			 tog_w_spread[ALT_ROUNDS_MAX];
	struct alt_capacity	 cap;		/* what the solos say of its CPU */
	int			 solo_tries;	/* measurements the guard made */
	int			 solo_disturbed;
	struct run_foreign	 solo_foreign;
	struct capacity_base	 base;		/* the baseline its speed is taken against */
	int			 base_reused;	/* from an identical load's solo: its index */
	double			 rate;		/* together */
	double			 share;
	double			 spread;
	double			 speed;
	double			 efficiency;
	enum analysis_mark	 speed_mark;	/* of speed and efficiency: ~ or ? */
	int			 eff_unknown;	/* EFF past physics: ? (why in mark_why) */
	char			 mark_why[160];	/* why a ? one is unknown */
	int			 disturbed;	/* others took time on its core, together */
	struct run_foreign	 foreign;
	int			 last_cpu;
	int			 migrations;
	struct cpuset		 cpus_seen;	/* CPUs end A was seen on at a sample */
	struct perf_window	 solo_pw;	/* counters over its solo phase */
	struct perf_window	 pw;		/* counters over the together window */
	char			 counters_why[2 * PERF_WHY_MAX + 2];	/* "" all counted */
	char			 counters_cost[PERF_WHY_MAX];	/* what they cost it; "" */
	struct load_sample	 mark;		/* where the counters' window began */
	int			 starved;	/* others took all its CPU alone: no figure,
						   but no failure of smtscope's */
	char			 failure[512];
};

/* One CPU involved, over the together phase. */
struct run_cpu {
	int	cpu;
	double	busy;		/* 0..1 */
	double	foreign_busy;	/* 0..1: others than smtscope and its loads */
	double	mhz;		/* its clock at the end; NAN unknown */
	double	base_mhz;	/* its base and maximum clock; NAN unknown */
	double	max_mhz;
	double	temp_c;		/* its core's or package's temperature; NAN unknown */
};

/* A whole run. */
struct run {
	const struct topo	*m;
	struct run_result	*r;
	int			 n;
	double			 time_s;	/* --time: the longest window */
	int			 rounds;	/* solo and together windows in turn */
	int			 counters;	/* --counters: hardware counters on pipe, fork */
	double			 together_s;	/* the together windows measured, summed */
	struct run_cpu		*cpus;
	int			 ncpus;
	double			 watts;		/* packages over the together window; NAN */
	double			 temp_c;	/* the hottest package at the end; NAN */
	char			 mhz_src[32];	/* "cpufreq", "/proc/cpuinfo", "" none */
	char			 hypervisor[32];	/* "KVM", "" none or not live */
	char			 mhz_why[SENSORS_WHY_MAX];
	char			 temp_why[SENSORS_WHY_MAX];
	char			 watts_why[SENSORS_WHY_MAX];
	double			 estimate_s;	/* the plan: setups, rounds of solos and
						   together, each window at most --time */
	double			 est_setup_s;	/* of which the loads' setup, timed here */
	struct eta		 eta;		/* as it runs, and at the end */
	uint64_t		 t0_ns;		/* when it started: baselines' times from it */
	/* Progress, when not NULL: what runs now and the seconds left; NULL at the end. */
	void			(*progress)(void *arg, const char *what, double left_s);
	void			*arg;
};

/* A run of n loads on m with --time time_s: every figure unknown; fill r[i].spec. */
void	run_init(struct run *, const struct topo *m, double time_s, int n);
/* The plan's time (run->estimate_s), once the specs are filled: setups timed here. */
void	run_plan(struct run *);
/* The longest wait for a quiet window before a disturbed solo is measured again. */
double	run_quiet_s(double time_s);
/*
 * Measure: start every load; then in rounds, each alone with the others
 * paused, then all together; every load is stopped before it returns. 1 when some load got
 * no figure (its failure says why), else 0. When a terminating signal
 * came, its number in *sig (else 0): the caller dies of it.
 */
int	run_measure(struct run *, int *sig);
void	run_free(struct run *);

#endif
