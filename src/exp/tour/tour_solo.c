/* tour_solo.c: the solo rates a tour keeps, one per placement, and how firm each is. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/capacity.h"
#include "engine/kernels/kernel.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "exp/tour/tour_solo.h"
#include "base/util.h"

/* The solo of a placement, or NULL. */
struct tour_solo *
tour_solo_find(const struct tour_solos *t, const char *spec)
{
	int	i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->v[i].spec, spec) == 0)
			return &t->v[i];
	return NULL;
}

/* The solo rate of a placement, or NAN. */
double
tour_solo_rate(const struct tour_solos *t, const char *spec)
{
	const struct tour_solo	*so = tour_solo_find(t, spec);

	return so != NULL ? so->rate : NAN;
}

/* May a kept solo be measured again: disturbed, with tries and vain waits left? */
int
tour_solo_retry(const struct tour_solo *so)
{
	return so != NULL && so->disturbed && so->tries + so->waits <= SOLO_RETRIES;
}

/* Rewrite a spec for a new place: its kernel and parameter, then the CPUs. */
void
tour_solo_respec(char *spec, size_t len, int cpu, int cpu_b)
{
	const char	*at = strchr(spec, '@');
	char		 kernel[80];
	int		 n = at != NULL ? (int)(at - spec) : (int)strlen(spec);

	snprintf(kernel, sizeof kernel, "%.*s", n < 79 ? n : 79, spec);
	if (cpu_b != -1)
		snprintf(spec, len, "%s@%d,%d", kernel, cpu, cpu_b);
	else
		snprintf(spec, len, "%s@%d", kernel, cpu);
}

/* The kernel of a spec ("chase:1m@0" is chase), or NULL. */
const struct kernel *
tour_solo_kernel(const char *spec)
{
	char	name[96];
	size_t	len = strcspn(spec, ":@");

	snprintf(name, sizeof name, "%.*s", (int)(len < 95 ? len : 95), spec);
	return kernel_find(name);
}

/* How far a solo is from a good one: the share it lacked and others' CPUs. */
static double
tour_solo_badness(const struct tour_solo *so)
{
	double	bad = isfinite(so->foreign.cpus) ? so->foreign.cpus : 0;

	if (so->cpu_bound && isfinite(so->share) && so->share < SOLO_SHARE_MIN)
		bad += SOLO_SHARE_MIN - so->share;
	return bad;
}

/* A solo to the session's baselines (capacity.h), under its place. */
static void
tour_solo_offer(const char *spec, const struct solo_result *r, int cpu_bound)
{
	char	key[CAPACITY_KEY_LEN];

	capacity_key_text(spec, key, sizeof key);
	capacity_offer(capacity_session(), key, r, cpu_bound, "tour");
}

/*
 * A placement with no solo of the tour's own takes the session's baseline
 * of its place (an earlier tour, the screen's loads): 1 if it did.
 */
int
tour_solo_adopt(struct tour_solos *t, const char *spec)
{
	const struct capacity_base	*b;
	struct tour_solo		*so;
	char				 key[CAPACITY_KEY_LEN];

	capacity_key_text(spec, key, sizeof key);
	if (tour_solo_find(t, spec) != NULL ||
	    (b = capacity_reusable(capacity_session(), key)) == NULL)
		return 0;
	t->v = xreallocarray(t->v, (size_t)t->n + 1, sizeof *t->v);
	so = &t->v[t->n++];
	memset(so, 0, sizeof *so);
	snprintf(so->spec, sizeof so->spec, "%s", spec);
	so->rate = b->rate;
	so->share = b->share;
	so->spread = b->spread;
	so->cpu_bound = kernel_cpu_bound(tour_solo_kernel(spec));
	so->foreign.cpus = b->foreign;
	so->reused = 1;
	return 1;
}

/* Keep a solo result of a placement: the first, a good one, or a less disturbed one. */
void
tour_solo_keep(struct tour_solos *t, const char *spec, const struct solo_result *r,
    const struct tour_foreign *who)
{
	struct tour_solo	 n, *so;

	memset(&n, 0, sizeof n);
	snprintf(n.spec, sizeof n.spec, "%s", spec);
	n.rate = isfinite(r->rate) && r->rate > 0 ? r->rate : NAN;
	n.share = r->share;
	n.spread = r->spread;
	n.cpu_bound = kernel_cpu_bound(tour_solo_kernel(spec));
	n.disturbed = solo_disturbed(r, n.cpu_bound);
	n.foreign = *who;
	/* Others' time over the window itself, when known: at least those named. */
	n.foreign.cpus = measure_foreign_kept(r->foreign, n.foreign.cpus, n.foreign.who,
	    n.foreign.n);
	if ((so = tour_solo_find(t, spec)) == NULL) {
		t->v = xreallocarray(t->v, (size_t)t->n + 1, sizeof *t->v);
		so = &t->v[t->n++];
		memset(so, 0, sizeof *so);
	}
	n.tries = so->tries + 1;
	n.waits = so->waits;
	tour_solo_offer(spec, r, n.cpu_bound);
	if (so->tries == 0 || !n.disturbed || !isfinite(so->rate) ||
	    (so->disturbed && tour_solo_badness(&n) < tour_solo_badness(so)))
		*so = n;
	else
		so->tries = n.tries;
}

/* Free the table. */
void
tour_solo_free(struct tour_solos *t)
{
	free(t->v);
	t->v = NULL;
	t->n = 0;
}
