/*
 * scale.h: `smtscope check --scale`, what the whole machine gives each
 * kernel as copies are added: one copy on one CPU; one copy per core on
 * every allowed core (siblings idle); one copy per allowed logical CPU;
 * for a memory kernel (chase, stream) the cores of 1, 2, ... NUMA nodes
 * between (where bandwidth saturates). Each step runs all its copies at
 * once in rounds (exp/rounds.h: one lane per copy, one window a round),
 * its throughput the sum of the copies' rates, its spread over rounds.
 * From them the whole-machine SMT yield (all CPUs over all cores) and
 * the all-core efficiency (all cores over cores x one copy). The one-copy
 * rounds are offered to the session's baselines (capacity.h) by "scale".
 * report/scale_report.c writes it as text, JSON, CSV and SVG.
 */
#ifndef SMTSCOPE_SCALE_H
#define SMTSCOPE_SCALE_H

#include <stddef.h>

#include "exp/rounds.h"
#include "model/topo.h"

#define SCALE_MAX_KERNELS	6
#define SCALE_MAX_STEPS		10
#define SCALE_ROUNDS		3
#define SCALE_START_S		0.01	/* a copy's start */
#define SCALE_DEFAULT_KERNELS	"int,fp,chase,stream"

enum scale_kind {
	SCALE_ONE,	/* one copy on one CPU */
	SCALE_NODES,	/* one copy per core of the first N NUMA nodes */
	SCALE_CORES,	/* one copy per allowed core */
	SCALE_THREADS	/* one copy per allowed logical CPU */
};

struct scale_step {
	enum scale_kind	 kind;
	int		 nodes;		/* SCALE_NODES: how many */
	char		 name[40];	/* "one copy", "one per core", "cores of 2 NUMA" */
	struct rounds	 r;		/* its copies, each its own lane */
	int		 ncopies;
	/* scale_run() */
	int		 nfull;		/* rounds with every copy undisturbed */
	double		 total;		/* median of those rounds' sums, work units/s */
	double		 lo, hi;	/* their smallest and largest */
	double		 spread;	/* (hi - lo) / total; NAN under two rounds */
	double		 total_all;	/* median over every round, disturbed too; NAN */
	char		 who[160];	/* the foreign process that took most, "" */
	double		 foreign;	/* others' CPU time on its cores in its most
					   disturbed round, in CPUs (each core once) */
};

struct scale_kernel {
	char			 text[64];
	int			 nsteps;
	struct scale_step	 st[SCALE_MAX_STEPS];
	int			 one, cores, threads;	/* their steps, -1 none */
	/* scale_figures() */
	double			 eff;		/* all cores / (cores x one copy) */
	double			 eff_spread;
	double			 yield;		/* all CPUs / all cores */
	double			 yield_spread;
};

struct scale {
	struct topo		*m;		/* owned */
	int			 live, dry_run;
	int			 nkern;
	struct scale_kernel	 k[SCALE_MAX_KERNELS];
	int			 nrounds;
	double			 win_s;		/* --time: a window at most, 0 the default */
	int			 ncores;	/* allowed cores (with an allowed CPU) */
	int			 nthreads;	/* allowed logical CPUs */
	int			 nnuma;
	int			 smt;		/* some allowed core has two allowed CPUs */
	char			 allowed[128];
	double			 est_s;
	int			 offered;
	int			 signo, failed;
	char			 error[300];
	double			 elapsed_s;
};

/* Add the --kernels list; -1 with a message. */
int	scale_add_kernels(struct scale *, const char *list, char *err, size_t errlen);
/* Plan every kernel's steps on s->m; -1 with a message. */
int	scale_plan(struct scale *, char *err, size_t errlen);
/* The seconds a step takes at most. */
double	scale_step_estimate(const struct scale_step *);
/* Measure every step (signals blocked here); progress may be NULL. */
void	scale_run(struct scale *, void (*progress)(void *, const char *, double left_s),
	    void *arg);
/* The figures of the steps and the kernels (pure, from the rounds). */
void	scale_figures(struct scale *);
void	scale_free(struct scale *);

#endif
