/*
 * idle_calc.c: the arithmetic of check --idle: each column's median and
 * spread over its windows, the wake-up cost (as is less held) and how far
 * a round's own difference strays from it, and the residency over the
 * windows. Pure: figures in, figures out (tests/unit/test_idle.c).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exp/check/check_idle.h"

/* qsort's order of doubles. */
static int
idle_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of v[0..n), sorting it. */
double
idle_median(double *v, int n)
{
	if (n <= 0)
		return NAN;
	qsort(v, (size_t)n, sizeof *v, idle_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The residency over a mode's windows: shares weighted by each window's time. */
static void
idle_res_sum(const struct idle_win *w, int n, struct cpuidle_res *out)
{
	double	t;
	int	i, k;

	memset(out, 0, sizeof *out);
	for (i = 0; i < n; i++) {
		if (w[i].res.nstates == 0 || (out->nstates != 0 &&
		    out->nstates != w[i].res.nstates))
			continue;
		t = (double)w[i].res.wall_ns;
		for (k = 0; k < w[i].res.nstates; k++) {
			out->share[k] = (out->share[k] * (double)out->wall_ns +
			    w[i].res.share[k] * t) / ((double)out->wall_ns + t);
			out->usage[k] += w[i].res.usage[k];
		}
		out->nstates = w[i].res.nstates;
		out->wall_ns += w[i].res.wall_ns;
	}
}

/* One column: the median of its windows and their spread (one window's own alone). */
static void
idle_column(struct idle_cell *c, int m)
{
	double	v[IDLE_ROUNDS_MAX];
	int	i, n = 0;

	for (i = 0; i < c->nwin[m]; i++)
		if (isfinite(c->win[m][i].us) && c->win[m][i].us > 0)
			v[n++] = c->win[m][i].us;
	c->us[m] = idle_median(v, n);
	if (n == 1)
		c->spread[m] = c->win[m][0].spread;
	else
		c->spread[m] = n > 1 ? (v[n - 1] - v[0]) / c->us[m] : NAN;
	idle_res_sum(c->win[m], c->nwin[m], &c->res[m]);
}

/* The medians, the wake-up cost, its spread and the residency of a cell's windows. */
void
idle_cell_finish(struct idle_cell *c)
{
	double	d, dev = 0;
	int	m, i, n = 0;

	c->disturbed = c->ndisturbed = 0;
	for (m = 0; m < IDLE_NMODES; m++) {
		idle_column(c, m);
		for (i = 0; i < c->nwin[m]; i++)
			c->ndisturbed += c->win[m][i].disturbed != 0;
	}
	c->disturbed = c->ndisturbed > 0;
	c->wake_us = c->us[IDLE_ASIS] - c->us[IDLE_HELD];
	c->ratio = c->us[IDLE_HELD] > 0 ? c->us[IDLE_ASIS] / c->us[IDLE_HELD] : NAN;
	c->wake_spread_us = NAN;
	if (!isfinite(c->wake_us))
		return;
	/* Round i's own difference: its as-is window less its held one. */
	for (i = 0; i < c->nwin[IDLE_ASIS] && i < c->nwin[IDLE_HELD]; i++) {
		d = c->win[IDLE_ASIS][i].us - c->win[IDLE_HELD][i].us;
		if (!isfinite(d))
			continue;
		if (fabs(d - c->wake_us) > dev)
			dev = fabs(d - c->wake_us);
		n++;
	}
	if (n > 1)
		c->wake_spread_us = dev;
	else if (isfinite(c->spread[IDLE_ASIS]) && isfinite(c->spread[IDLE_HELD]))
		c->wake_spread_us = c->us[IDLE_ASIS] * c->spread[IDLE_ASIS] +
		    c->us[IDLE_HELD] * c->spread[IDLE_HELD];
}

/* The state a residency spent most of its time in, or -1. */
int
idle_res_top(const struct cpuidle_res *r)
{
	int	k, best = -1;

	for (k = 0; k < r->nstates; k++)
		if (best == -1 || r->share[k] > r->share[best])
			best = k;
	return best;
}
