/* infer_class.c: what a pair of logical CPUs behaves like, from its measured figures alone. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/infer/infer.h"
#include "base/util.h"

/*
 * The two physical models each figure tells apart, and the boundary
 * between them (their midpoint):
 *  - the contrast yield: one CPU's work (1, one logical CPU shared in time,
 *    by the guest or by the host) or two CPUs' work (2, two hardware
 *    threads or cores);
 *  - the compute yield over the contrast yield: 1 when the compute kernel
 *    loses nothing the contrast kernel does not (separate cores), 0.5 when
 *    both threads share one core's execution ports (SMT: compute 1,
 *    contrast 2);
 *  - each load's CPU share together: 1/2 when the guest's scheduler time-
 *    shares one logical CPU, 1 when each has its own.
 */
#define INFER_LEVEL_ONE		1.0
#define INFER_LEVEL_TWO		2.0
#define INFER_RATIO_SMT		0.5
#define INFER_RATIO_CORES	1.0
#define INFER_SHARE_HALF	0.5
#define INFER_SHARE_WHOLE	1.0

/* Mean, spread and the repeats' own disagreement of n figures; 0 if none is finite. */
static int
infer_stats(const double *v, const double *wsp, int n, double *mean, double *sp,
    int *floating)
{
	double	sum = 0, lo = INFINITY, hi = -INFINITY, within = 0;
	int	i, k = 0, kw = 0;

	for (i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			continue;
		sum += v[i];
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
		if (wsp != NULL && isfinite(wsp[i])) {
			within += wsp[i] * v[i];
			kw++;
		}
		k++;
	}
	*floating = 0;
	if (k == 0) {
		*mean = *sp = NAN;
		return 0;
	}
	*mean = sum / k;
	within = kw > 0 ? within / kw : 0;
	if (within < INFER_RESOLUTION)
		within = INFER_RESOLUTION;
	/* The spread: half the repeats' range, or a window's own if larger. */
	*sp = (hi - lo) / 2 > within ? (hi - lo) / 2 : within;
	/* Repeats that disagree far beyond what each window's noise explains. */
	*floating = k >= 2 && hi - lo > 2 * INFER_SIGMAS * within;
	return 1;
}

/* Which side of the boundary x lies on, clearly: -1 below, 1 above, 0 too near. */
static int
infer_side(double x, double sp, double boundary)
{
	if (x + INFER_SIGMAS * sp < boundary)
		return -1;
	if (x - INFER_SIGMAS * sp > boundary)
		return 1;
	return 0;
}

/* Append to the verdict's words. */
static void __attribute__((format(printf, 2, 3)))
infer_why(struct infer_verdict *v, const char *fmt, ...)
{
	size_t	used = strlen(v->why);
	va_list	ap;

	if (used >= sizeof v->why - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(v->why + used, sizeof v->why - used, fmt, ap);
	va_end(ap);
}

/* Two CPUs' work together: SMT siblings or separate cores, by the ratio. */
static void
infer_two(struct infer_verdict *v)
{
	double	yc = v->y[INFER_KIND_COMPUTE], ym = v->y[INFER_KIND_CONTRAST];
	double	rc = v->ysp[INFER_KIND_COMPUTE] / yc, rm = v->ysp[INFER_KIND_CONTRAST] / ym;
	int	side;

	v->ratio = yc / ym;
	v->ratio_sp = v->ratio * sqrt(rc * rc + rm * rm);
	if (v->ratio_sp < INFER_RESOLUTION)
		v->ratio_sp = INFER_RESOLUTION;
	side = infer_side(v->ratio, v->ratio_sp, (INFER_RATIO_SMT + INFER_RATIO_CORES) / 2);
	if (side < 0) {
		v->cls = INFER_SMT;
		infer_why(v, "compute yield %.2f where the contrast yields %.2f (ratio %.2f "
		    "\u00b1%.2f): the two share one core's execution units", yc, ym,
		    v->ratio, v->ratio_sp);
	} else if (side > 0) {
		v->cls = INFER_CORES;
		infer_why(v, "compute yield %.2f, contrast %.2f (ratio %.2f \u00b1%.2f): "
		    "nothing of a core is shared", yc, ym, v->ratio, v->ratio_sp);
	} else
		infer_why(v, "compute yield %.2f over contrast %.2f is %.2f \u00b1%.2f, too "
		    "near %.2f to tell SMT siblings from separate cores", yc, ym, v->ratio,
		    v->ratio_sp, (INFER_RATIO_SMT + INFER_RATIO_CORES) / 2);
	v->clear = side != 0;
}

/* One CPU's work together: one logical CPU, shared by the guest or the host. */
static void
infer_one(struct infer_verdict *v)
{
	double	yc = v->y[INFER_KIND_COMPUTE], ym = v->y[INFER_KIND_CONTRAST];
	int	side;

	if (infer_side(yc, v->ysp[INFER_KIND_COMPUTE],
	    (INFER_LEVEL_ONE + INFER_LEVEL_TWO) / 2) > 0) {
		infer_why(v, "the contrast yields %.2f but the compute kernel %.2f: the "
		    "figures contradict each other", ym, yc);
		return;
	}
	v->cls = INFER_SAME_PU;
	v->clear = 1;
	side = isfinite(v->share) ? infer_side(v->share, v->share_sp,
	    (INFER_SHARE_HALF + INFER_SHARE_WHOLE) / 2) : 0;
	if (side < 0)
		infer_why(v, "yields %.2f and %.2f, each load got %.0f%% of a CPU: one "
		    "logical CPU shared in time", yc, ym, v->share * 100);
	else if (side > 0)
		infer_why(v, "yields %.2f and %.2f although each load ran %.0f%% of the "
		    "time: the host shares one CPU between them", yc, ym, v->share * 100);
	else
		infer_why(v, "yields %.2f and %.2f: one CPU's work between them", yc, ym);
}

/* Classify one pair from its figures alone. */
void
infer_classify(const struct infer_fig *f, struct infer_verdict *v)
{
	int	k, fl, any_floating = 0, n = f->nreps, side;

	memset(v, 0, sizeof *v);
	v->cls = INFER_UNCLEAR;
	v->ratio = v->ratio_sp = NAN;
	for (k = 0; k < INFER_KINDS; k++) {
		if (!infer_stats(f->yield[k], f->wspread[k], n, &v->y[k], &v->ysp[k], &fl)) {
			snprintf(v->why, sizeof v->why, "not measured");
			return;
		}
		any_floating |= fl;
	}
	if (!infer_stats(f->share, NULL, n, &v->share, &v->share_sp, &fl))
		v->share = v->share_sp = NAN;
	if (f->disturbed) {
		snprintf(v->why, sizeof v->why, "others' work disturbed the figures "
		    "(yields %.2f and %.2f): not classified", v->y[0], v->y[1]);
		return;
	}
	side = infer_side(v->y[INFER_KIND_CONTRAST], v->ysp[INFER_KIND_CONTRAST],
	    (INFER_LEVEL_ONE + INFER_LEVEL_TWO) / 2);
	if (side > 0)
		infer_two(v);
	else if (side < 0)
		infer_one(v);
	else
		infer_why(v, "the contrast yields %.2f \u00b1%.2f, between one CPU's work "
		    "and two", v->y[INFER_KIND_CONTRAST], v->ysp[INFER_KIND_CONTRAST]);
	if (any_floating) {
		v->floating = 1;
		v->clear = 0;
		infer_why(v, "; repeats disagree beyond their spread: the host appears "
		    "to move these vCPUs");
	}
}

/* Ascending order of doubles, for qsort. */
static int
infer_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Split the separate-core pairs by round trip: sorted, the widest step
 * between neighbours divides a near class from a far one when it exceeds
 * INFER_SIGMAS times both sides' spread; otherwise they stay one class.
 */
void
infer_split_cores(struct infer *inf)
{
	double	v[INFER_MAX_PAIRS], cut = NAN, gap = 0, sp = 0, s;
	int	i, n = 0;

	for (i = 0; i < inf->npairs; i++) {
		struct infer_pair	*p = &inf->pairs[i];

		if (p->v.cls == INFER_CORES && isfinite(p->fig.rtt_ns)) {
			v[n++] = p->fig.rtt_ns;
			s = isfinite(p->fig.rtt_spread) ? p->fig.rtt_spread : 0;
			sp = s > sp ? s : sp;
		}
	}
	if (n < 2)
		return;
	qsort(v, (size_t)n, sizeof v[0], infer_cmp);
	for (i = 1; i < n; i++)
		if (v[i] - v[i - 1] > gap &&
		    v[i] - v[i - 1] > INFER_SIGMAS * sp * (v[i] + v[i - 1])) {
			gap = v[i] - v[i - 1];
			cut = (v[i] + v[i - 1]) / 2;
		}
	if (!isfinite(cut))
		return;
	for (i = 0; i < inf->npairs; i++) {
		struct infer_pair	*p = &inf->pairs[i];

		if (p->v.cls == INFER_CORES && isfinite(p->fig.rtt_ns))
			p->v.cls = p->fig.rtt_ns < cut ? INFER_CORES_NEAR : INFER_CORES_FAR;
	}
}

/* A class in words. */
const char *
infer_class_name(enum infer_class c)
{
	switch (c) {
	case INFER_SAME_PU:
		return "the same logical CPU";
	case INFER_SMT:
		return "SMT siblings of one core";
	case INFER_CORES:
		return "separate cores";
	case INFER_CORES_NEAR:
		return "separate cores, the nearer class";
	case INFER_CORES_FAR:
		return "separate cores, a farther class";
	case INFER_UNCLEAR:
		break;
	}
	return "unclear";
}

/* A class as a JSON token. */
const char *
infer_class_token(enum infer_class c)
{
	switch (c) {
	case INFER_SAME_PU:
		return "same-pu";
	case INFER_SMT:
		return "smt";
	case INFER_CORES:
		return "cores";
	case INFER_CORES_NEAR:
		return "cores-near";
	case INFER_CORES_FAR:
		return "cores-far";
	case INFER_UNCLEAR:
		break;
	}
	return "unclear";
}

/* Does the measured class agree with the reported relation? */
int
infer_agrees(enum infer_class c, enum topo_rel rel)
{
	switch (c) {
	case INFER_SAME_PU:
		return rel == REL_SAME_PU;
	case INFER_SMT:
		return rel == REL_SMT_SIBLING;
	case INFER_CORES:
	case INFER_CORES_NEAR:
	case INFER_CORES_FAR:
		return rel != REL_SAME_PU && rel != REL_SMT_SIBLING;
	case INFER_UNCLEAR:
		break;
	}
	return -1;
}
