/*
 * tour_player.c: the engine: a state machine that plays a resolved tour
 * through its host's operations, measures each new placement alone, then
 * every step's loads together. No clock of its own, no screen.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/capacity.h"
#include "engine/analysis.h"
#include "engine/solo.h"
#include "engine/stable.h"
#include "exp/tour/tour_plan.h"
#include "exp/tour/tour_player.h"
#include "exp/tour/tour_player_state.h"
#include "exp/tour/tour_solo.h"
#include "base/util.h"

#define TOUR_READY_S		30.0	/* a load that has done nothing by then failed */
#define TOUR_POLL_S		0.02
#define TOUR_SUB_S		0.1	/* sub-windows of a step's stable window */
#define TOUR_WINDOW_MIN_S	0.5
#define TOUR_TOL		0.03
#define TOUR_NEED		3
#define TOUR_QUIET_S		1.0	/* a disturbed solo waits this long for quiet */

/* Our own measurer's view of the loads: pause and sample through the host. */
static int
tour_player_solo_pause(void *arg, int id, int pause)
{
	struct tour_player	*p = arg;

	return p->ops->pause(p->arg, id, pause);
}

/* Our own measurer: a fresh sample through the host. */
static int
tour_player_solo_sample(void *arg, int id, struct load_sample *out)
{
	struct tour_player	*p = arg;

	return p->ops->sample(p->arg, id, out);
}

/* Our own measurer: the live loads the script has not paused. */
static int
tour_player_solo_running(void *arg, int *ids, int max)
{
	struct tour_player	*p = arg;
	int			 i, n = 0;

	for (i = 0; i < p->nlive && n < max; i++)
		if (!p->live[i].paused)
			ids[n++] = p->live[i].id;
	return n;
}

static const struct solo_ops tour_player_solo_ops = {
	.pause = tour_player_solo_pause,
	.sample = tour_player_solo_sample,
	.running = tour_player_solo_running,
};

/* Resolve every step against the topology. */
struct tour_player *
tour_player_new(const struct tour *t, const struct topo *m, const struct tour_ops *ops,
    void *arg, const struct tour_options *opt)
{
	struct tour_player	*p;
	struct tour_cfg		 empty;
	int			 i;

	p = xcalloc(1, sizeof *p);
	p->t = t;
	p->m = m;
	p->ops = ops;
	p->arg = arg;
	if (opt != NULL)
		p->opt = *opt;
	if (p->opt.default_s <= 0)
		p->opt.default_s = 5;
	p->plan = xcalloc((size_t)t->nsteps, sizeof *p->plan);
	p->res = xcalloc((size_t)t->nsteps, sizeof *p->res);
	idle_hold_init(&p->idle, IDLE_QOS, NULL);
	memset(&empty, 0, sizeof empty);
	for (i = 0; i < t->nsteps; i++)
		tour_plan_step(m, &t->steps[i], i == 0 ? &empty : &p->plan[i - 1].after,
		    &p->plan[i]);
	p->phase = PH_IDLE;
	p->shown = -1;
	if (ops != NULL && ops->solo != NULL)
		p->solo = ops->solo(arg);
	if (ops != NULL && p->solo == NULL) {
		p->solo = solo_new(&tour_player_solo_ops, p);
		p->own_solo = 1;
	}
	return p;
}

/* Tell the host something changed. */
static void
tour_player_event(struct tour_player *p, enum tour_event ev)
{
	if (p->ops->event != NULL)
		p->ops->event(p->arg, ev, p);
}

/* Add a failure to the current step's note. */
static void __attribute__((format(printf, 2, 3)))
tour_player_fail(struct tour_player *p, const char *fmt, ...)
{
	struct tour_step_result	*r = &p->res[p->step];
	char			 msg[200];
	size_t			 used = strlen(r->note);
	va_list			 ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(r->note + used, sizeof r->note - used, "%sfailed: %s",
	    used > 0 ? "; " : "", msg);
	tour_player_event(p, TOUR_EV_FAILED);
}

/* The live load of this name, or -1. */
static int
tour_live_find(const struct tour_player *p, const char *name)
{
	int	i;

	for (i = 0; i < p->nlive; i++)
		if (strcmp(p->live[i].name, name) == 0)
			return i;
	return -1;
}

/* Forget a live load (already stopped or dead). */
static void
tour_live_remove(struct tour_player *p, int i)
{
	solo_forget(p->solo, p->live[i].id);
	memmove(&p->live[i], &p->live[i + 1], (size_t)(p->nlive - i - 1) *
	    sizeof p->live[0]);
	p->nlive--;
}

/* Stop every live load. */
static void
tour_player_stop_all(struct tour_player *p)
{
	char	err[64];

	while (p->nlive > 0) {
		solo_forget(p->solo, p->live[p->nlive - 1].id);
		p->ops->stop(p->arg, p->live[p->nlive - 1].id);
		p->nlive--;
	}
	/* Idle as is again: a clean step holds it anew if its configuration does. */
	idle_hold_off(&p->idle, err, sizeof err);
}

/* Withdraw the solo measurements we asked for: the loads they hold resume. */
static void
tour_player_unsolo(struct tour_player *p)
{
	int	i;

	for (i = 0; i < p->nlive; i++) {
		if (p->live[i].queued) {
			solo_forget(p->solo, p->live[i].id);
			p->live[i].queued = 0;
		}
	}
	p->shown = -1;
}

/* Ask the host to do one resolved action. */
static void
tour_player_apply(struct tour_player *p, const struct tour_op *op)
{
	struct tour_live	*l;
	char			 err[256];
	int			 id, i = tour_live_find(p, op->name);

	err[0] = '\0';
	switch (op->type) {
	case TOUR_START:
		if (i != -1) {
			p->ops->stop(p->arg, p->live[i].id);
			tour_live_remove(p, i);
		}
		if (p->nlive == TOUR_LOADS_MAX)
			return;
		if ((id = p->ops->start(p->arg, op->name, op->spec, err, sizeof err)) == -1) {
			tour_player_fail(p, "start %s (%s): %.100s", op->name, op->spec,
			    err);
			return;
		}
		l = &p->live[p->nlive++];
		memset(l, 0, sizeof *l);
		l->id = id;
		snprintf(l->name, sizeof l->name, "%s", op->name);
		snprintf(l->spec, sizeof l->spec, "%s", op->spec);
		l->cpu = op->cpu;
		l->cpu_b = op->cpu_b;
		break;
	case TOUR_STOP:
	case TOUR_STOP_ALL:
		if (i == -1)
			return;
		p->ops->stop(p->arg, p->live[i].id);
		tour_live_remove(p, i);
		break;
	case TOUR_MOVE:
		if (i == -1)
			return;
		l = &p->live[i];
		if (p->ops->move(p->arg, l->id, op->cpu, op->cpu_b, err, sizeof err) == -1) {
			tour_player_fail(p, "move %s: %.150s", op->name, err);
			return;
		}
		l->cpu = op->cpu;
		if (op->cpu_b != -1)
			l->cpu_b = op->cpu_b;
		tour_solo_respec(l->spec, sizeof l->spec, l->cpu, l->cpu_b);
		break;
	case TOUR_PAUSE:
	case TOUR_RESUME:
		if (i == -1)
			return;
		p->live[i].paused = op->type == TOUR_PAUSE;
		p->ops->pause(p->arg, p->live[i].id, p->live[i].paused);
		break;
	case TOUR_HIGHLIGHT:
		break;
	case TOUR_IDLE:
		if (!op->cpu)
			idle_hold_off(&p->idle, err, sizeof err);
		else if (idle_hold_on(&p->idle, err, sizeof err) == -1)
			tour_player_fail(p, "idle held: %.150s", err);
		break;
	}
}

/* The current step's own time (tour_player_step_time). */
static double
tour_player_step_s(const struct tour_player *p)
{
	return tour_player_step_time(p, p->step);
}

/* Settling time after a change. */
static double
tour_player_settle_s(const struct tour_player *p)
{
	double	s = tour_player_step_s(p);

	return s > 0 && s / 5 < 0.5 ? s / 5 : 0.5;
}

/* The solo measuring window. */
static double
tour_player_solo_s(const struct tour_player *p)
{
	double	s = tour_player_step_s(p) / 2;

	if (p->opt.solo_s > 0)
		return p->opt.solo_s;
	if (s <= 0 || s > 1)
		return 1;
	return s < 0.5 ? 0.5 : s;
}

/* Running loads: live and not paused by the script. */
static int
tour_player_running(const struct tour_player *p)
{
	int	i, n = 0;

	for (i = 0; i < p->nlive; i++)
		n += !p->live[i].paused;
	return n;
}

/* Begin the timed part of a step: settle, then measure, then hold. */
static void
tour_player_settle(struct tour_player *p, double now)
{
	p->status[0] = '\0';
	p->step_start = now;
	if (tour_player_running(p) == 0 || p->res[p->step].skipped) {
		p->phase = PH_HOLD;
		return;
	}
	p->phase = PH_SETTLE;
	p->t_end = now + tour_player_settle_s(p);
}

/* Enter step k; clean: stop everything and start the configuration before it. */
static void
tour_player_enter(struct tour_player *p, int k, int clean, double now)
{
	const struct tour_plan	*pl = &p->plan[k];
	struct tour_step_result	*r = &p->res[k];
	struct cpuset		 none;
	int			 i;

	tour_player_unsolo(p);
	p->step = k;
	memset(r, 0, sizeof *r);
	r->ran = 1;
	r->skipped = pl->skipped;
	r->yield = NAN;
	if (pl->skipped)
		snprintf(r->note, sizeof r->note, "skipped: %s", pl->note);
	if (clean) {
		tour_player_stop_all(p);
		if (k > 0) {
			const struct tour_cfg *c = &p->plan[k - 1].after;
			struct tour_op	op;

			for (i = 0; i < c->n; i++) {
				if (!c->v[i].placed)
					continue;
				tour_plan_op(&op, TOUR_START, &c->v[i]);
				tour_player_apply(p, &op);
				if (c->v[i].paused) {
					op.type = TOUR_PAUSE;
					tour_player_apply(p, &op);
				}
			}
			memset(&op, 0, sizeof op);
			op.type = TOUR_IDLE;
			op.cpu = c->idle_held;
			tour_player_apply(p, &op);
		}
	}
	for (i = 0; i < pl->nops; i++)
		tour_player_apply(p, &pl->ops[i]);
	p->status[0] = '\0';
	tour_player_event(p, TOUR_EV_STEP);
	if (p->ops->highlight != NULL) {
		cpuset_zero(&none);
		p->ops->highlight(p->arg, pl->skipped ? &none : &pl->highlight);
	}
	p->entered = now;
	/* A skipped step's loads (those of the step before) get their solos too. */
	if (tour_player_running(p) == 0) {
		tour_player_settle(p, now);
		return;
	}
	p->phase = PH_READY;
	p->ready_end = now + TOUR_READY_S;
	p->phase_start = now;
}

/* Finish: stop every load, clear the highlight. */
static void
tour_player_finish(struct tour_player *p)
{
	struct cpuset	none;

	if (p->phase == PH_DONE)
		return;
	tour_player_unsolo(p);
	tour_player_stop_all(p);
	if (p->ops->highlight != NULL) {
		cpuset_zero(&none);
		p->ops->highlight(p->arg, &none);
	}
	p->phase = PH_DONE;
	p->step = p->t->nsteps;
	p->status[0] = '\0';
	tour_player_event(p, TOUR_EV_DONE);
}

/* Sample a live load; on death forget it and note why. */
static int
tour_player_sample(struct tour_player *p, int i, struct load_sample *s)
{
	if (p->ops->sample(p->arg, p->live[i].id, s) == 0)
		return 0;
	tour_player_fail(p, "%s (%s) died", p->live[i].name, p->live[i].spec);
	p->ops->stop(p->arg, p->live[i].id);
	tour_live_remove(p, i);
	return -1;
}

/* Note every process's CPU time now, when the host can. */
static void
tour_player_mark(struct tour_player *p)
{
	if (p->ops->foreign_mark != NULL)
		p->ops->foreign_mark(p->arg);
}

/* Others' work on a load's core between the last two marks. */
static void
tour_player_foreign(struct tour_player *p, int id, struct tour_foreign *tf)
{
	tf->n = 0;
	tf->cpus = p->ops->foreign != NULL ? p->ops->foreign(p->arg, id, tf->who,
	    TOUR_WHO_MAX, &tf->n) : NAN;
}

/* Ask for the solo rate of every running load whose placement has none yet. */
static void
tour_player_ask_solos(struct tour_player *p)
{
	uint64_t	settle_ns;
	int		i, j, dup;

	/* One load alone needs little settling: nothing else was paused. */
	settle_ns = tour_player_running(p) > 1 ? 200000000ULL : 50000000ULL;
	solo_set_windows(p->solo, settle_ns, (uint64_t)(tour_player_solo_s(p) * 1e9));
	for (i = 0; i < p->nlive; i++) {
		if (p->live[i].paused || isfinite(tour_solo_rate(&p->solos, p->live[i].spec)) ||
		    tour_solo_adopt(&p->solos, p->live[i].spec))
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

/* Take in every new solo result of our loads, whoever asked for it. */
static void
tour_player_take_solos(struct tour_player *p)
{
	struct solo_result	 r;
	struct tour_foreign	 who;
	struct tour_live	*l;
	int			 i;

	if (p->solo == NULL)
		return;
	for (i = 0; i < p->nlive; i++) {
		l = &p->live[i];
		if (solo_result(p->solo, l->id, &r) == -1 || r.end_ns == l->solo_end_ns)
			continue;
		l->solo_end_ns = r.end_ns;
		tour_player_mark(p);
		tour_player_foreign(p, l->id, &who);
		tour_solo_keep(&p->solos, l->spec, &r, &who);
	}
}

/* Name the measurement under way in the status, once per load measured. */
static void
tour_player_solo_status(struct tour_player *p)
{
	int	cur = solo_current(p->solo), i;

	if (cur == p->shown)
		return;
	p->shown = cur;
	p->status[0] = '\0';
	if (cur != -1)
		tour_player_mark(p);
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
static int
tour_player_solos_done(struct tour_player *p, double now)
{
	struct solo_result	 r;
	struct load_sample	 s;
	int			 i, id, busy = 0;

	while (solo_poll(p->solo, (uint64_t)(now * 1e9), &id, &r) == 1)
		;
	tour_player_take_solos(p);
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
	tour_player_solo_status(p);
	return !busy && solo_current(p->solo) == -1;
}

/* A load's figures at the end of the window: rate, spread, foreign work. */
static int
tour_player_load_figures(struct tour_player *p, int i, struct tour_load_result *lr)
{
	struct tour_live	*l = &p->live[i];
	struct load_sample	 s1;

	if (tour_player_sample(p, i, &s1) == -1)
		return -1;
	lr->rate = analysis_rate(&l->s0, &s1);
	lr->spread = stable_spread(&l->st);
	lr->speed = analysis_speed(lr->rate, lr->solo);
	tour_player_foreign(p, l->id, &lr->foreign);
	lr->disturbed = lr->foreign.cpus > SOLO_FOREIGN_MAX;
	return 0;
}

/*
 * The marks of a step's speeds (analysis.h): ~ on a disturbed solo or
 * window, ? past physics or above 100% on a disturbed solo, and ? for the
 * loads that time-share one CPU and did more than its work together; a
 * yield with an unknown speed in it is unknown.
 */
static void
tour_player_marks(struct tour_step_result *r)
{
	struct tour_load_result	*lr;
	enum analysis_mark	 mark[TOUR_LOADS_MAX];
	double			 speed[TOUR_LOADS_MAX], spread[TOUR_LOADS_MAX];
	int			 cpu[TOUR_LOADS_MAX], i, bound;

	for (i = 0; i < r->nloads; i++) {
		lr = &r->loads[i];
		bound = kernel_cpu_bound(lr->k);
		speed[i] = lr->paused ? NAN : lr->speed;
		spread[i] = (isfinite(lr->spread) ? lr->spread : 0) +
		    (isfinite(lr->solo_spread) ? lr->solo_spread : 0);
		lr->mark = mark[i] = analysis_speed_mark(speed[i], spread[i], bound,
		    lr->solo_disturbed, lr->disturbed, lr->mark_why, sizeof lr->mark_why);
		cpu[i] = bound && lr->cpu_b == -1 ? lr->cpu : -1;
	}
	analysis_shared_marks(cpu, speed, spread, r->nloads, mark);
	for (i = 0; i < r->nloads; i++) {
		lr = &r->loads[i];
		if (mark[i] != lr->mark) {
			lr->mark = mark[i];
			snprintf(lr->mark_why, sizeof lr->mark_why, "speed unknown: the "
			    "loads time-sharing CPU %d did more than one CPU's work: a solo "
			    "ran on a slower CPU", cpu[i]);
		}
		if (lr->mark == ANALYSIS_UNKNOWN)
			r->yield_unknown = 1;
	}
}

/* The baseline of a load's place its speed stands on (capacity.h), when the session has it. */
static void
tour_player_base(const struct tour_player *p, const struct tour_solo *so,
    struct tour_load_result *lr)
{
	const struct capacity_base	*b;
	char				 key[CAPACITY_KEY_LEN];

	capacity_key_text(so->spec, key, sizeof key);
	if ((b = capacity_get(capacity_session(), key)) == NULL || b->rate != so->rate)
		return;
	lr->base = *b;
	lr->base_reused = so->reused;
	lr->base_t0_ns = p->began > 0 ? (uint64_t)(p->began * 1e9) : 0;
}

/* Record the figures of the step from the two samples of each running load. */
static void
tour_player_measured(struct tour_player *p)
{
	struct tour_step_result	*r = &p->res[p->step];
	struct tour_load_result	*lr;
	const struct tour_solo	*so;
	struct tour_live	*l;
	double			 sum = 0;
	int			 i, n = 0;

	r->nloads = 0;
	tour_player_mark(p);
	for (i = 0; i < p->nlive; i++) {
		l = &p->live[i];
		lr = &r->loads[r->nloads];
		memset(lr, 0, sizeof *lr);
		snprintf(lr->name, sizeof lr->name, "%s", l->name);
		snprintf(lr->spec, sizeof lr->spec, "%s", l->spec);
		lr->k = tour_solo_kernel(l->spec);
		lr->cpu = l->cpu;
		lr->cpu_b = l->cpu_b;
		lr->paused = l->paused;
		lr->solo = lr->solo_spread = lr->base.rate = NAN;
		lr->solo_foreign.cpus = lr->foreign.cpus = NAN;
		if ((so = tour_solo_find(&p->solos, l->spec)) != NULL) {
			lr->solo = so->rate;
			lr->solo_spread = so->spread;
			lr->solo_disturbed = so->disturbed;
			lr->solo_tries = so->tries;
			lr->solo_foreign = so->foreign;
			tour_player_base(p, so, lr);
		}
		lr->rate = lr->speed = lr->spread = NAN;
		if (!l->paused && tour_player_load_figures(p, i, lr) == -1) {
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
	r->yield_unknown = 0;
	tour_player_marks(r);
	r->measured = 1;
	tour_player_event(p, TOUR_EV_MEASURED);
}

/* Begin the step's window: each running load's first sample and sub-windows. */
static void
tour_player_window_begin(struct tour_player *p, double now)
{
	double	t = tour_player_step_s(p), max_s;
	int	i;

	p->phase = PH_WINDOW;
	p->t_win0 = now;
	p->t_end = t > 0 ? p->step_start + t : now + 3;
	if (p->t_end < now + 0.1)
		p->t_end = now + 0.1;
	max_s = p->t_end - now;
	for (i = 0; i < p->nlive; i++) {
		if (!p->live[i].paused && tour_player_sample(p, i, &p->live[i].s0) == -1) {
			i--;
			continue;
		}
		p->live[i].sub0 = p->live[i].s0;
		stable_init(&p->live[i].st, fmin(max_s, TOUR_WINDOW_MIN_S), max_s, TOUR_TOL,
		    TOUR_NEED);
	}
	p->t_sub = now + TOUR_SUB_S;
	tour_player_mark(p);
}

/* A sub-window is over: feed each running load's; 1 when every rate is known. */
static int
tour_player_window_sub(struct tour_player *p, double now)
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
static int
tour_player_disturbed_solos(const struct tour_player *p)
{
	const struct tour_solo	*so;
	int			 i, n = 0;

	if (p->ops->foreign == NULL)
		return 0;
	for (i = 0; i < p->nlive; i++) {
		so = tour_solo_find(&p->solos, p->live[i].spec);
		n += !p->live[i].paused && tour_solo_retry(so);
	}
	return n;
}

/*
 * A quiet tick is over: queue again each disturbed solo whose core went
 * quiet; at the end of the wait, note that the others waited in vain.
 * 1 if a solo was queued.
 */
static int
tour_player_quiet_tick(struct tour_player *p, int last)
{
	struct tour_foreign	 tf;
	struct tour_solo	*so;
	int			 i, j, dup, n = 0;

	tour_player_mark(p);
	for (i = 0; i < p->nlive; i++) {
		so = tour_solo_find(&p->solos, p->live[i].spec);
		if (p->live[i].paused || !tour_solo_retry(so))
			continue;
		for (dup = 0, j = 0; j < i; j++)
			dup |= strcmp(p->live[j].spec, p->live[i].spec) == 0;
		tour_player_foreign(p, p->live[i].id, &tf);
		if (!dup && tf.cpus <= SOLO_FOREIGN_MAX) {
			solo_queue(p->solo, p->live[i].id);
			p->live[i].queued = 1;
			n++;
		} else if (!dup && last)
			so->waits++;
	}
	p->again += n;
	return n > 0;
}

/* Have the new loads done their first unit? Those that did none in time failed. */
static int
tour_player_ready(struct tour_player *p, double now)
{
	struct load_sample	 s;
	struct tour_live	*l;
	int			 i, waiting = 0;

	for (i = 0; i < p->nlive; i++) {
		l = &p->live[i];
		if (l->paused || l->ready)
			continue;
		if (tour_player_sample(p, i, &s) == -1) {
			i--;
			continue;
		}
		if (s.count > 0)
			l->ready = 1;
		else
			waiting++;
	}
	if (waiting > 0 && now < p->ready_end)
		return 0;
	for (i = 0; i < p->nlive; i++) {
		if (!p->live[i].paused && !p->live[i].ready) {
			tour_player_fail(p, "%s (%s) did no work in %.0f s",
			    p->live[i].name, p->live[i].spec, TOUR_READY_S);
			p->ops->stop(p->arg, p->live[i].id);
			tour_live_remove(p, i--);
		}
	}
	return 1;
}

/* One pass of the state machine; returns 1 if the phase changed. */
static int
tour_player_step_machine(struct tour_player *p, double now)
{
	double	t;

	/* Someone measures a load alone (c on the screen): wait, then settle again. */
	if ((p->phase == PH_SETTLE || p->phase == PH_WINDOW) &&
	    solo_current(p->solo) != -1) {
		p->phase = PH_SOLO;
		return 1;
	}
	switch (p->phase) {
	case PH_IDLE:
	case PH_DONE:
		return 0;
	case PH_READY:
		if (!tour_player_ready(p, now))
			return 0;
		p->setup_s += now - p->phase_start;
		tour_player_ask_solos(p);
		p->phase = PH_SOLO;
		p->phase_start = now;
		p->solo_again = 0;
		return 1;
	case PH_SOLO:
		if (!tour_player_solos_done(p, now))
			return 0;
		if (p->solo_again)
			p->again_s += now - p->phase_start;
		if (tour_player_disturbed_solos(p) > 0) {
			p->phase = PH_QUIET;
			p->quiet_end = now + TOUR_QUIET_S;
			p->t_sub = now + SOLO_QUIET_TICK_S;
			tour_player_mark(p);
			return 1;
		}
		tour_player_settle(p, now);
		return 1;
	case PH_QUIET:
		if (now < p->t_sub)
			return 0;
		if ((p->solo_again = tour_player_quiet_tick(p, now >= p->quiet_end))) {
			p->waited_s += now - (p->quiet_end - TOUR_QUIET_S);
			p->phase = PH_SOLO;
			p->phase_start = now;
		} else if (now >= p->quiet_end) {
			p->waited_s += TOUR_QUIET_S;
			tour_player_settle(p, now);
		} else {
			p->t_sub = now + SOLO_QUIET_TICK_S;
			return 0;
		}
		return 1;
	case PH_SETTLE:
		if (now < p->t_end)
			return 0;
		tour_player_window_begin(p, now);
		return 1;
	case PH_WINDOW:
		if (now < p->t_end && (now < p->t_sub || !tour_player_window_sub(p, now)))
			return 0;
		tour_player_measured(p);
		p->phase = PH_HOLD;
		return 1;
	case PH_HOLD:
		t = tour_player_step_s(p);
		if (t <= 0 || now < p->step_start + t)
			return 0;
		if (p->step + 1 < p->t->nsteps)
			tour_player_enter(p, p->step + 1, 0, now);
		else
			tour_player_finish(p);
		return 1;
	}
	return 0;
}

/* When the host must call tick next. */
static double
tour_player_deadline(const struct tour_player *p, double now)
{
	uint64_t	due;
	double		t;

	switch (p->phase) {
	case PH_READY:
		return now + TOUR_POLL_S;
	case PH_SOLO:
		due = solo_deadline(p->solo);
		return due != 0 ? (double)due / 1e9 : now + TOUR_POLL_S;
	case PH_QUIET:
		return p->t_sub;
	case PH_SETTLE:
		return p->t_end;
	case PH_WINDOW:
		return p->t_sub < p->t_end ? p->t_sub : p->t_end;
	case PH_HOLD:
		t = tour_player_step_s(p);
		return t > 0 ? p->step_start + t : INFINITY;
	default:
		return INFINITY;
	}
}

/* Advance the clock. */
double
tour_player_tick(struct tour_player *p, double now)
{
	int	guard = 0;

	tour_player_take_solos(p);
	while (tour_player_step_machine(p, now) && ++guard < 1000)
		;
	return tour_player_deadline(p, now);
}

/* Begin the first step. */
double
tour_player_begin(struct tour_player *p, double now)
{
	if (p->phase != PH_IDLE)
		return tour_player_deadline(p, now);
	p->began = now;
	tour_player_enter(p, 0, 1, now);
	return tour_player_tick(p, now);
}

/*
 * A key leaves the step early: a window under way gives its figures so far,
 * marked partial; before the window, the step's note says why it has none.
 */
static void
tour_player_leave(struct tour_player *p, double now)
{
	struct tour_step_result	*r = &p->res[p->step];
	const char		*why;

	if (r->measured || r->skipped || r->note[0] != '\0' || tour_player_running(p) == 0)
		return;
	switch (p->phase) {
	case PH_WINDOW:
		if (now - p->t_win0 >= TOUR_SUB_S) {
			tour_player_measured(p);
			r->partial = 1;
			snprintf(r->note, sizeof r->note, "partial: advanced %.1f s into "
			    "its %.1f s window", now - p->t_win0, p->t_end - p->t_win0);
			return;
		}
		why = "its window had just begun";
		break;
	case PH_READY:
		why = "its loads had done no work yet";
		break;
	case PH_SOLO:
	case PH_QUIET:
		why = "a solo rate was being measured";
		break;
	case PH_SETTLE:
		why = "its loads were settling";
		break;
	default:
		return;
	}
	snprintf(r->note, sizeof r->note, "not measured: advanced after %.1f s, while %s",
	    now - p->entered, why);
}

/* The next step, or the end. */
double
tour_player_next(struct tour_player *p, double now)
{
	if (p->phase == PH_DONE)
		return INFINITY;
	if (p->phase == PH_IDLE)
		return tour_player_begin(p, now);
	tour_player_leave(p, now);
	if (p->step + 1 < p->t->nsteps)
		tour_player_enter(p, p->step + 1, 0, now);
	else
		tour_player_finish(p);
	return tour_player_tick(p, now);
}

/* Restart the previous step from a clean state. */
double
tour_player_prev(struct tour_player *p, double now)
{
	int	k;

	if (p->phase == PH_IDLE)
		return tour_player_begin(p, now);
	k = p->phase == PH_DONE ? p->t->nsteps - 1 : p->step - 1;
	if (k < 0)
		k = 0;
	tour_player_enter(p, k, 1, now);
	return tour_player_tick(p, now);
}

/* End now. */
void
tour_player_quit(struct tour_player *p)
{
	tour_player_finish(p);
}

/* Stop whatever runs and free. */
void
tour_player_free(struct tour_player *p)
{
	int	i;

	if (p == NULL)
		return;
	if (p->ops != NULL && p->phase != PH_DONE) {
		tour_player_unsolo(p);
		tour_player_stop_all(p);
	}
	if (p->own_solo)
		solo_free(p->solo);
	for (i = 0; i < p->t->nsteps; i++)
		free(p->plan[i].ops);
	free(p->plan);
	free(p->res);
	tour_solo_free(&p->solos);
	free(p);
}
