/* alternate.c: run's solo and together windows in turn, and the capacity they show. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/alternate.h"
#include "engine/drift.h"

/* The windows in order: per round, each place alone, then all together. */
int
alt_plan(int rounds, int places, struct alt_window *w, int max)
{
	int	k, p, n = 0;

	if (rounds < 2 || rounds > ALT_ROUNDS_MAX || places < 0)
		return -1;
	for (k = 0; k < rounds; k++) {
		for (p = 0; p < places; p++)
			if (n < max)
				w[n++] = (struct alt_window){ ALT_SOLO, k, p };
		if (n < max)
			w[n++] = (struct alt_window){ ALT_TOGETHER, k, -1 };
	}
	return n;
}

/* The plan's time at most. */
double
alt_plan_s(int rounds, int places, double warm_s, double window_s, double settle_s)
{
	return rounds * (places * (warm_s + window_s) + settle_s + window_s);
}

/* "solo, together, solo, together". */
int
alt_plan_words(int rounds, char *buf, size_t len)
{
	size_t	used = 0;
	int	k;

	if (len > 0)
		buf[0] = '\0';
	for (k = 0; k < rounds && used < len; k++) {
		snprintf(buf + used, len - used, "%ssolo, together", k ? ", " : "");
		used = strlen(buf);
	}
	return (int)used;
}

/* The mean of n windows and a spread that takes in how they moved. */
void
alt_combine(const double *rate, const double *spread, int n, struct alt_figs *o)
{
	double	sum = 0, lo = NAN, hi = NAN, own = NAN;
	int	k;

	o->n = 0;
	for (k = 0; k < n; k++) {
		if (!isfinite(rate[k]))
			continue;
		o->n++;
		sum += rate[k];
		if (!(rate[k] >= lo))
			lo = rate[k];
		if (!(rate[k] <= hi))
			hi = rate[k];
		if (spread != NULL && isfinite(spread[k]) && !(spread[k] <= own))
			own = spread[k];
	}
	if (o->n == 0) {
		o->mean = o->spread = NAN;
		return;
	}
	o->mean = sum / o->n;
	o->spread = o->mean > 0 ? (hi - lo) / 2 / o->mean : NAN;
	if (isfinite(own) && !(own <= o->spread))
		o->spread = own;
}

/* What the solo windows say of the CPU's capacity across the run. */
int
alt_capacity(const double *solo, const double *spread, const double *mhz,
    const int *disturbed, int n, const char *hypervisor, struct alt_capacity *o)
{
	struct drift	d;
	double		first = NAN, last = NAN, f_mhz = NAN, l_mhz = NAN, own = 0;
	double		sum = 0, ref = 0;
	int		k, have = 0, all = n >= 2, others = 0;

	o->moved = o->capacity = NAN;
	o->beyond = 0;
	o->cause[0] = '\0';
	for (k = 0; k < n; k++) {
		if (!isfinite(solo[k]) || solo[k] <= 0) {
			all = 0;
			continue;
		}
		if (have++ == 0) {
			first = solo[k];
			f_mhz = mhz != NULL ? mhz[k] : NAN;
		}
		last = solo[k];
		l_mhz = mhz != NULL ? mhz[k] : NAN;
		if (disturbed != NULL && disturbed[k])
			others = 1;
		if (spread != NULL && isfinite(spread[k]) && spread[k] > own)
			own = spread[k];
		sum += solo[k];
	}
	if (have < 2)
		return -1;
	o->moved = last / first - 1;
	/* Together k ran between solo k and solo k + 1 (the last after its solo). */
	if (all) {
		for (k = 0; k < n; k++)
			ref += k + 1 < n ? (solo[k] + solo[k + 1]) / 2 : solo[k];
		o->capacity = (ref / n) / (sum / n);
	}
	o->beyond = fabs(o->moved) > (own > DRIFT_FLOOR ? own : DRIFT_FLOOR);
	if (o->beyond && others) {
		/* Others' work in a solo window: the move is not told from capacity. */
		o->beyond = 0;
		snprintf(o->cause, sizeof o->cause, "%s", ALT_NOT_TOLD);
	} else if (o->beyond) {
		drift_init(&d);
		d.changes = 1;
		d.step = o->moved;
		d.capacity = 1 + o->moved;
		d.from_mhz = f_mhz;
		d.to_mhz = l_mhz;
		drift_cause(&d, hypervisor, o->cause, sizeof o->cause);
	}
	return 0;
}
