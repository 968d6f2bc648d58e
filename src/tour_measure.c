/*
 * tour_measure.c: what the tour player measures: each placement's solo rate
 * (guarded: a disturbed one measured again once its core is quiet), the
 * step's stable window, the foreign work on each load's core, and the
 * figures of each step. No clock of its own, no screen.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "kernel.h"
#include "solo.h"
#include "stable.h"
#include "tour_player_priv.h"
#include "util.h"

/* The solo of a spec, or NULL. */
static const struct tour_solo *
tour_measure_find(const struct tour_player *p, const char *spec)
{
	int	i;

	for (i = 0; i < p->nsolos; i++)
		if (strcmp(p->solos[i].spec, spec) == 0)
			return &p->solos[i];
	return NULL;
}

/* The solo rate of a spec, or NAN. */
double
tour_measure_solo(const struct tour_player *p, const char *spec)
{
	const struct tour_solo	*so = tour_measure_find(p, spec);

	return so != NULL ? so->rate : NAN;
}

/* The kernel of a spec ("chase:1m@0" is chase), or NULL. */
static const struct kernel *
tour_measure_kernel(const char *spec)
{
	char	name[96];
	size_t	len = strcspn(spec, ":@");

	snprintf(name, sizeof name, "%.*s", (int)(len < 95 ? len : 95), spec);
	return kernel_find(name);
}

/* Note every process's CPU time now, when the host can. */
void
tour_measure_mark(struct tour_player *p)
{
	if (p->ops->foreign_mark != NULL)
		p->ops->foreign_mark(p->arg);
}

/* Others' work on a load's core between the last two marks. */
static void
tour_measure_foreign(struct tour_player *p, int id, struct tour_foreign *tf)
{
	tf->cpus = NAN;
	tf->n = 0;
	if (p->ops->foreign != NULL)
		tf->cpus = p->ops->foreign(p->arg, id, tf->who, TOUR_WHO_MAX, &tf->n);
}

/* Ask for the solo rate of every running load whose placement has none yet. */
void
tour_measure_ask_solos(struct tour_player *p)
{
	uint64_t	settle_ns;
	int		i, j, dup;

	/* One load alone needs little settling: nothing else was paused. */
	settle_ns = tour_player_running(p) > 1 ? 200000000ULL : 50000000ULL;
	solo_set_windows(p->solo, settle_ns, (uint64_t)(tour_player_solo_s(p) * 1e9));
	for (i = 0; i < p->nlive; i++) {
		if (p->live[i].paused || isfinite(tour_measure_solo(p, p->live[i].spec)))
			continue;
		for (dup = 0, j = 0; j < i; j++)
			dup |= p->live[j].queued &&
			    strcmp(p->live[j].spec, p->live[i].spec) == 0;
		if (dup)
			continue;
		solo_queue(p->solo, p->live[i].id);
		p->live[i].queued = 1;
	}
}

/* How far a solo is from a good one: the share it lacked and others' CPUs. */
static double
tour_measure_badness(const struct tour_solo *so)
{
	double	bad = isfinite(so->foreign.cpus) ? so->foreign.cpus : 0;

	if (so->cpu_bound && isfinite(so->share) && so->share < SOLO_SHARE_MIN)
		bad += SOLO_SHARE_MIN - so->share;
	return bad;
}

/*
 * Keep a solo result of a load's placement: the first, a good one, or one
 * less disturbed than the one kept (a disturbed solo measured again).
 */
static void
tour_measure_keep_solo(struct tour_player *p, const struct tour_live *l,
    const struct solo_result *r)
{
	struct tour_solo	 n, *so;
	int			 i;

	memset(&n, 0, sizeof n);
	snprintf(n.spec, sizeof n.spec, "%s", l->spec);
	n.rate = isfinite(r->rate) && r->rate > 0 ? r->rate : NAN;
	n.share = r->share;
	n.spread = r->spread;
	n.cpu_bound = solo_cpu_bound(tour_measure_kernel(l->spec));
	n.disturbed = solo_disturbed(r, n.cpu_bound);
	tour_measure_mark(p);
	tour_measure_foreign(p, l->id, &n.foreign);
	if (isfinite(r->foreign))
		n.foreign.cpus = r->foreign;
	for (i = 0; i < p->nsolos; i++)
		if (strcmp(p->solos[i].spec, l->spec) == 0)
			break;
	if (i == p->nsolos) {
		p->solos = xreallocarray(p->solos, (size_t)p->nsolos + 1, sizeof *p->solos);
		memset(&p->solos[p->nsolos++], 0, sizeof *p->solos);
	}
	so = &p->solos[i];
	n.tries = so->tries + 1;
	n.waits = so->waits;
	if (so->tries == 0 || !n.disturbed || !isfinite(so->rate) ||
	    (so->disturbed && tour_measure_badness(&n) < tour_measure_badness(so)))
		*so = n;
	else
		so->tries = n.tries;
}

/* Take in every new solo result of our loads, whoever asked for it. */
void
tour_measure_take_solos(struct tour_player *p)
{
	struct solo_result	 r;
	struct tour_live	*l;
	int			 i;

	if (p->solo == NULL)
		return;
	for (i = 0; i < p->nlive; i++) {
		l = &p->live[i];
		if (solo_result(p->solo, l->id, &r) == -1 || r.end_ns == l->solo_end_ns)
			continue;
		l->solo_end_ns = r.end_ns;
		tour_measure_keep_solo(p, l, &r);
	}
}

/* Name the measurement under way in the status, once per load measured. */
static void
tour_measure_solo_status(struct tour_player *p)
{
	int	cur = solo_current(p->solo), i;

	if (cur == p->shown)
		return;
	p->shown = cur;
	p->status[0] = '\0';
	if (cur != -1)
		tour_measure_mark(p);
	for (i = 0; i < p->nlive; i++) {
		if (p->live[i].id != cur || !p->live[i].queued)
			continue;
		snprintf(p->status, sizeof p->status, "measuring %s (%s) alone, the "
		    "others paused", p->live[i].name, p->live[i].spec);
		tour_player_event(p, TOUR_EV_SOLO);
	}
}

/*
 * Advance the solo measurements; 1 once none of ours is left and nothing
 * else is measured alone (the step's own figures need every load running).
 */
int
tour_measure_solos_done(struct tour_player *p, double now)
{
	struct solo_result	 r;
	struct load_sample	 s;
	int			 i, id, busy = 0;

	while (solo_poll(p->solo, (uint64_t)(now * 1e9), &id, &r) == 1)
		;
	tour_measure_take_solos(p);
	for (i = 0; i < p->nlive; i++) {
		if (!p->live[i].queued)
			continue;
		if (solo_pending(p->solo, p->live[i].id)) {
			busy = 1;
			continue;
		}
		p->live[i].queued = 0;
		/* Over without a result: the measurer lost it; did it die? */
		if (solo_result(p->solo, p->live[i].id, &r) == -1 &&
		    tour_player_sample(p, i, &s) == -1)
			i--;
	}
	tour_measure_solo_status(p);
	return !busy && solo_current(p->solo) == -1;
}

/* A load's figures at the end of the window: rate, spread, foreign work. */
static int
tour_measure_load(struct tour_player *p, int i, struct tour_load_result *lr)
{
	struct tour_live	*l = &p->live[i];
	struct load_sample	 s1;

	if (tour_player_sample(p, i, &s1) == -1)
		return -1;
	lr->rate = analysis_rate(&l->s0, &s1);
	lr->spread = stable_spread(&l->st);
	lr->speed = analysis_speed(lr->rate, lr->solo);
	tour_measure_foreign(p, l->id, &lr->foreign);
	lr->disturbed = lr->foreign.cpus > SOLO_FOREIGN_MAX;
	return 0;
}

/* Record the figures of the step from the two samples of each running load. */
void
tour_measure_step(struct tour_player *p)
{
	struct tour_step_result	*r = &p->res[p->step];
	struct tour_load_result	*lr;
	const struct tour_solo	*so;
	struct tour_live	*l;
	double			 sum = 0;
	int			 i, n = 0;

	r->nloads = 0;
	tour_measure_mark(p);
	for (i = 0; i < p->nlive; i++) {
		l = &p->live[i];
		lr = &r->loads[r->nloads];
		memset(lr, 0, sizeof *lr);
		snprintf(lr->name, sizeof lr->name, "%s", l->name);
		snprintf(lr->spec, sizeof lr->spec, "%s", l->spec);
		lr->k = tour_measure_kernel(l->spec);
		lr->cpu = l->cpu;
		lr->cpu_b = l->cpu_b;
		lr->paused = l->paused;
		lr->solo = lr->solo_spread = NAN;
		lr->solo_foreign.cpus = lr->foreign.cpus = NAN;
		if ((so = tour_measure_find(p, l->spec)) != NULL) {
			lr->solo = so->rate;
			lr->solo_spread = so->spread;
			lr->solo_disturbed = so->disturbed;
			lr->solo_tries = so->tries;
			lr->solo_foreign = so->foreign;
		}
		lr->rate = lr->speed = lr->spread = NAN;
		if (!l->paused && tour_measure_load(p, i, lr) == -1) {
			i--;
			continue;
		}
		if (!l->paused && isfinite(lr->speed)) {
			sum += lr->speed;
			n++;
		}
		r->nloads++;
	}
	r->yield = n > 0 ? sum : NAN;
	r->measured = 1;
	tour_player_event(p, TOUR_EV_MEASURED);
}

/* Begin the step's window: each running load's first sample and sub-windows. */
void
tour_measure_begin(struct tour_player *p, double now)
{
	double	t = tour_player_step_s(p), max_s;
	int	i;

	for (i = 0; i < p->nlive; i++)
		if (!p->live[i].paused && tour_player_sample(p, i, &p->live[i].s0) == -1)
			i--;
	p->phase = PH_WINDOW;
	p->t_end = t > 0 ? p->step_start + t : now + 3;
	if (p->t_end < now + 0.1)
		p->t_end = now + 0.1;
	max_s = p->t_end - now;
	for (i = 0; i < p->nlive; i++) {
		p->live[i].sub0 = p->live[i].s0;
		stable_init(&p->live[i].st, max_s < TOUR_WINDOW_MIN_S ? max_s :
		    TOUR_WINDOW_MIN_S, max_s, TOUR_TOL, TOUR_NEED);
	}
	p->t_sub = now + TOUR_SUB_S;
	tour_measure_mark(p);
}

/* A sub-window is over: feed each running load's; 1 when every rate is known. */
int
tour_measure_sub(struct tour_player *p, double now)
{
	struct load_sample	 s;
	struct tour_live	*l;
	int			 i, over = 1;

	for (i = 0; i < p->nlive; i++) {
		l = &p->live[i];
		if (l->paused)
			continue;
		if (tour_player_sample(p, i, &s) == -1) {
			i--;
			continue;
		}
		over &= stable_add(&l->st, (double)(uint64_t)(s.count - l->sub0.count),
		    s.t_ns > l->sub0.t_ns ? (double)(s.t_ns - l->sub0.t_ns) / 1e9 : 0);
		l->sub0 = s;
	}
	p->t_sub = now + TOUR_SUB_S;
	return over;
}

/* The running loads whose solo is disturbed and may be measured again: how many. */
int
tour_measure_disturbed(const struct tour_player *p)
{
	const struct tour_solo	*so;
	int			 i, n = 0;

	if (p->ops->foreign == NULL)
		return 0;
	for (i = 0; i < p->nlive; i++) {
		so = tour_measure_find(p, p->live[i].spec);
		n += !p->live[i].paused && so != NULL && so->disturbed &&
		    so->tries + so->waits <= SOLO_RETRIES;
	}
	return n;
}

/*
 * A quiet tick is over: queue again each disturbed solo whose core went
 * quiet; at the end of the wait, note that the others waited in vain.
 * 1 if a solo was queued.
 */
int
tour_measure_quiet_tick(struct tour_player *p, int last)
{
	struct tour_foreign	 tf;
	struct tour_solo	*so;
	int			 i, j, dup, n = 0;

	tour_measure_mark(p);
	for (i = 0; i < p->nlive; i++) {
		so = (struct tour_solo *)tour_measure_find(p, p->live[i].spec);
		if (p->live[i].paused || so == NULL || !so->disturbed ||
		    so->tries + so->waits > SOLO_RETRIES)
			continue;
		for (dup = 0, j = 0; j < i; j++)
			dup |= strcmp(p->live[j].spec, p->live[i].spec) == 0;
		tour_measure_foreign(p, p->live[i].id, &tf);
		if (!dup && tf.cpus <= SOLO_FOREIGN_MAX) {
			solo_queue(p->solo, p->live[i].id);
			p->live[i].queued = 1;
			n++;
		} else if (!dup && last)
			so->waits++;
	}
	return n > 0;
}
