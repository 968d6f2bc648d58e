/*
 * alternate.h: `run`'s windows, solo and together in turn (A B A B ...),
 * and what the solo windows say of the CPU's capacity across the run. A
 * drift of the CPU (its clock, the host) between the windows then falls
 * into the solo's spread and into CAPACITY, not into the speed of one
 * load whose solo happened to come at another moment. Pure: figures in,
 * figures out; no clock read, no file read.
 */
#ifndef SMTSCOPE_ALTERNATE_H
#define SMTSCOPE_ALTERNATE_H

#include <stddef.h>

/* Rounds of a run: a solo of every place, then all together; at least 2. */
#define ALT_ROUNDS	2
#define ALT_ROUNDS_MAX	4

enum alt_kind {
	ALT_SOLO,		/* one place alone, the others paused */
	ALT_TOGETHER		/* every load at once */
};

/* One window of the plan. */
struct alt_window {
	enum alt_kind	kind;
	int		round;		/* 0-based */
	int		place;		/* ALT_SOLO: 0-based place; else -1 */
};

/*
 * The windows in order: each round, a solo of each of the places, then
 * one together window (S S T S S T for 2 places, 2 rounds). The number
 * written (at most max), or -1 when rounds is out of 2..ALT_ROUNDS_MAX.
 */
int		alt_plan(int rounds, int places, struct alt_window *, int max);
/*
 * The plan's time at most: each solo a warm-up and at most one window,
 * each together a settle and at most one window.
 */
double		alt_plan_s(int rounds, int places, double warm_s, double window_s,
		    double settle_s);
/* The plan in words: "solo, together, solo, together" (rounds times). */
int		alt_plan_words(int rounds, char *buf, size_t len);

/* A list of window figures, in the order taken; NAN where one is missing. */
struct alt_figs {
	double	mean;		/* of the finite ones; NAN none */
	double	spread;		/* max(the windows' own spread, half their range
				   over the mean); NAN none */
	int	n;		/* the finite ones */
};
/*
 * Combine n windows' rates (each with its own relative spread, NAN
 * unknown): their mean, and a spread that takes in how they moved.
 */
void		alt_combine(const double *rate, const double *spread, int n,
		    struct alt_figs *);

/* What one place's solo windows say of its CPU's capacity. */
struct alt_capacity {
	double	moved;		/* last solo / first - 1: how the CPU moved
				   across the run; NAN with < 2 solos */
	double	capacity;	/* SPLIT's CAPACITY: the CPU's capacity over the
				   together windows (the solos on each side of
				   each) over the baseline (the solos' mean);
				   NAN where a solo is missing */
	int	beyond;		/* |moved| beyond the solos' own spread (and
				   DRIFT_FLOOR): a change the run saw */
	char	cause[64];	/* beyond: drift_cause()'s words ("clock 3.1 ->
				   2.4 GHz", "the host (under KVM)",
				   "unexplained"); a move others' work may
				   have made: ALT_NOT_TOLD; else "" */
};
/*
 * The capacity from n solo windows (rounds; solo k came just before
 * together window k): their rates, own spreads, the CPU's MHz at each
 * (NAN unknown) and whether others' work disturbed each (NULL: none);
 * hypervisor "KVM" or NULL/"" none. A move beyond the spread where a solo
 * window with a rate was disturbed is not told from the CPU's capacity
 * (others' work moves a rate per CPU-second too: caches, short tasks the
 * share misses): beyond 0, cause ALT_NOT_TOLD. 0, or -1 when fewer than
 * two solos have a rate (every figure NAN, cause "").
 */
#define ALT_NOT_TOLD	"not told: others' work in its solo windows"
int		alt_capacity(const double *solo, const double *spread,
		    const double *mhz, const int *disturbed, int n,
		    const char *hypervisor, struct alt_capacity *);

#endif
