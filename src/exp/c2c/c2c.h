/*
 * c2c.h: core-to-core latency, apart from its command and its screen.
 * c2c_plan.c plans the pairs of logical CPUs to measure (all, the ones
 * listed, one per core with its siblings, or one per relation class for
 * each pair of cache groups) from the topology model alone. c2c.c measures
 * one pair: two threads pinned one on each CPU bounce one cache line (an
 * atomic compare-and-swap ping-pong, or a store answered by a spinning
 * reader), and c2c_run() measures a whole plan. c2c_report.c writes the
 * matrix and the summary by relation class as text, JSON and CSV;
 * c2c_svg.c draws the heatmap.
 */
#ifndef SMTSCOPE_C2C_H
#define SMTSCOPE_C2C_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/cpuset.h"
#include "model/topo.h"

#define C2C_DEFAULT_SAMPLES	15	/* samples per pair */
#define C2C_DEFAULT_TRIPS	1000	/* round trips per sample */
#define C2C_MAX_SAMPLES		1000
#define C2C_MAX_TRIPS		10000000
/* Others' CPU time on a pair's CPUs above this (in CPUs) marks the pair. */
#define C2C_FOREIGN_MAX		0.1
/* A pair whose threads have not finished by then (plus 1 us a trip) is given up. */
#define C2C_PAIR_TIMEOUT_S	10.0
/* The dry run's estimate assumes this one-way time (a live run times a pair). */
#define C2C_ASSUME_NS		100.0
#define C2C_ASSUME_SETUP_S	0.002
/* A pair is out of its class beyond this factor of the class median. */
#define C2C_OUTLIER_FACTOR	1.5
#define C2C_WHO_LEN		160

enum c2c_mode {
	C2C_CAS,	/* compare-and-swap ping-pong */
	C2C_STORE	/* store, answered by a reader spinning on loads */
};

enum c2c_select {
	C2C_ALL,	/* every pair of the CPUs */
	C2C_PER_CORE,	/* one CPU per core, each with its siblings */
	C2C_GROUPS	/* one pair per relation class for each pair of cache groups */
};

/* A pair to measure: two CPUs (OS indexes), their relation and NUMA nodes. */
struct c2c_pair {
	int		 a, b;		/* OS indexes */
	int		 ia, ib;	/* rows of the matrix */
	enum topo_rel	 rel;
	int		 numa_same;	/* 1 same NUMA node, 0 not, -1 unknown */
};

/* The plan: the CPUs of the matrix in topology order and the pairs. */
struct c2c_plan {
	enum c2c_select	 sel;
	enum c2c_mode	 mode;
	int		 samples;
	int		 trips;
	int		*cpus;		/* OS indexes, topology order: the rows */
	int		 ncpus;
	struct c2c_pair	*pairs;
	int		 npairs;
	int		*cell;		/* ncpus x ncpus: pair index, -1 none */
	int		 nnuma;		/* NUMA nodes the model shows */
	int		 ngroups;	/* cache groups (for --groups) */
};

/* What one pair measured. */
struct c2c_result {
	int		 state;		/* C2C_NOT_RUN, C2C_DONE, C2C_FAILED */
	double		 ns;		/* median one-way latency */
	double		 min_ns, max_ns; /* over the samples */
	double		 spread;	/* half the middle 80 % range over the median */
	int		 nsamples;
	double		 secs;		/* wall time of the pair, setup included */
	int		 disturbed;	/* others ran on its CPUs during it */
	double		 foreign;	/* their CPU time there, in CPUs; NAN unknown */
	char		 who[C2C_WHO_LEN];
	char		 error[256];
};
#define C2C_NOT_RUN	0
#define C2C_DONE	1
#define C2C_FAILED	2

/* A relation class's figures over its measured pairs. */
struct c2c_class {
	const char	*name;		/* "smt-sibling", "same-numa-node" */
	int		 npairs;	/* planned */
	int		 nmeasured;
	int		 ndisturbed;	/* of them, others ran beside */
	int		 from_disturbed; /* every measured pair was disturbed: figures from them */
	double		 median, lo, hi; /* of the pair medians, ns */
	double		 spread;	/* half the middle 80 % range over the median */
	int		 nout;		/* pairs out of their class */
};
#define C2C_NCLASSES	(REL_COUNT + 2)	/* relations, then same/other NUMA node */

/* One run: the machine, the plan, the results and the facts around them. */
struct c2c {
	struct topo		*m;		/* not owned */
	struct c2c_plan		 plan;
	struct c2c_result	*res;		/* by pair */
	int			 ndone;
	int			 live;		/* measured here (not a view) */
	int			 dry_run;
	char			 hypervisor[32]; /* "KVM", "" none */
	char			 machine[160];	/* the CPU's name, for titles */
	double			 est_s;		/* the expected time */
	char			 est_how[160];	/* how it was estimated */
	int			 signo;		/* a terminating signal stopped it */
	double			 elapsed_s;
};

/* c2c_plan.c */
/*
 * Plan the pairs over cpus (NULL: every allowed CPU) by sel; rows in the
 * tree's order. -1 and a message naming what is wrong.
 */
int	c2c_plan(const struct topo *, const struct cpuset *cpus, enum c2c_select,
	    struct c2c_plan *, char *err, size_t errlen);
void	c2c_plan_free(struct c2c_plan *);
/* The q quantile (0..1) of v[0..n), interpolated; sorts v. NAN when n is 0. */
double	c2c_quantile(double *v, int n, double q);
/* A CPU's cache group (for --groups): a node of its L3, else of its package; 0. */
int	c2c_group_key(const struct topo *, int os);
/* Seconds one pair takes if a one-way trip takes one_way_ns. */
double	c2c_pair_seconds(const struct c2c_plan *, double one_way_ns);
/* "all", "per-core", "groups"; "cas", "store". */
const char *c2c_select_name(enum c2c_select);
const char *c2c_mode_name(enum c2c_mode);
/* Parse a mode's name; -1 if unknown. */
int	c2c_mode_parse(const char *, enum c2c_mode *);
/* A class's name by index (0..C2C_NCLASSES). */
const char *c2c_class_name(int);
/* The classes of a pair: its relation, and its NUMA class or -1. */
int	c2c_pair_numa_class(const struct c2c_pair *);
/* Summarise the results by class; out[C2C_NCLASSES]. Outliers: c2c_outlier(). */
void	c2c_classes(const struct c2c *, struct c2c_class *out);
/* Is a measured pair out of its class (slower or faster by C2C_OUTLIER_FACTOR)? */
int	c2c_outlier(const struct c2c *, const struct c2c_class *, int pair);

/* c2c.c */
struct c2c_meter;
/* A meter for one topology (live only); NULL and err when it cannot measure. */
struct c2c_meter *c2c_meter_new(const struct topo *, char *err, size_t errlen);
void	c2c_meter_free(struct c2c_meter *);
/*
 * Measure one pair: fills r. Foreign work on its CPUs is scanned around
 * it. With wait_signals, SIGINT, SIGTERM and SIGHUP (blocked by the
 * caller) stop it: returns the signal's number, else 0.
 */
int	c2c_measure_pair(struct c2c_meter *, const struct c2c_plan *, int pair,
	    struct c2c_result *r, int wait_signals);
/*
 * Measure the plan from pair c->ndone up to pair upto (-1: the end),
 * blocking the terminating signals; a signal stops it with c->signo set.
 * progress, if not NULL, hears each pair before it is measured and the
 * seconds left, and pair -1 at the end. err: why nothing could be measured.
 */
void	c2c_run(struct c2c *, int upto, void (*progress)(void *arg, const struct c2c *, int pair,
	    double left_s), void *arg, char *err, size_t errlen);
/* Start a run: results zeroed, facts read (hypervisor, machine). */
void	c2c_init(struct c2c *, struct topo *, int dry_run);
void	c2c_free(struct c2c *);
#endif
