/*
 * timing.h: `smtscope time`'s experiment, apart from its command: a real
 * command timed on each CPU placement. timing_plan.c builds the placements
 * from the model; timing_run.c runs the command on them (round after
 * round, each run bound, guarded and timed) and summarizes the runs;
 * timing_report.c writes text, JSON or CSV.
 */
#ifndef SMTSCOPE_TIMING_H
#define SMTSCOPE_TIMING_H

#include <stddef.h>
#include <stdio.h>

#include "engine/eta.h"
#include "base/cpuset.h"
#include "model/topo.h"

/* Placements run when --placements is not given. */
#define TIMING_DEFAULT_PLACEMENTS	"all,cores,half"
#define TIMING_RUNS_DEFAULT		3
#define TIMING_RUNS_MAX			1000

enum timing_status {
	TIMING_RUN,		/* to be run */
	TIMING_SAME,		/* same CPUs as an earlier placement: not run again */
	TIMING_REFUSED		/* cannot be built on this machine; reason says why */
};

/* One placement: a named set of logical CPUs the command is bound to. */
struct timing_place {
	char			 name[64];	/* as the user wrote it: "all", "4", "cpus=0,2" */
	struct cpuset		 cpus;		/* OS indexes; empty when refused */
	int			 ncpus;
	int			 ncores;	/* cores holding at least one of the CPUs */
	enum timing_status	 status;
	int			 same_as;	/* index of the earlier placement, or -1 */
	char			 reason[256];	/* why refused or not run again, or "" */
};

/*
 * Build one placement from its word: "all", "cores", "half", a count N or
 * "cpus=LIST". A placement that cannot exist here (half without SMT) is
 * returned with TIMING_REFUSED; a word that makes no sense is -1 and err.
 */
int	timing_place_build(const struct topo *, const char *word,
	    struct timing_place *, char *err, size_t errlen);
/*
 * Append the placements of a comma list ("all,cores,2,cpus=0,2") to
 * *places; "cpus=" takes the rest of the list. -1 and err on a bad word.
 */
int	timing_plan_add(const struct topo *, const char *list,
	    struct timing_place **places, int *n, char *err, size_t errlen);
/* Mark placements whose CPUs equal an earlier runnable one's as TIMING_SAME. */
void	timing_plan_dedupe(const struct topo *, struct timing_place *, int n);
/* Number of placements that will run. */
int	timing_plan_runnable(const struct timing_place *, int n);
/* Does any core have two allowed logical CPUs? */
int	timing_has_smt(const struct topo *);
/*
 * Why no core has two allowed CPUs, in the model's SMT words: "one logical
 * CPU per core here: SMT not supported", "one allowed CPU per core here:
 * the siblings are outside this process's cpuset".
 */
void	timing_no_smt_why(const struct topo *, char *, size_t);
/* Cores holding a CPU of the set. */
int	timing_count_cores(const struct topo *, const struct cpuset *);

/* Median, min and max of a sample. */
struct timing_stat {
	double	median;
	double	min;
	double	max;
};
void	timing_stat_compute(const double *, int n, struct timing_stat *);
/*
 * Does system time grow much more than user time from cores to all
 * (the sign of lock contention in the kernel)?
 */
int	timing_sys_contention(double user_cores, double user_all, double sys_cores,
	    double sys_all);

/* Look COMMAND up as execvp would; 0 and its path, or -1 and why. */
int	timing_find_command(const char *name, char *path, size_t pathlen,
	    char *err, size_t errlen);

/* One timed run of the command. */
struct timing_run {
	int		 place;		/* into the placements */
	int		 order;		/* 1-based position among all runs */
	double		 wall_s;
	double		 user_s;
	double		 sys_s;
	long		 maxrss_kb;
	long		 nvcsw;
	long		 nivcsw;
	int		 status;	/* as wait4 gives it */
};

/* Where the command's standard output goes. */
enum timing_output {
	TIMING_OUT_STDOUT,	/* as it is */
	TIMING_OUT_STDERR,	/* to stderr: the report owns stdout (JSON, CSV) */
	TIMING_OUT_QUIET	/* nowhere, with its stderr (--quiet) */
};

/* One `smtscope time`: the command, the placements, and the runs done. */
struct timing {
	struct topo		*m;
	char			**argv;		/* the command, NULL-terminated */
	int			 argc;
	const char		*prepare;	/* run with sh -c before each run, or NULL */
	int			 nruns;		/* per placement */
	enum timing_output	 output;
	int			 dry_run;
	struct timing_place	*places;
	int			 nplaces;
	struct timing_run	*runs;
	int			 nrun;		/* runs done */
	char			 error[600];	/* why the runs stopped */
	/* The runs' time: estimated from the first run's (0 before), as they go, taken. */
	struct eta		 eta;
};

/* Summary of one placement's runs. */
struct timing_sum {
	int			nruns;
	int			failed;
	struct timing_stat	wall;
	struct timing_stat	user;
	struct timing_stat	sys;
	struct timing_stat	nvcsw;
	struct timing_stat	nivcsw;
	long			maxrss_kb;
};

/* The comparison of `all` with `cores`, when both ran. */
struct timing_cmp {
	double	speedup;	/* cores' median wall time over all's */
	double	user_growth;	/* all's median user time over cores', 0 unknown */
	double	sys_growth;	/* the same for sys time, 0 unknown */
	double	sys_all;	/* all's median sys time */
	int	contention;	/* sys grows much more than user */
	/*
	 * The gap is SMT's to claim: at least TIMING_FIRM_RUNS runs on each
	 * and the two placements' wall times do not overlap; else why not.
	 */
	int	firm;
	char	why[200];
};
#define TIMING_FIRM_RUNS	2

/* timing_run.c */
/*
 * Run every round on every runnable placement, round after round (A B C A
 * B C), with the terminating signals blocked and watched. Returns 0; -1
 * with t->error when a run could not start or --prepare failed; or the
 * number of a terminating signal that came (the command's process group
 * is stopped by then). progress, if not NULL, hears a line per step.
 */
int	timing_run_all(struct timing *, void (*progress)(void *arg, const char *line),
	    void *arg);
/* Did this run succeed (exit status 0)? */
int	timing_run_ok(const struct timing_run *);
/* Describe a wait status: "exit status 3", "killed by signal 9 (Killed)". */
void	timing_status_str(int status, char *buf, size_t len);
/* Summarize the runs of one placement. */
void	timing_summarize(const struct timing *, int place, struct timing_sum *);
/* Compare all with cores; 0 when they did not both run. */
int	timing_compare(const struct timing *, struct timing_cmp *);
/* Index of the placement of that name, or -1. */
int	timing_find_place(const struct timing *, const char *name);
/* Number of failed runs. */
int	timing_failed(const struct timing *);
#endif
