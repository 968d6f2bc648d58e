/* timing.h: `smtscope time`, a real command timed on each CPU placement. */
#ifndef SMTSCOPE_TIMING_H
#define SMTSCOPE_TIMING_H

#include <stddef.h>

#include "cpuset.h"
#include "topo.h"

/* Placements run when --placements is not given. */
#define TIMING_DEFAULT_PLACEMENTS	"all,cores,half"

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

#endif
