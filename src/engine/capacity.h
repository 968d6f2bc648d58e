/*
 * capacity.h: the capacity model, one baseline per place. A place is a
 * kernel with its parameter and the CPUs it runs on ("hash@0",
 * "chase:1m@2", "pipe@0,1"); its baseline is the rate a load gets there
 * alone. One table per run of smtscope (capacity_session()) holds them for
 * the screen, run, check, tours and record alike: identical loads on the
 * same CPUs share one baseline, so they read the same SPEED and EFF; a load
 * started later on a place that has one reuses it. Every solo measured is
 * offered to the table; the best-qualified one stands (undisturbed, in a
 * quiet window, tight spread), kept with when it was taken, its spread and
 * the range of rates the place has shown. Pure bookkeeping: no clock read,
 * nothing measured here (solo.c measures).
 */
#ifndef SMTSCOPE_CAPACITY_H
#define SMTSCOPE_CAPACITY_H

#include <stddef.h>
#include <stdint.h>

#include "engine/loads.h"
#include "engine/solo.h"

#define CAPACITY_KEY_LEN	96
#define CAPACITY_BY_LEN		32

/*
 * Others' work under this on the load's core during a solo still makes a
 * quiet window; above it a measurement ranks below a quieter one.
 */
#define CAPACITY_QUIET		0.02
/* The spread assumed of a fixed window, which has none of its own. */
#define CAPACITY_FIXED_SPREAD	0.03

/* A place's baseline: the best solo offered, and what the place has shown. */
struct capacity_base {
	char		key[CAPACITY_KEY_LEN];	/* the place: "hash@0" */
	double		rate;		/* work units per second alone; NAN none */
	double		share;		/* of its CPU it got alone (blocking loads < 1) */
	double		spread;		/* relative spread of the window; NAN fixed */
	double		foreign;	/* others' CPU time on its core then, in CPUs */
	int		disturbed;	/* solo_disturbed() of it */
	uint64_t	at_ns;		/* when it was taken (CLOCK_MONOTONIC, its end) */
	char		by[CAPACITY_BY_LEN]; /* who measured it: "hash#1", "scan" */
	double		lo, hi;		/* every undisturbed rate the place has shown; NAN */
	int		n;		/* measurements offered */
	int		version;	/* bumped whenever the baseline changes */
};

struct capacity;

/* An empty table (tests, or a command of its own). */
struct capacity	*capacity_new(void);
void		 capacity_free(struct capacity *);
/* The table of this run of smtscope, made on first use; every surface shares it. */
struct capacity	*capacity_session(void);
/* Empty a table (a new session: the tests' and a replay's). */
void		 capacity_clear(struct capacity *);

/* The place of a load: "KERNEL[:PARAM]@CPUS[,CPU_B]", the CPUs as a list. */
void		 capacity_key(const struct load_spec *, char *buf, size_t len);
/*
 * The place of a spec written "KERNEL[:PARAM]@CPU[,CPU_B]" with OS CPU
 * numbers (a tour's resolved spec): the same words capacity_key() gives.
 */
void		 capacity_key_text(const char *spec, char *buf, size_t len);

/*
 * Offer a solo measured at a place (by: who measured it, "hash#1"): it
 * widens the range when undisturbed, and becomes the baseline when it is
 * the first or better qualified than the one standing. 1 when it did, 0
 * when the old one stands, -1 when it carries no rate.
 */
int		 capacity_offer(struct capacity *, const char *key,
		     const struct solo_result *, int cpu_bound, const char *by);
/* The baseline of a place, or NULL. */
const struct capacity_base *capacity_get(const struct capacity *, const char *key);
/*
 * The baseline a new load at a place may reuse instead of measuring its
 * own: an undisturbed one, or NULL.
 */
const struct capacity_base *capacity_reusable(const struct capacity *, const char *key);
/* Forget a place's baseline (measured again on request); its range stays. */
void		 capacity_forget(struct capacity *, const char *key);
/* How many places the table holds, and each in the order they came. */
int		 capacity_count(const struct capacity *);
const struct capacity_base *capacity_at(const struct capacity *, int i);

struct jsonw;
/*
 * A baseline as a JSON object, the same on every surface: its place, rate
 * (in the kernel's displayed unit), spread, when it was taken (seconds
 * after t0_ns, the surface's start), who measured it, whether this load
 * reused it, the range the place has shown, how many measurements; null
 * when b is NULL.
 */
void		 capacity_json(const struct capacity_base *, const struct kernel *,
		     uint64_t t0_ns, int reused, struct jsonw *);

/*
 * How well a measurement is qualified as a baseline: lower is better. A
 * disturbed one ranks below every undisturbed one; among those, others'
 * work past CAPACITY_QUIET and the window's spread count against it.
 */
double		 capacity_score(const struct solo_result *, int cpu_bound);

#endif
