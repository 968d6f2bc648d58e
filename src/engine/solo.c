/* solo.c: the one solo-baseline measurer: queue, pause the others, settle, count, resume. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/analysis.h"
#include "sample/cpustat.h"
#include "sample/foreign.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "engine/stable.h"
#include "base/util.h"

enum solo_phase {
	SOLO_IDLE,
	SOLO_SETTLE,	/* the others just paused: let caches and clocks settle */
	SOLO_COUNT	/* counting the window */
};

struct solo {
	const struct solo_ops	*ops;
	void			*arg;
	uint64_t		 settle_ns, window_ns;
	int			 queue[LOADS_MAX];
	int			 nqueue;
	int			 held[LOADS_MAX];	/* ids paused by us */
	int			 nheld;
	int			 id;			/* measured now, or -1 */
	enum solo_phase		 phase;
	uint64_t		 t_ns;			/* end of the phase */
	struct load_sample	 s0;			/* at the start of the window */
	uint64_t		 foreign0;		/* others' time on the core then */
	int			 foreign0_ok;
	struct solo_stable	 stab;			/* max_ns 0: a fixed window */
	struct stable		 st;			/* the stable window's sub-windows */
	struct load_sample	 sub0;			/* the start of the sub-window */
	struct solo_done {
		int			 id;
		struct solo_result	 r;
	}			 done[LOADS_MAX];	/* the last result of each load */
	int			 ndone;
};

/* Drop id from a list; whether it was there. */
static int
solo_list_drop(int *v, int *n, int id)
{
	int	i;

	for (i = 0; i < *n; i++) {
		if (v[i] == id) {
			memmove(&v[i], &v[i + 1], (size_t)(*n - i - 1) * sizeof v[0]);
			(*n)--;
			return 1;
		}
	}
	return 0;
}

/* Is id in a list? */
static int
solo_list_has(const int *v, int n, int id)
{
	int	i;

	for (i = 0; i < n; i++)
		if (v[i] == id)
			return 1;
	return 0;
}

/* Drop a load's last result. */
static void
solo_done_drop(struct solo *s, int id)
{
	int	i;

	for (i = 0; i < s->ndone; i++) {
		if (s->done[i].id == id) {
			s->done[i] = s->done[--s->ndone];
			return;
		}
	}
}

/* Keep a load's result; the oldest goes when the table is full. */
static void
solo_done_add(struct solo *s, int id, const struct solo_result *r)
{
	solo_done_drop(s, id);
	if (s->ndone == LOADS_MAX) {
		memmove(&s->done[0], &s->done[1], (LOADS_MAX - 1) * sizeof s->done[0]);
		s->ndone--;
	}
	s->done[s->ndone].id = id;
	s->done[s->ndone++].r = *r;
}

/* A measurer over loads reached through ops. */
struct solo *
solo_new(const struct solo_ops *ops, void *arg)
{
	struct solo	*s = xcalloc(1, sizeof *s);

	s->ops = ops;
	s->arg = arg;
	s->settle_ns = SOLO_SETTLE_NS;
	s->window_ns = SOLO_WINDOW_NS;
	s->id = -1;
	return s;
}

/* Resume every load we hold; the measurement (if any) is abandoned. */
static void
solo_release(struct solo *s)
{
	int	i;

	for (i = 0; i < s->nheld; i++)
		s->ops->pause(s->arg, s->held[i], 0);
	s->nheld = 0;
	s->id = -1;
	s->phase = SOLO_IDLE;
}

/* Resume whatever it holds, then free. */
void
solo_free(struct solo *s)
{
	if (s == NULL)
		return;
	solo_release(s);
	free(s);
}

/* The settle and counted windows of the next measurements. */
void
solo_set_windows(struct solo *s, uint64_t settle_ns, uint64_t window_ns)
{
	s->settle_ns = settle_ns;
	s->window_ns = window_ns > 0 ? window_ns : SOLO_WINDOW_NS;
}

/* Queue a load to be measured alone. */
void
solo_queue(struct solo *s, int id)
{
	if (id == s->id || solo_list_has(s->queue, s->nqueue, id) || s->nqueue == LOADS_MAX)
		return;
	solo_done_drop(s, id);
	s->queue[s->nqueue++] = id;
}

/* The load is gone or changed: drop it from the queue, the hold and the measurement. */
void
solo_forget(struct solo *s, int id)
{
	solo_list_drop(s->queue, &s->nqueue, id);
	solo_list_drop(s->held, &s->nheld, id);
	solo_done_drop(s, id);
	if (s->id == id)
		solo_release(s);
}

/* Restart the current measurement from its settle. */
void
solo_restart(struct solo *s, int id)
{
	if (s->id != id)
		return;
	s->phase = SOLO_SETTLE;
	s->t_ns = util_now_ns() + s->settle_ns;
}

/* Hold a newcomer paused until the measurement ends. */
void
solo_hold(struct solo *s, int id)
{
	if (s->id == -1 || id == s->id || solo_list_has(s->held, s->nheld, id) ||
	    s->nheld == LOADS_MAX)
		return;
	if (s->ops->pause(s->arg, id, 1) == 0)
		s->held[s->nheld++] = id;
}

/* The load measured now, or -1 (none, or no measurer: a replay). */
int
solo_current(const struct solo *s)
{
	return s != NULL ? s->id : -1;
}

/* Is the load queued or being measured? */
int
solo_pending(const struct solo *s, int id)
{
	return s != NULL && (s->id == id || solo_list_has(s->queue, s->nqueue, id));
}

/* Is the load held paused by the measurer? */
int
solo_holds(const struct solo *s, int id)
{
	return s != NULL && solo_list_has(s->held, s->nheld, id);
}

/* Is anything measured or queued? */
int
solo_busy(const struct solo *s)
{
	return s->id != -1 || s->nqueue > 0;
}

/* Start the next queued load that runs: pause every other running load. */
static void
solo_next(struct solo *s, uint64_t now)
{
	int	run[LOADS_MAX];
	int	i, n, id;

	while (s->id == -1 && s->nqueue > 0) {
		n = s->ops->running(s->arg, run, LOADS_MAX);
		/* The first queued load that runs; paused ones wait in the queue. */
		for (id = -1, i = 0; i < s->nqueue && id == -1; i++)
			if (solo_list_has(run, n, s->queue[i]))
				id = s->queue[i];
		if (id == -1)
			return;
		solo_list_drop(s->queue, &s->nqueue, id);
		s->id = id;
		s->phase = SOLO_SETTLE;
		s->t_ns = now + s->settle_ns;
		for (i = 0; i < n; i++)
			if (run[i] != id && s->ops->pause(s->arg, run[i], 1) == 0)
				s->held[s->nheld++] = run[i];
	}
}

/* Begin a stable window's first sub-window at the start of the count. */
static void
solo_stable_begin(struct solo *s)
{
	const struct solo_stable	*b = &s->stab;

	if (b->max_ns == 0)
		return;
	stable_init(&s->st, (double)b->min_ns / 1e9, (double)b->max_ns / 1e9, b->tol,
	    b->need);
	s->sub0 = s->s0;
	s->t_ns = s->s0.t_ns + b->sub_ns;
}

/* A sub-window ended at s1: is the stable window over? If not, the next is due. */
static int
solo_stable_over(struct solo *s, const struct load_sample *s1)
{
	double	secs;

	if (s1->t_ns <= s->sub0.t_ns)
		secs = 0;
	else
		secs = (double)(s1->t_ns - s->sub0.t_ns) / 1e9;
	if (stable_add(&s->st, (double)(uint64_t)(s1->count - s->sub0.count), secs))
		return 1;
	s->sub0 = *s1;
	s->t_ns = s1->t_ns + s->stab.sub_ns;
	return 0;
}

/* Advance with the clock; 1 with a finished measurement. */
int
solo_poll(struct solo *s, uint64_t now, int *id, struct solo_result *res)
{
	struct load_sample	s1;
	uint64_t		f1;

	if (s->id == -1)
		solo_next(s, now);
	if (s->id == -1 || now < s->t_ns)
		return 0;
	if (s->ops->sample(s->arg, s->id, s->phase == SOLO_SETTLE ? &s->s0 : &s1) == -1) {
		solo_release(s);
		solo_next(s, now);
		return 0;
	}
	if (s->phase == SOLO_SETTLE) {
		s->phase = SOLO_COUNT;
		s->t_ns = s->s0.t_ns + s->window_ns;
		s->foreign0_ok = s->ops->foreign_ns != NULL &&
		    s->ops->foreign_ns(s->arg, s->id, &s->foreign0) == 0;
		solo_stable_begin(s);
		return 0;
	}
	if (s->stab.max_ns != 0 && !solo_stable_over(s, &s1))
		return 0;
	*id = s->id;
	memset(res, 0, sizeof *res);
	res->foreign = NAN;
	res->spread = s->stab.max_ns != 0 ? stable_spread(&s->st) : NAN;
	if (s->foreign0_ok && s->ops->foreign_ns(s->arg, s->id, &f1) == 0 &&
	    s1.t_ns > s->s0.t_ns)
		res->foreign = f1 > s->foreign0 ?
		    (double)(f1 - s->foreign0) / (double)(s1.t_ns - s->s0.t_ns) : 0;
	res->rate = analysis_rate(&s->s0, &s1);
	if (!(res->rate > 0))
		res->rate = NAN;
	/* A load that never ran in the window got none of its CPU: disturbed. */
	res->share = s->s0.run_ns == 0 ? NAN : s1.run_ns > s->s0.run_ns ?
	    analysis_share(&s->s0, &s1) : 0;
	res->window_ns = s1.t_ns - s->s0.t_ns;
	res->end_ns = s1.t_ns;
	solo_done_add(s, s->id, res);
	solo_release(s);
	solo_next(s, now);
	return 1;
}

/* When solo_poll() next has something to do; 0 if idle. */
uint64_t
solo_deadline(const struct solo *s)
{
	return s->id != -1 ? s->t_ns : 0;
}

/* The last finished measurement of a load; -1 if none. */
int
solo_result(const struct solo *s, int id, struct solo_result *res)
{
	int	i;

	for (i = 0; i < s->ndone; i++) {
		if (s->done[i].id == id) {
			*res = s->done[i].r;
			return 0;
		}
	}
	return -1;
}

/* Counted windows that end when the rate is known; NULL: fixed windows. */
void
solo_set_stable(struct solo *s, const struct solo_stable *stab)
{
	memset(&s->stab, 0, sizeof s->stab);
	if (stab != NULL && stab->max_ns > 0 && stab->sub_ns > 0)
		s->stab = *stab;
}

/* Blocking: measure one load alone now, in a fixed or a stable window. */
static int
solo_measure_with(const struct solo_ops *ops, void *arg, int id, uint64_t settle_ns,
    uint64_t window_ns, const struct solo_stable *stab, struct solo_result *res)
{
	struct solo	*s = solo_new(ops, arg);
	uint64_t	 now, due;
	int		 got, sig = 0, rc = -1;

	solo_set_windows(s, settle_ns, window_ns);
	solo_set_stable(s, stab);
	solo_queue(s, id);
	for (;;) {
		now = util_now_ns();
		if (solo_poll(s, now, &got, res) == 1 && got == id) {
			rc = 0;
			break;
		}
		if ((due = solo_deadline(s)) == 0)
			break;		/* it died, or never ran */
		now = util_now_ns();
		if (due > now && (sig = measure_sleep((double)(due - now) / 1e9)) != 0) {
			rc = sig;
			break;
		}
	}
	solo_free(s);
	return rc;
}

/* Is a result disturbed? */
int
solo_disturbed(const struct solo_result *r, int cpu_bound)
{
	if (isfinite(r->foreign) && r->foreign > SOLO_FOREIGN_MAX)
		return 1;
	return cpu_bound && isfinite(r->share) && r->share < SOLO_SHARE_MIN;
}

/* solo_loads_ops: pause through loads_pause(). */
static int
solo_loads_pause(void *arg, int id, int pause)
{
	struct loads	*ls = arg;
	struct load	*l = loads_get(ls, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	if (pause != (l->state == LOAD_PAUSED) && loads_pause(ls, id, pause) == -1)
		return -1;
	if (!pause)
		loads_rebase(ls, l);
	return 0;
}

/* solo_loads_ops: a fresh sample through loads_peek(), after reaping. */
static int
solo_loads_sample(void *arg, int id, struct load_sample *out)
{
	struct loads	*ls = arg;
	struct load	*l;

	loads_reap(ls);
	if ((l = loads_get(ls, id)) == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(ls, l, out);
	return 0;
}

/* solo_loads_ops: the running loads. */
static int
solo_loads_running(void *arg, int *ids, int max)
{
	struct loads	*ls = arg;
	struct load	*l;
	int		 i, n = 0;

	for (i = 0; i < loads_count(ls) && n < max; i++) {
		l = loads_at(ls, i);
		if (l->state == LOAD_RUNNING)
			ids[n++] = l->id;
	}
	return n;
}

/* solo_loads_ops: others' time on the load's core (measure.c), with the loads' reader. */
static int
solo_loads_foreign_ns(void *arg, int id, uint64_t *ns)
{
	struct loads	*ls = arg;

	return measure_core_foreign_ns(loads_topo(ls), loads_reader(ls), loads_get(ls, id),
	    ns);
}

/* How far a result is from a good solo: the share it lacked and others' CPUs. */
static double
solo_badness(const struct solo_result *r, int cpu_bound)
{
	double	bad = isfinite(r->foreign) ? r->foreign : 0;

	if (cpu_bound && isfinite(r->share) && r->share < SOLO_SHARE_MIN)
		bad += SOLO_SHARE_MIN - r->share;
	return bad;
}

/* The time others spend on a load's core per second over one tick; NAN unknown. */
static double
solo_foreign_tick(const struct solo_ops *ops, void *arg, int id, int *sig)
{
	uint64_t	f0, f1, t0, t1;

	t0 = util_now_ns();
	if (ops->foreign_ns(arg, id, &f0) == -1)
		return NAN;
	if ((*sig = measure_sleep(SOLO_QUIET_TICK_S)) != 0)
		return NAN;
	t1 = util_now_ns();
	if (ops->foreign_ns(arg, id, &f1) == -1 || t1 <= t0)
		return NAN;
	return f1 > f0 ? (double)(f1 - f0) / (double)(t1 - t0) : 0;
}

/*
 * Wait, the other loads paused, until others use at most SOLO_FOREIGN_MAX of
 * a CPU on the load's core over a tick: 1 when that came, 0 when it did not
 * by limit_ns (or cannot be known), or a signal's number in *sig.
 */
static int
solo_wait_quiet(const struct solo_ops *ops, void *arg, int id, uint64_t limit_ns,
    int *sig)
{
	int		run[LOADS_MAX], held[LOADS_MAX], n, nheld = 0, i, quiet = 0;
	uint64_t	end = util_now_ns() + limit_ns;
	double		f;

	*sig = 0;
	if (ops->foreign_ns == NULL)
		return 0;
	n = ops->running(arg, run, LOADS_MAX);
	for (i = 0; i < n; i++)
		if (run[i] != id && ops->pause(arg, run[i], 1) == 0)
			held[nheld++] = run[i];
	while (!quiet && *sig == 0 && util_now_ns() < end) {
		f = solo_foreign_tick(ops, arg, id, sig);
		if (!isfinite(f) && *sig == 0)
			break;
		quiet = f <= SOLO_FOREIGN_MAX;
	}
	for (i = 0; i < nheld; i++)
		ops->pause(arg, held[i], 0);
	return quiet && *sig == 0;
}

/* Blocking and guarded: measure, and again in a quiet window while disturbed. */
int
solo_measure_guarded(const struct solo_ops *ops, void *arg, int id, uint64_t settle_ns,
    const struct solo_stable *stab, int cpu_bound, uint64_t quiet_ns,
    struct solo_result *res, int *tries)
{
	struct solo_result	r;
	uint64_t		window_ns = stab != NULL ? stab->max_ns : SOLO_WINDOW_NS, t0;
	double			waited = 0;
	int			rc, sig, quiet;

	*tries = 1;
	if ((rc = solo_measure_with(ops, arg, id, settle_ns, window_ns, stab, res)) != 0)
		return rc;
	res->waited_s = 0;
	while (solo_disturbed(res, cpu_bound) && *tries <= SOLO_RETRIES) {
		t0 = util_now_ns();
		quiet = solo_wait_quiet(ops, arg, id, quiet_ns, &sig);
		waited += (double)(util_now_ns() - t0) / 1e9;
		res->waited_s = waited;
		if (!quiet)
			return sig;
		if ((rc = solo_measure_with(ops, arg, id, settle_ns, window_ns, stab,
		    &r)) != 0)
			return rc;
		(*tries)++;
		if (solo_badness(&r, cpu_bound) < solo_badness(res, cpu_bound))
			*res = r;
		res->waited_s = waited;
	}
	return 0;
}

const struct solo_ops solo_loads_ops = {
	.pause = solo_loads_pause,
	.sample = solo_loads_sample,
	.running = solo_loads_running,
	.foreign_ns = solo_loads_foreign_ns,
};

/* Set a stable solo window and a together window with the same bounds. */
void
solo_stable_set(struct solo_stable *stab, struct measure_win *w, double min_s, double max_s,
    double sub_s, double tol, int need)
{
	memset(w, 0, sizeof *w);
	w->min_s = min_s;
	w->max_s = max_s;
	w->sub_s = sub_s;
	w->tol = tol;
	w->need = need;
	stab->min_ns = (uint64_t)(min_s * 1e9);
	stab->max_ns = (uint64_t)(max_s * 1e9);
	stab->sub_ns = (uint64_t)(sub_s * 1e9);
	stab->tol = tol;
	stab->need = need;
}
