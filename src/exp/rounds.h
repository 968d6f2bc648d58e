/*
 * rounds.h: what a CPU gives a kernel now, measured in interleaved rounds,
 * for every experiment that asks (check --capacity's scan of every CPU,
 * check's noise floor). A round measures each planned CPU alone with the
 * kernel once, so that a CPU's rounds come from different moments; CPUs of
 * one slot run at once (they share nothing the kernel uses), one load per
 * lane moved along its lane's CPUs. Each sample is guarded: a CPU others
 * used (others took over SOLO_FOREIGN_MAX of a CPU on its core, or its
 * load got under SOLO_SHARE_MIN of it and others' work and steal on its
 * core took what it lost: rounds_disturbed()) is others' work, named,
 * never capacity; a share lost that no one in view took is capacity.
 * rounds_calc.c makes the figures from the samples, pure:
 * each CPU's median, range and spread, its two levels, the machine's
 * median, the outliers and the noise floor.
 */
#ifndef SMTSCOPE_ROUNDS_H
#define SMTSCOPE_ROUNDS_H

#include <stddef.h>
#include <stdint.h>

#include "engine/kernels/kernel.h"
#include "model/topo.h"
#include "sample/foreign.h"

#define ROUNDS_MIN		3	/* rounds: each CPU's figures from 3 moments at least */
#define ROUNDS_WHO_MAX		6	/* foreign processes named per sample */
#define ROUNDS_SETTLE_S		0.05	/* after a move or a resume */
#define ROUNDS_WIN_MIN_S	0.15	/* a window: at least this, */
#define ROUNDS_WIN_MAX_S	0.25	/* at most this */
#define ROUNDS_SUB_S		0.025	/* its parts */
#define ROUNDS_TOL		0.02	/* their agreement that ends it */
#define ROUNDS_NEED		4
/*
 * A CPU is an outlier when its median is below the machine's by more than
 * its own spread and more than this (a CPU whose rounds agreed exactly is
 * not an outlier for a hair).
 */
#define ROUNDS_OUTLIER_MIN	0.03
/*
 * A CPU's rounds fall in two levels when, sorted, one gap between them is
 * more than this share of the upper level, and more than twice as wide
 * as the rounds within either level and the windows' own spread.
 */
#define ROUNDS_LEVEL_GAP	0.10

/* One CPU in one round. */
struct rounds_sample {
	int			 done;		/* measured */
	double			 rate;		/* work units per second; NAN none */
	double			 share;		/* of the window its load ran; NAN unknown */
	double			 spread;	/* relative spread of the window's parts */
	double			 foreign;	/* others' CPU time on its core, in CPUs */
	double			 steal;		/* the hypervisor's there, in CPUs */
	double			 mhz;		/* its clock at the window's end; NAN unknown */
	int			 disturbed;	/* others' work: not capacity */
	double			 at_s;		/* when it ended, seconds from the start */
	struct foreign_proc	 who[ROUNDS_WHO_MAX];
	int			 nwho;
};

/* One CPU's figures over its undisturbed rounds (rounds_calc()). */
struct rounds_cpu {
	int	cpu;		/* OS index */
	int	lane, pos;	/* its lane, and its place along it */
	int	n;		/* undisturbed rounds */
	int	ndisturbed;	/* rounds others' work took */
	double	median, min, max;	/* work units per second; NAN none */
	double	all;		/* median of every round, disturbed ones too; NAN none */
	double	spread;		/* (max - min) / median; NAN under two rounds */
	double	win_spread;	/* the largest window spread of its rounds */
	double	mhz;		/* median clock during its rounds; NAN unknown */
	int	two_levels;	/* its rounds fall in two levels */
	double	level_hi, level_lo;	/* their means, work units per second */
	int	outlier;	/* below the machine's median past its spread */
	double	below;		/* (machine median - median) / machine median */
};

/* A plan of rounds over CPUs, and what was measured. */
struct rounds {
	const struct topo	*m;		/* not owned */
	const struct kernel	*k;
	char			 ktext[64];	/* the kernel as asked: "int", "chase:1m" */
	int			 nrounds;
	int			 ncpus;
	struct rounds_cpu	*cpu;		/* [ncpus], in topology order */
	int			 nlanes;	/* lanes: CPUs along one are measured in turn */
	int			 parallel;	/* lanes run at once (else one after another) */
	int			 slots;		/* windows per round */
	double			 settle_s;	/* before each window (ROUNDS_SETTLE_S) */
	double			 win_min_s, win_max_s;	/* its bounds (ROUNDS_WIN_*) */
	struct rounds_sample	*s;		/* [round * ncpus + i] */
	/* rounds_calc() */
	double			 median;	/* the machine's: median of the CPUs' */
	int			 nmeasured;	/* CPUs with a figure */
	double			 noise;		/* the noise floor: largest CPU spread */
	int			 noise_cpu;	/* whose, or -1 */
	int			 nout, ntwo;	/* outliers, CPUs in two levels */
	/* rounds_measure() */
	int			 signo;		/* a terminating signal stopped it */
	char			 error[256];	/* why it failed, or "" */
	double			 elapsed_s;
	uint64_t		 t0_ns;		/* the first round's start: at_s's 0 */
};

/*
 * Plan rounds of kernel text over the CPUs cpus[0..n) (OS indexes, in the
 * order they are measured along a lane), lane[i] the lane of each (lanes
 * numbered from 0, each lane's CPUs in order); parallel: lanes run at
 * once. -1 with a message when the kernel is not one that has a rate.
 */
int	rounds_plan(struct rounds *, const struct topo *, const char *ktext, int nrounds,
	    const int *cpus, const int *lane, int n, int parallel, char *err, size_t errlen);
void	rounds_free(struct rounds *);
/* The sample of CPU i in round r. */
struct rounds_sample *rounds_at(struct rounds *, int r, int i);
/* The seconds one window slot takes at most, its settling included. */
double	rounds_slot_s(const struct rounds *);

/*
 * Measure rounds [from, to) (signals blocked by the caller:
 * measure_signals_block()); progress, if not NULL, hears each slot. 0, -1
 * with r->error, or a signal's number (loads stopped).
 */
int	rounds_measure(struct rounds *, int from, int to,
	    void (*progress)(void *arg, int round, int slot, const struct rounds *),
	    void *arg);

/*
 * Is a sample others' work, not capacity? No rate; others took over
 * SOLO_FOREIGN_MAX of a CPU on its core; or its load got under
 * SOLO_SHARE_MIN of its CPU and others' work and steal on its core (in
 * view) come to ROUNDS_TOOK of what it lost at least. A share lost that no
 * one in view took (a host that runs this vCPU less; time the kernel
 * accounts to no one) is what the CPU gave: capacity.
 */
#define ROUNDS_TOOK	0.5
int	rounds_disturbed(const struct rounds_sample *);

/* rounds_calc.c: pure. */
/* The figures of every CPU and of the machine from the samples. */
void	rounds_calc(struct rounds *);
/* The median of v[0..n) (sorts v); NAN when n is 0. */
double	rounds_median(double *v, int n);
/*
 * Do rates v[0..n) (n >= 3) fall in two levels? 1 with the mean of each;
 * win_spread: the windows' own spread (NAN unknown).
 */
int	rounds_two_levels(const double *v, int n, double win_spread, double *hi,
	    double *lo);

#endif
