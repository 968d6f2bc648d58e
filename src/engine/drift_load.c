/* drift_load.c: drift.c wired to one load on the screen: capacity, mark and words. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/drift_load.h"

/* A tracker with nothing seen. */
void
drift_load_init(struct drift_load *t)
{
	drift_init(&t->d);
	t->cpu = -1;
	t->base = -1;
	t->share = NAN;
	t->cause[0] = '\0';
	t->nring = t->ring_at = 0;
}

/* Order doubles. */
static int
drift_load_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of n values (sorted in place). */
static double
drift_load_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, drift_load_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* Its noise now: three median deviations of its last rates, relative; NAN warming. */
static double
drift_load_noise(const struct drift_load *t)
{
	double	v[DRIFT_LOAD_RING], med;
	int	i;

	if (t->nring < DRIFT_LOAD_WARM)
		return NAN;
	memcpy(v, t->ring, (size_t)t->nring * sizeof v[0]);
	if ((med = drift_load_median(v, t->nring)) <= 0.0)
		return NAN;
	for (i = 0; i < t->nring; i++)
		v[i] = fabs(t->ring[i] - med);
	return 3.0 * drift_load_median(v, t->nring) / med;
}

/* Keep a rate in the ring. */
static void
drift_load_push(struct drift_load *t, double x)
{
	t->ring[t->ring_at] = x;
	t->ring_at = (t->ring_at + 1) % DRIFT_LOAD_RING;
	if (t->nring < DRIFT_LOAD_RING)
		t->nring++;
}

/* One refresh of the load. */
enum drift_result
drift_load_feed(struct drift_load *t, int cpu, int base, const struct drift_sample *s,
    double share, const char *hypervisor)
{
	struct drift_sample	x = *s;
	enum drift_result	r;
	double			noise;

	/* Another CPU, or a baseline measured again: what it gave is not this one's. */
	if (cpu != t->cpu || base != t->base) {
		drift_load_init(t);
		t->cpu = cpu;
		t->base = base;
	}
	/* Its share moved: the scheduler changed its time, not the CPU its work. */
	if (isfinite(share) && isfinite(t->share) && fabs(share - t->share) > DRIFT_OTHERS)
		x.event = 1;
	/* Others on its core, or the host taking it: in view while they last. */
	if ((isfinite(s->others) && s->others > DRIFT_OTHERS) ||
	    (isfinite(s->steal) && s->steal > DRIFT_OTHERS))
		x.event = 1;
	t->share = share;
	x.rate = isfinite(share) && share > DRIFT_FLOOR ? s->rate / share : NAN;
	if (!isfinite(x.rate))
		return DRIFT_NONE;
	noise = drift_load_noise(t);
	x.spread = isfinite(s->spread) ? s->spread : 0.0;
	if (!isfinite(noise))
		x.spread = fmax(x.spread, DRIFT_LOAD_WIDE);
	else
		x.spread = fmax(x.spread, noise);
	r = drift_feed(&t->d, &x);
	if (r == DRIFT_EVENT)
		t->nring = t->ring_at = 0;
	else if (r == DRIFT_CAPACITY) {
		drift_cause(&t->d, hypervisor, t->cause, sizeof t->cause);
		/* The new level is where its noise is learned again. */
		t->nring = t->ring_at = 0;
		drift_load_push(t, t->d.ref);
		drift_load_push(t, x.rate);
		return r;
	}
	if (!x.event)
		drift_load_push(t, x.rate);
	return r;
}

/* What the CPU gives now over the baseline; NAN where no change was seen. */
double
drift_load_capacity(const struct drift_load *t)
{
	return t->d.changes > 0 && isfinite(t->d.capacity) && t->d.capacity > 0.0 ?
	    t->d.capacity : NAN;
}

/* Marked: the capacity is away from the baseline's. */
int
drift_load_marked(const struct drift_load *t)
{
	double	c = drift_load_capacity(t);

	return isfinite(c) && fabs(c - 1.0) > DRIFT_FLOOR;
}

/* The mark's character. */
const char *
drift_load_mark(const struct drift_load *t)
{
	return drift_load_marked(t) ? "*" : "";
}

/* The WHY with the capacity tracked, its cause named. */
int
drift_load_why(const struct drift_load *t, const struct split *s, double spread,
    const struct split_words *w, char *buf, size_t len)
{
	static const char	 clause[] = " of its baseline";
	struct split_words	 nw = *w;
	const char		*p, *cause = t->cause[0] != '\0' ? t->cause : "unexplained";
	const char		*near = w->near != NULL ? w->near : "";
	char			 fig[640], cap[128];
	int			 named;

	if (len == 0)
		return 0;
	if (!drift_load_marked(t))
		return split_why(s, spread, w, buf, len);
	snprintf(cap, sizeof cap, "its CPU gives %.0f %% of its baseline: %s",
	    100 * drift_load_capacity(t), cause);
	named = split_why(s, spread, w, fig, sizeof fig);
	if (named && strstr(fig, " %: its CPU gives ") != NULL) {
		/* The capacity is the cause: its own words say the host, if it is. */
		nw.hypervisor = NULL;
		split_why(s, spread, &nw, fig, sizeof fig);
		if ((p = strstr(fig, clause)) != NULL) {
			p += sizeof clause - 1;
			snprintf(buf, len, "%.*s: %s%s", (int)(p - fig), fig, cause, p);
			return 1;
		}
	}
	if (named)
		snprintf(buf, len, "%s; %s", fig, cap);
	else
		snprintf(buf, len, "%s%s%s", cap, near[0] != '\0' ? "; " : "", near);
	return 1;
}
