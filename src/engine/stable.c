/* stable.c: measuring windows that end when the rate is known. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stable.h"

/* A window of min_s to max_s that ends when need sub-window rates agree within tol. */
void
stable_init(struct stable *st, double min_s, double max_s, double tol, int need)
{
	memset(st, 0, sizeof *st);
	st->min_s = min_s;
	st->max_s = max_s > min_s ? max_s : min_s;
	st->tol = tol;
	st->need = need < 2 ? 2 : need > STABLE_MAX_SUBS ? STABLE_MAX_SUBS : need;
}

/* Do the last need rates lie within tol of their mean? */
static int
stable_agree(const struct stable *st)
{
	double	lo = INFINITY, hi = -INFINITY, sum = 0, mean;
	int	i;

	if (st->n < st->need)
		return 0;
	for (i = st->n - st->need; i < st->n; i++) {
		if (!isfinite(st->rates[i]))
			return 0;
		lo = fmin(lo, st->rates[i]);
		hi = fmax(hi, st->rates[i]);
		sum += st->rates[i];
	}
	mean = sum / st->need;
	if (mean <= 0)
		return lo == hi;
	return (hi - lo) / 2 <= st->tol * mean;
}

/* Add a sub-window; 1 when the window is over. */
int
stable_add(struct stable *st, double work, double secs)
{
	if (st->done)
		return 1;
	if (secs > 0 && st->n < STABLE_MAX_SUBS) {
		st->rates[st->n++] = work / secs;
		st->work += work;
		st->secs += secs;
	}
	if (st->secs >= st->min_s && stable_agree(st))
		st->done = 1;
	else if (st->secs >= st->max_s || st->n == STABLE_MAX_SUBS)
		st->done = 2;
	return st->done != 0;
}

/* Total work over total time. */
double
stable_rate(const struct stable *st)
{
	return st->secs > 0 ? st->work / st->secs : NAN;
}

/* Sort doubles ascending. */
static int
stable_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Relative spread: half the range of the middle 80 % of sub-window rates over the rate. */
double
stable_spread(const struct stable *st)
{
	double	v[STABLE_MAX_SUBS], rate = stable_rate(st);
	int	cut, lo, hi;

	if (st->n < 2 || !(rate > 0))
		return st->n == 1 ? 0 : NAN;
	memcpy(v, st->rates, (size_t)st->n * sizeof v[0]);
	qsort(v, (size_t)st->n, sizeof v[0], stable_cmp);
	cut = st->n / 10;
	lo = cut;
	hi = st->n - 1 - cut;
	return (v[hi] - v[lo]) / 2 / rate;
}

/* Did it end by agreement? */
int
stable_settled(const struct stable *st)
{
	return st->done == 1;
}
