/*
 * rounds_calc.c: the figures of interleaved rounds (rounds.h), pure
 * arithmetic: each CPU's median, range and spread over its undisturbed
 * rounds, its two levels, the machine's median, the outliers and the noise
 * floor (the largest move of one CPU's capacity between rounds).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exp/rounds.h"
#include "base/util.h"

/* qsort's order of doubles, ascending. */
static int
rounds_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of v[0..n) (sorts v); NAN when n is 0. */
double
rounds_median(double *v, int n)
{
	if (n <= 0)
		return NAN;
	qsort(v, (size_t)n, sizeof *v, rounds_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The mean of v[a..b). */
static double
rounds_mean(const double *v, int a, int b)
{
	double	sum = 0;
	int	i;

	for (i = a; i < b; i++)
		sum += v[i];
	return b > a ? sum / (b - a) : NAN;
}

/*
 * Do rates fall in two levels? Sorted, the widest gap between neighbours
 * splits them: two levels when it is over ROUNDS_LEVEL_GAP of the upper
 * level's mean, and over twice the width of either level and twice the
 * windows' own spread (a window that wavered is not a level).
 */
int
rounds_two_levels(const double *v, int n, double win_spread, double *hi, double *lo)
{
	double	*s, gap = 0, top, width;
	int	 i, at = -1, two = 0;

	if (n < ROUNDS_MIN)
		return 0;
	s = xcalloc((size_t)n, sizeof *s);
	memcpy(s, v, (size_t)n * sizeof *s);
	qsort(s, (size_t)n, sizeof *s, rounds_cmp);
	for (i = 1; i < n; i++)
		if (s[i] - s[i - 1] > gap) {
			gap = s[i] - s[i - 1];
			at = i;
		}
	if (at > 0) {
		*lo = rounds_mean(s, 0, at);
		*hi = rounds_mean(s, at, n);
		top = *hi;
		width = fmax(s[at - 1] - s[0], s[n - 1] - s[at]);
		two = top > 0 && gap > ROUNDS_LEVEL_GAP * top && gap > 2 * width &&
		    !(isfinite(win_spread) && gap < 2 * win_spread * top);
	}
	free(s);
	return two;
}

/* One CPU's figures over its undisturbed rounds. */
static void
rounds_calc_cpu(struct rounds *r, int i, double *v, double *mhz)
{
	struct rounds_cpu	*c = &r->cpu[i];
	struct rounds_sample	*s;
	int			 k, nm = 0, na = 0;

	for (k = 0; k < r->nrounds; k++)
		if ((s = rounds_at(r, k, i))->done && s->rate > 0)
			v[na++] = s->rate;
	c->all = rounds_median(v, na);
	c->n = c->ndisturbed = 0;
	c->win_spread = NAN;
	c->min = c->max = c->median = c->spread = c->mhz = NAN;
	c->two_levels = c->outlier = 0;
	c->below = NAN;
	for (k = 0; k < r->nrounds; k++) {
		s = rounds_at(r, k, i);
		if (!s->done)
			continue;
		if (s->disturbed || !(s->rate > 0)) {
			c->ndisturbed++;
			continue;
		}
		v[c->n++] = s->rate;
		if (isfinite(s->spread) && !(s->spread <= c->win_spread))
			c->win_spread = s->spread;
		if (isfinite(s->mhz))
			mhz[nm++] = s->mhz;
	}
	if (c->n == 0)
		return;
	c->two_levels = rounds_two_levels(v, c->n, c->win_spread, &c->level_hi,
	    &c->level_lo);
	c->median = rounds_median(v, c->n);
	c->min = v[0];
	c->max = v[c->n - 1];
	if (c->n >= 2)
		c->spread = (c->max - c->min) / c->median;
	c->mhz = rounds_median(mhz, nm);
}

/* The figures of every CPU and of the machine from the samples. */
void
rounds_calc(struct rounds *r)
{
	double			*v = xcalloc((size_t)r->nrounds + 1, sizeof *v);
	double			*mhz = xcalloc((size_t)r->nrounds + 1, sizeof *mhz);
	double			*meds = xcalloc((size_t)r->ncpus + 1, sizeof *meds);
	struct rounds_cpu	*c;
	double			 room;
	int			 i;

	r->nmeasured = r->nout = r->ntwo = 0;
	r->noise = NAN;
	r->noise_cpu = -1;
	for (i = 0; i < r->ncpus; i++) {
		rounds_calc_cpu(r, i, v, mhz);
		c = &r->cpu[i];
		if (c->n > 0)
			meds[r->nmeasured++] = c->median;
		r->ntwo += c->two_levels;
		if (isfinite(c->spread) && !(c->spread <= r->noise)) {
			r->noise = c->spread;
			r->noise_cpu = c->cpu;
		}
	}
	r->median = rounds_median(meds, r->nmeasured);
	for (i = 0; i < r->ncpus && r->median > 0; i++) {
		c = &r->cpu[i];
		if (c->n == 0)
			continue;
		c->below = (r->median - c->median) / r->median;
		room = isfinite(c->spread) ? c->spread : 0;
		if (room < ROUNDS_OUTLIER_MIN)
			room = ROUNDS_OUTLIER_MIN;
		c->outlier = c->below > room;
		r->nout += c->outlier;
	}
	free(meds);
	free(mhz);
	free(v);
}
