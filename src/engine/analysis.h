/* analysis.h: pure arithmetic over load samples: rates, speeds, shares, neighbours. */
#ifndef SMTSCOPE_ANALYSIS_H
#define SMTSCOPE_ANALYSIS_H

#include <stdint.h>

#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "model/topo.h"

/* Rate in work units per second between two samples; NAN if the interval is empty. */
double	analysis_rate(const struct load_sample *a, const struct load_sample *b);
/* Share of wall time the load ran on a CPU (0..1); NAN if unknown. */
double	analysis_share(const struct load_sample *a, const struct load_sample *b);
/* Speed relative to solo (1.0 = as fast as alone); NAN without a solo rate. */
double	analysis_speed(double rate, double solo_rate);
/*
 * Speed per CPU-second against per CPU-second alone: what the hardware gave
 * while it ran. solo_share is the share the load got alone (below 1 for
 * loads that block, such as pipe and fork); NAN counts as 1. NAN if unknown.
 */
double	analysis_efficiency(double speed, double share, double solo_share);
/* Exponentially weighted moving average; NAN prev starts it. */
double	analysis_smooth(double prev, double cur, double alpha);

/*
 * What a speed (and the efficiency made from it) is worth, on every
 * surface: as measured; marked ~ (its solo or its window was disturbed:
 * others took CPU time, so it reads low or high); or unknown ? (past what
 * physics allows, or above 100% on a solo others slowed: how much faster
 * cannot be said). An unknown figure is never shown as a number.
 */
enum analysis_mark {
	ANALYSIS_CLEAN,
	ANALYSIS_MARKED,
	ANALYSIS_UNKNOWN
};
/* Faster together than alone by more than this and the figure's own spread: past physics. */
#define ANALYSIS_BEYOND	0.08
/* The mark's character: "", "~" or "?". */
const char *analysis_mark_text(enum analysis_mark);
/*
 * The mark of a speed (together / solo) with its relative spread (NAN
 * none): unknown above 100% when the solo was disturbed; unknown above 1 +
 * ANALYSIS_BEYOND + spread for a CPU-bound load, which cannot run faster
 * beside others than alone on the same CPU (its solo ran on a slower CPU:
 * a host or a frequency changing it; a load that blocks may well, its CPUs
 * kept awake); else marked when the solo or the window was disturbed. why
 * (may be NULL) says an unknown one in words ("" otherwise).
 */
enum analysis_mark analysis_speed_mark(double speed, double spread, int cpu_bound,
	    int solo_disturbed, int disturbed, char *why, size_t len);
/*
 * Loads time-sharing one CPU do no more than one CPU's work: of n loads,
 * those with the same cpu[i] (each pinned there alone and CPU-bound; -1
 * for any other) whose speeds sum past 1 + ANALYSIS_BEYOND + the largest
 * spread among them become unknown (mark[i] = ANALYSIS_UNKNOWN); how many
 * did.
 */
int	analysis_shared_marks(const int *cpu, const double *speed, const double *spread,
	    int n, enum analysis_mark *mark);

/* A neighbour: another load and where it runs relative to this one. */
struct analysis_neighbour {
	int		 id;		/* the other load */
	enum topo_rel	 rel;		/* nearest relation between any of their CPUs */
	int		 cpu;		/* the other load's CPU in that relation */
};

/*
 * Where every other live load runs relative to load l, nearest first;
 * floating loads are placed at the CPU they last ran on. Returns the count.
 */
int	analysis_neighbours(const struct topo *, struct loads *, const struct load *l,
	    struct analysis_neighbour *out, int max);
/* The CPU a load's end A is at now: its pinned CPU, or where it last ran. */
int	analysis_load_cpu(const struct load *);
/* A short reason in words: "sibling CPU 11 runs fp#2", "alone on its core". */
void	analysis_reason(const struct topo *, struct loads *, const struct load *l,
	    char *buf, size_t len);


/* Others' work (not smtscope's) that a reason names: more than a few percent of a CPU. */
#define ANALYSIS_OTHERS_MIN	0.05
#define ANALYSIS_WHO_LEN	96

/* Others' work on each CPU, by pus[] index, over the last interval. */
struct analysis_others {
	const double	*share;		/* of each CPU, 0..1; NAN unknown */
	const char	(*who)[ANALYSIS_WHO_LEN]; /* "cc1 (4242) 40%", "" unknown; may be NULL */
};

/*
 * Others' work on a load's CPUs and their SMT siblings in words, where it
 * took ANALYSIS_OTHERS_MIN or more: "shares CPU 1 with cc1 (4242) 40%",
 * "sibling CPU 37 busy with make (5150) 80%"; "" if none.
 */
void	analysis_reason_others(const struct topo *, const struct load *l,
	    const struct analysis_others *, char *buf, size_t len);
/*
 * A load's WHY: its neighbours (analysis_reason) and others' work near it;
 * others alone replace "alone on its core", which they make untrue.
 */
void	analysis_why(const struct topo *, struct loads *, const struct load *l,
	    const struct analysis_others *, char *buf, size_t len);

#endif
