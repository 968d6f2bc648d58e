/*
 * scan_run.c: the capacity scan measured: round by round, each kernel's
 * round in turn (so a kernel's rounds are apart by the others' too), then
 * the figures (rounds_calc()), and every sample offered to the session's
 * baselines (capacity.h) by "scan": the scan fills the table for every CPU.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exp/capacity/scan.h"
#include "engine/capacity.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "base/util.h"

/* Whom to tell what runs now. */
struct scan_tell {
	struct scan	*s;
	void		(*progress)(void *, const char *, double);
	void		*arg;
	uint64_t	 t0;
	double		 done_s;	/* the estimate of what is done */
};

/* One slot's progress: what runs and the time left by the plan's pace. */
static void
scan_progress(void *arg, int round, int slot, const struct rounds *r)
{
	struct scan_tell	*t = arg;
	char			 what[160];
	double			 frac, el, left;

	if (t->progress == NULL)
		return;
	if (r->parallel)
		snprintf(what, sizeof what, "%s round %d of %d, slot %d of %d",
		    r->ktext, round + 1, r->nrounds, slot + 1, r->slots);
	else
		snprintf(what, sizeof what, "%s round %d of %d, CPU %d", r->ktext,
		    round + 1, r->nrounds, r->cpu[slot].cpu);
	el = (double)(util_now_ns() - t->t0) / 1e9;
	frac = t->s->est_s > 0 ? (t->done_s + (double)slot / r->slots *
	    scan_estimate(r) / r->nrounds) / t->s->est_s : 0;
	left = frac > 0.02 ? el / frac - el : t->s->est_s - el;
	t->progress(t->arg, what, left > 0 ? left : 0);
}

/* Offer every sample of a kernel to the session's baselines. */
static void
scan_offer(struct scan *s, struct rounds *r)
{
	struct rounds_sample	*x;
	struct solo_result	 res;
	char			 spec[96], key[CAPACITY_KEY_LEN];
	int			 i, k;

	for (i = 0; i < r->ncpus; i++) {
		snprintf(spec, sizeof spec, "%s@%d", r->ktext, r->cpu[i].cpu);
		capacity_key_text(spec, key, sizeof key);
		for (k = 0; k < r->nrounds; k++) {
			x = rounds_at(r, k, i);
			if (!x->done || !(x->rate > 0))
				continue;
			memset(&res, 0, sizeof res);
			res.rate = x->rate;
			res.share = x->share;
			res.spread = x->spread;
			res.foreign = x->foreign;
			res.window_ns = (uint64_t)(r->win_max_s * 1e9);
			res.end_ns = util_now_ns();
			if (capacity_offer(capacity_session(), key, &res, 1, "scan") >= 0)
				s->offered++;
		}
	}
}

/* Measure every kernel's rounds, interleaved. */
void
scan_run(struct scan *s, void (*progress)(void *, const char *, double), void *arg)
{
	struct scan_tell	t;
	uint64_t		t0 = util_now_ns();
	int			round, k, rc = 0;

	memset(&t, 0, sizeof t);
	t.s = s;
	t.progress = progress;
	t.arg = arg;
	t.t0 = t0;
	measure_signals_block();
	for (round = 0; round < s->nrounds && rc == 0; round++)
		for (k = 0; k < s->nkern && rc == 0; k++) {
			rc = rounds_measure(&s->r[k], round, round + 1, scan_progress, &t);
			t.done_s += scan_estimate(&s->r[k]) / s->r[k].nrounds;
		}
	if (progress != NULL)
		progress(arg, NULL, 0);
	if (rc > 0)
		s->signo = rc;
	else if (rc == -1) {
		s->failed = 1;
		snprintf(s->error, sizeof s->error, "%s", s->r[k - 1].error);
	}
	for (k = 0; k < s->nkern; k++) {
		rounds_calc(&s->r[k]);
		scan_offer(s, &s->r[k]);
	}
	s->elapsed_s = (double)(util_now_ns() - t0) / 1e9;
}
