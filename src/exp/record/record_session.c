/* record_session.c: `smtscope record`'s loop: start, solos, a sample per refresh, the end. */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/capacity.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "exp/record/record_run.h"
#include "exp/record/record_session.h"
#include "model/topo.h"
#include "base/util.h"

/* How long a load may take to do its first unit of work. */
#define RECORD_READY_S		30
/* A solo's window: from 0.5 s, ended when its rate is known, at most 2 s. */
#define RECORD_SOLO_MIN_S	0.5
#define RECORD_SOLO_MAX_S	2.0

/* Start each load and wait for its first unit of work; a signal's number, -1, or 0. */
static int
record_session_start(struct record_run *rr, struct loads *ls, const struct load_spec *specs,
    int n, int *ids, char *err, size_t errlen)
{
	struct load	*l;
	char		 why[512];
	int		 i, sig;

	for (i = 0; i < n; i++) {
		if ((ids[i] = loads_start(ls, &specs[i], why, sizeof why)) != -1 &&
		    (sig = measure_wait_ready(ls, ids[i], RECORD_READY_S)) != 0) {
			if (sig > 0)
				return sig;
			l = loads_get(ls, ids[i]);
			if (l != NULL && l->state == LOAD_DEAD)
				snprintf(why, sizeof why, "%s", l->death);
			else
				snprintf(why, sizeof why, "did no work in its first %d s",
				    RECORD_READY_S);
			loads_stop(ls, ids[i]);
			ids[i] = -1;
		}
		if (record_run_started(rr, i, ids[i], why, err, errlen) == -1)
			return -1;
	}
	return 0;
}

/*
 * A load's solo: its place's baseline when an earlier load measured it
 * undisturbed (reused), else measured, the others paused, and offered to
 * the session's baselines. A signal's number, or 0 with *reused.
 */
static int
record_session_solo(struct loads *ls, struct load *l, const struct solo_stable *stab,
    struct solo_result *res, int *tries, int *reused)
{
	char	key[CAPACITY_KEY_LEN], by[CAPACITY_BY_LEN];
	int	sig, bound = kernel_cpu_bound(l->spec.k);

	capacity_key(&l->spec, key, sizeof key);
	*reused = 0;
	*tries = 0;
	if (capacity_reusable(capacity_session(), key) != NULL) {
		*reused = 1;
		return 0;
	}
	sig = solo_measure_guarded(&solo_loads_ops, ls, l->id, SOLO_SETTLE_NS, stab, bound,
	    1000000000ULL, res, tries);
	if (sig == 0) {
		snprintf(by, sizeof by, "%s#%d", l->spec.k->name, l->id);
		capacity_offer(capacity_session(), key, res, bound, by);
	}
	return sig;
}

/*
 * Each load's solo, once per place, the others paused, then each load's
 * event: its place's baseline as the session holds it once all are
 * measured (the best-qualified measurement of identical loads on one CPU,
 * so that they read the same speed), its own where the place has none.
 * A signal's number, -1, or 0.
 */
static int
record_session_solos(struct record_run *rr, struct loads *ls, const int *ids, int n,
    char *err, size_t errlen)
{
	const struct capacity_base	*b;
	struct solo_stable		 stab;
	struct measure_win		 w;
	struct solo_result		*res = xcalloc((size_t)n + 1, sizeof *res);
	struct load			*l;
	char				 key[CAPACITY_KEY_LEN], by[CAPACITY_BY_LEN];
	int				*tries = xcalloc((size_t)n + 1, sizeof *tries);
	int				*reused = xcalloc((size_t)n + 1, sizeof *reused);
	int				 i, sig = 0, disturbed, own;

	solo_stable_set(&stab, &w, RECORD_SOLO_MIN_S, RECORD_SOLO_MAX_S, 0.25, 0.03, 4);
	for (i = 0; i < n && sig == 0; i++)
		if (ids[i] > 0 && (l = loads_get(ls, ids[i])) != NULL && l->state != LOAD_DEAD)
			sig = record_session_solo(ls, l, &stab, &res[i], &tries[i], &reused[i]);
	for (i = 0; i < n && sig == 0; i++) {
		if (ids[i] <= 0 || (l = loads_get(ls, ids[i])) == NULL ||
		    l->state == LOAD_DEAD)
			continue;
		capacity_key(&l->spec, key, sizeof key);
		snprintf(by, sizeof by, "%s#%d", l->spec.k->name, l->id);
		disturbed = solo_disturbed(&res[i], kernel_cpu_bound(l->spec.k));
		if ((b = capacity_get(capacity_session(), key)) != NULL && isfinite(b->rate)) {
			/* Another's measurement of this place: the load takes it whole. */
			own = strcmp(b->by, by) == 0 && !reused[i];
			if (!own) {
				memset(&res[i], 0, sizeof res[i]);
				res[i].rate = b->rate;
				res[i].share = b->share;
				res[i].spread = b->spread;
				res[i].foreign = b->foreign;
				res[i].end_ns = b->at_ns;
				disturbed = b->disturbed;
			}
			reused[i] = !own;
		}
		if (record_run_solo(rr, ids[i], &res[i], disturbed, tries[i], b, reused[i],
		    err, errlen) == -1)
			sig = -1;
	}
	free(res);
	free(tries);
	free(reused);
	return sig;
}

/* The refreshes, each at its time from the first, until time_s or a signal. */
static int
record_session_loop(struct record_run *rr, struct loads *ls, double interval_s,
    double time_s, char *err, size_t errlen)
{
	uint64_t	start, next, now;
	long		k;
	int		sig;

	record_run_begin(rr, ls);
	start = util_now_ns();
	for (k = 1; time_s <= 0 || (double)k * interval_s <= time_s + 1e-9; k++) {
		next = start + (uint64_t)((double)k * interval_s * 1e9);
		now = util_now_ns();
		if ((sig = measure_sleep(next > now ? (double)(next - now) / 1e9 : 0)) != 0)
			return sig;
		if (record_run_sample(rr, ls, err, errlen) == -1)
			return -1;
	}
	return 0;
}

/* The end event's why: the signal's name, "error", or "time". */
static const char *
record_session_why(int sig, int failed)
{
	if (sig == SIGINT)
		return "SIGINT";
	if (sig == SIGTERM)
		return "SIGTERM";
	if (sig == SIGHUP)
		return "SIGHUP";
	return failed ? "error" : "time";
}

/* Record: the header, the loads started, their solos, the refreshes, the end. */
int
record_session(const struct topo *m, struct record_out *out, const struct load_spec *specs,
    int n, double interval_s, double time_s, int *sig, struct record_tally *tally,
    char *err, size_t errlen)
{
	struct record_run	*rr;
	struct loads		*ls;
	char			 why[4400];
	int			*ids, rc;

	*sig = 0;
	rr = record_run_new(m, out, specs, n, interval_s);
	if (record_run_header(rr, err, errlen) == -1) {
		record_run_tally(rr, tally);
		record_run_free(rr, why, sizeof why);
		return -1;
	}
	ls = loads_new(m);
	ids = xcalloc((size_t)n + 1, sizeof *ids);
	rc = record_session_start(rr, ls, specs, n, ids, err, errlen);
	if (rc == 0)
		rc = record_session_solos(rr, ls, ids, n, err, errlen);
	if (rc == 0)
		rc = record_session_loop(rr, ls, interval_s, time_s, err, errlen);
	free(ids);
	*sig = rc > 0 ? rc : 0;
	rc = rc == -1 ? -1 : 0;
	if (record_run_end(rr, ls, record_session_why(*sig, rc == -1), why,
	    sizeof why) == -1 && rc == 0) {
		snprintf(err, errlen, "%s", why);
		rc = -1;
	}
	loads_free(ls);
	record_run_tally(rr, tally);
	if (record_run_free(rr, why, sizeof why) == -1 && rc == 0) {
		snprintf(err, errlen, "%s", why);
		rc = -1;
	}
	return rc;
}
