/*
 * split.h: a speed split in three. SPEED (a load's rate over its
 * baseline) = SHARE (the CPU time the scheduler gave it, over what it got
 * alone) x CAPACITY (what its CPU gives the kernel now, over the baseline:
 * clock, host) x INTERACTION (what remains: the neighbours). Pure
 * arithmetic on figures measured elsewhere; no clock read.
 */
#ifndef SMTSCOPE_SPLIT_H
#define SMTSCOPE_SPLIT_H

#include <stddef.h>

/* The three factors of a speed; NAN where a figure is missing. */
struct split {
	double	speed;		/* rate / baseline */
	double	share;		/* CPU share now / CPU share alone */
	double	capacity;	/* the CPU's capacity now / at the baseline */
	double	interaction;	/* speed / (share x capacity) */
	double	alone;		/* the CPU share it had alone; 0 or NAN unknown */
};

/* The cause a WHY names: the factor furthest below 1. */
enum split_cause {
	SPLIT_NONE,		/* nothing below the spread */
	SPLIT_SHARE,
	SPLIT_CAPACITY,
	SPLIT_INTERACTION
};

/*
 * Split a rate against its baseline: share_now and share_alone are CPU
 * shares (0..1), capacity the CPU's capacity against the baseline's (1
 * when unchanged, NAN unknown: then taken as 1). -1 when the rate or the
 * baseline is missing (out filled with NAN).
 */
int		 split_compute(double rate, double base, double share_now,
		     double share_alone, double capacity, struct split *out);
/*
 * 1 when a speed or an EFF is past physics: above 1 plus its spread for
 * a CPU-bound kernel (such a kernel cannot do more than a CPU gives it).
 */
int		 split_past_physics(double v, double spread, int cpu_bound);
/*
 * Its INTERACTION unknown (NAN) where past physics: for a CPU-bound kernel
 * an INTERACTION above 1 plus spread says the CAPACITY taken did not hold
 * while the load ran (the CPU moved). 1 when so.
 */
int		 split_bound(struct split *, double spread, int cpu_bound);
/* The factor furthest below 1 by more than spread, or SPLIT_NONE. */
enum split_cause split_largest(const struct split *, double spread);
/* The word of a cause: "share", "capacity", "interaction", "none". */
const char	*split_cause_name(enum split_cause);

/* A share alone below this is told beside the share now in a WHY. */
#define SPLIT_ALONE_WHOLE	0.9
/* A WHY names no cause for a speed within this of 1 (or its spread, if wider). */
#define SPLIT_FLOOR	0.05

/* What a WHY says beside the figures, in words measured elsewhere. */
struct split_words {
	const char	*near;		/* the neighbours and others' work (analysis_why()):
					   "sibling CPU 11 runs fp#2", "alone on its core";
					   NULL or "" none */
	const char	*others;	/* who took its CPU's time: "hash#2, cc1 (42) 40%";
					   NULL or "": read from near's "shares CPU N with" */
	const char	*hypervisor;	/* "KVM"; NULL or "" none */
};

/*
 * The WHY from the figures: the largest cause below 1 - spread (at least
 * SPLIT_FLOOR) with its size, "-29 %: got 71 % of its CPU; others:
 * hash#2", "-38 %: sibling CPU 11 runs fp#2", "-29 %: unexplained; under
 * KVM: the host's other hyperthread or clock" (clauses parted by "; ", as
 * the panel drops them from the last); a speed below its range
 * always names one, and never "alone on its core". 1 when it wrote one, 0
 * (buf "") when the speed is within its range or unknown: the neighbours
 * in words say it then.
 */
int		 split_why(const struct split *, double spread, const struct split_words *,
		     char *buf, size_t len);

#endif
