/* drift.c: a step in a load's rate with nothing in view is the CPU's capacity. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "engine/drift.h"

/* Samples a level averages at most: it follows slow moves. */
#define DRIFT_WINDOW	8

/* A tracker with no level yet. */
void
drift_init(struct drift *d)
{
	d->ref = d->ref_mhz = NAN;
	d->n = 0;
	d->others0 = d->steal0 = NAN;
	d->pending = 0;
	d->pend_dir = 0;
	d->pend_first = d->pend_sum = d->pend_mhz = NAN;
	d->capacity = 1.0;
	d->changes = 0;
	d->step = NAN;
	d->from_mhz = d->to_mhz = NAN;
}

/* 1 when a figure moved by more than DRIFT_OTHERS (or appeared or went). */
static int
moved(double was, double now)
{
	if (isfinite(was) != isfinite(now))
		return isfinite(now) ? now > DRIFT_OTHERS : was > DRIFT_OTHERS;
	if (!isfinite(now))
		return 0;
	return fabs(now - was) > DRIFT_OTHERS;
}

/* Start the level again from this sample. */
static void
relearn(struct drift *d, const struct drift_sample *s, int keep_sample)
{
	d->ref = keep_sample ? s->rate : NAN;
	d->ref_mhz = keep_sample ? s->mhz : NAN;
	d->n = keep_sample ? 1 : 0;
	d->others0 = s->others;
	d->steal0 = s->steal;
	d->pending = 0;
}

/* Feed one refresh of the load. */
enum drift_result
drift_feed(struct drift *d, const struct drift_sample *s)
{
	double	band, dev;
	int	dir;

	if (!isfinite(s->rate) || s->rate < 0.0)
		return DRIFT_NONE;
	/* Anything in view explains a step: the level is learned anew. */
	if (s->event || (d->n > 0 && (moved(d->others0, s->others) ||
	    moved(d->steal0, s->steal)))) {
		relearn(d, s, 0);
		return DRIFT_EVENT;
	}
	if (d->n == 0 || !isfinite(d->ref) || d->ref <= 0.0) {
		relearn(d, s, 1);
		return DRIFT_NONE;
	}
	band = isfinite(s->spread) && s->spread > DRIFT_FLOOR ?
	    s->spread : DRIFT_FLOOR;
	dev = s->rate / d->ref - 1.0;
	if (fabs(dev) <= band) {
		d->pending = 0;
		if (d->n < DRIFT_WINDOW)
			d->n++;
		d->ref += (s->rate - d->ref) / d->n;
		if (isfinite(s->mhz))
			d->ref_mhz = isfinite(d->ref_mhz) ?
			    d->ref_mhz + (s->mhz - d->ref_mhz) / d->n : s->mhz;
		return DRIFT_NONE;
	}
	dir = dev > 0.0 ? 1 : -1;
	/* A second step must land where the first did. */
	if (d->pending == 0 || dir != d->pend_dir ||
	    fabs(s->rate / d->pend_first - 1.0) > band) {
		d->pending = 1;
		d->pend_dir = dir;
		d->pend_first = d->pend_sum = s->rate;
		d->pend_mhz = s->mhz;
		return DRIFT_NONE;
	}
	d->pending++;
	d->pend_sum += s->rate;
	d->step = d->pend_sum / d->pending / d->ref - 1.0;
	d->capacity *= 1.0 + d->step;
	d->changes++;
	d->from_mhz = d->ref_mhz;
	d->to_mhz = isfinite(s->mhz) ? s->mhz : d->pend_mhz;
	d->ref = d->pend_sum / d->pending;
	d->ref_mhz = d->to_mhz;
	d->n = d->pending;
	d->pending = 0;
	return DRIFT_CAPACITY;
}

/* The cause of the last change, in words. */
int
drift_cause(const struct drift *d, const char *hypervisor, char *buf,
    size_t len)
{
	if (isfinite(d->from_mhz) && isfinite(d->to_mhz) && d->from_mhz > 0.0 &&
	    fabs(d->to_mhz / d->from_mhz - 1.0) > DRIFT_FLOOR / 2.0)
		return snprintf(buf, len, "clock %.1f -> %.1f GHz",
		    d->from_mhz / 1000.0, d->to_mhz / 1000.0);
	if (hypervisor != NULL && *hypervisor != '\0')
		return snprintf(buf, len, "the host (under %s)", hypervisor);
	return snprintf(buf, len, "unexplained");
}
