/*
 * scan.h: `smtscope check --capacity`, a capacity scan of every CPU, apart
 * from its command and its report. scan_plan.c chooses the CPUs (every
 * allowed one, in topology order), the rounds and how they run: one CPU
 * at a time where that fits SCAN_BUDGET_S; else CPUs of different lanes at
 * once (L3 groups for a kernel that stays in its core's caches, NUMA nodes
 * for one that reaches memory: they share nothing it uses); else one
 * thread per core. scan_run.c measures the rounds (exp/rounds.h) and
 * offers each CPU's figure to the session's baselines (capacity.h, by
 * "scan"); scan_group.c sums the CPUs per core, cache group, NUMA node and
 * package and reads what is known beside an outlier. report/scan_report.c
 * writes it as text, JSON, CSV and SVG.
 */
#ifndef SMTSCOPE_SCAN_H
#define SMTSCOPE_SCAN_H

#include <stddef.h>

#include "exp/rounds.h"
#include "model/cpuinfo.h"
#include "model/topo.h"

#define SCAN_BUDGET_S		20.0	/* the default scan fits in this where it can */
#define SCAN_CEILING_S		60.0	/* no plan passes this: a sample of cores if need be */
#define SCAN_START_S		0.01	/* a load's start, per lane */
#define SCAN_MAX_KERNELS	6
#define SCAN_LANES_MAX		128	/* loads at once at most (LOADS_MAX is 256) */
#define SCAN_DEFAULT_KERNELS	"int"

/* How the CPUs are measured. */
enum scan_how {
	SCAN_SERIAL,	/* one CPU at a time */
	SCAN_LANES,	/* one CPU of each lane at once */
	SCAN_CORES,	/* one CPU of each lane at once, each core's first thread only */
	SCAN_SAMPLE	/* as SCAN_CORES, an evenly spread sample of each lane's cores */
};

/* A group the CPUs are summed over. */
enum scan_level {
	SCAN_CORE,
	SCAN_CACHE,	/* the last-level cache over the cores (else the package) */
	SCAN_NUMA,
	SCAN_PACKAGE,
	SCAN_NLEVELS
};

/* One group's sum. */
struct scan_group {
	enum scan_level	 level;
	int		 id;		/* logical index of the object, -1 the machine */
	int		 ncpus;		/* allowed CPUs in it */
	int		 nmeasured;	/* with a figure */
	double		 sum;		/* of its CPUs' medians, work units per second */
	double		 lo, hi;	/* its slowest and fastest CPU's median */
	int		 first;		/* its first CPU (OS index) */
};

/* What is known of a CPU beside its figure. */
struct scan_fact {
	long		 cppc;		/* CPPC highest_perf, -1 unknown */
	const char	*kind;		/* "P", "E", or NULL */
};

/* One scan: the machine, the plan, and the rounds of each kernel. */
struct scan {
	struct topo	*m;		/* owned */
	int		 live, dry_run;
	struct cpuinfo	 ci;
	int		 nkern;
	char		 kern[SCAN_MAX_KERNELS][64];
	struct rounds	 r[SCAN_MAX_KERNELS];
	int		 nrounds;
	enum scan_how	 how;
	char		 how_why[400];	/* why this way, for the plan */
	int		 nallowed, nonline;
	char		 allowed[128];	/* "0-1" */
	int		 itmt;		/* cppc_itmt() */
	char		 mhz_src[32];	/* "cpufreq", "/proc/cpuinfo", "" */
	struct scan_fact *fact;		/* [max_os] */
	double		 est_s;
	int		 offered;	/* figures offered to the session's baselines */
	int		 signo, failed;
	char		 error[300];
	double		 elapsed_s;
};

/* scan_plan.c */
/* Add the --kernels list; -1 with a message. */
int	scan_add_kernels(struct scan *, const char *list, char *err, size_t errlen);
/* Plan the rounds on s->m and read the facts (live: MHz source, CPPC, ITMT). */
int	scan_plan(struct scan *, char *err, size_t errlen);
/* The seconds a plan of rounds takes at most. */
double	scan_estimate(const struct rounds *);
void	scan_free(struct scan *);
/* "one CPU at a time", "one CPU per L3 group at once (24 at a time)". */
void	scan_how_text(const struct scan *, int k, char *, size_t);

/* scan_run.c */
/* Measure every kernel's rounds, interleaved; offer each CPU to the baselines. */
void	scan_run(struct scan *, void (*progress)(void *, const char *, double left_s),
	    void *arg);

/* scan_group.c */
/* The groups of a level for kernel k, in topology order; how many (free *out). */
int	scan_groups(const struct scan *, int k, enum scan_level, struct scan_group **out);
const char *scan_level_name(enum scan_level);
/* A CPU's group at a level (a core, tree node or package index); -1 none. */
int	scan_group_of(const struct topo *, int cpu, enum scan_level);
/* The word of a group: "core 3", "L3 2", "NUMA 1", "package 0". */
void	scan_group_name(const struct scan *, const struct scan_group *, char *, size_t);
/*
 * What is known beside an outlier: "2.4 GHz during the rounds, CPPC
 * highest_perf 166 (others 196), E core, under KVM"; "" nothing.
 */
void	scan_known(const struct scan *, int k, int i, char *, size_t);
/*
 * How a core's threads compare (SMT): "CPUs 0 and 4 within 1.2 %" or
 * "CPU 4 12 % below CPU 0"; "" for a core of one measured thread.
 */
void	scan_smt_text(const struct scan *, int k, const struct scan_group *, char *,
	    size_t);
/* The level words of a CPU in two levels: "two levels, 9.5 and 7.0 Gop/s: ...". */
void	scan_levels_text(const struct scan *, int k, int i, char *, size_t);
/* Who took a CPU in its disturbed rounds: "sh (4242) 98% of CPU 1"; "" none named. */
void	scan_who_text(const struct scan *, int k, int i, char *, size_t);

#endif
