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

#include "analysis.h"
#include "solo.h"
#include "stable.h"
#include "tour_plan.h"
#include "tour_player.h"
#include "tour_player_priv.h"
#include "util.h"

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
void
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
	while (p->nlive > 0) {
		solo_forget(p->solo, p->live[p->nlive - 1].id);
		p->ops->stop(p->arg, p->live[p->nlive - 1].id);
		p->nlive--;
	}
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

/* Rewrite a live load's spec for its new place: its solo is the one that counts. */
static void
tour_live_respec(struct tour_live *l)
{
	const char	*at = strchr(l->spec, '@');
	char		 kernel[80];
	int		 len = at != NULL ? (int)(at - l->spec) : (int)strlen(l->spec);

	snprintf(kernel, sizeof kernel, "%.*s", len < 79 ? len : 79, l->spec);
	if (l->cpu_b != -1)
		snprintf(l->spec, sizeof l->spec, "%s@%d,%d", kernel, l->cpu, l->cpu_b);
	else
		snprintf(l->spec, sizeof l->spec, "%s@%d", kernel, l->cpu);
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
		tour_live_respec(l);
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
	}
}

/* The step's own time: --step, its wait, the tour's default, or 0 (a key). */
double
tour_player_step_s(const struct tour_player *p)
{
	if (p->opt.step_s > 0)
		return p->opt.step_s;
	if (p->t->steps[p->step].wait_s > 0)
		return p->t->steps[p->step].wait_s;
	if (p->t->wait_s > 0)
		return p->t->wait_s;
	return p->opt.auto_advance ? p->opt.default_s : 0;
}

/* Settling time after a change. */
static double
tour_player_settle_s(const struct tour_player *p)
{
	double	s = tour_player_step_s(p);

	return s > 0 && s / 5 < 0.5 ? s / 5 : 0.5;
}

/* The solo measuring window. */
double
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
int
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
	if (pl->skipped || tour_player_running(p) == 0) {
		tour_player_settle(p, now);
		return;
	}
	p->phase = PH_READY;
	p->ready_end = now + TOUR_READY_S;
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
int
tour_player_sample(struct tour_player *p, int i, struct load_sample *s)
{
	if (p->ops->sample(p->arg, p->live[i].id, s) == 0)
		return 0;
	tour_player_fail(p, "%s (%s) died", p->live[i].name, p->live[i].spec);
	p->ops->stop(p->arg, p->live[i].id);
	tour_live_remove(p, i);
	return -1;
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
		tour_measure_ask_solos(p);
		p->phase = PH_SOLO;
		return 1;
	case PH_SOLO:
		if (!tour_measure_solos_done(p, now))
			return 0;
		if (tour_measure_disturbed(p) > 0) {
			p->phase = PH_QUIET;
			p->quiet_end = now + TOUR_QUIET_S;
			p->t_sub = now + SOLO_QUIET_TICK_S;
			tour_measure_mark(p);
			return 1;
		}
		tour_player_settle(p, now);
		return 1;
	case PH_QUIET:
		if (now < p->t_sub)
			return 0;
		if (tour_measure_quiet_tick(p, now >= p->quiet_end))
			p->phase = PH_SOLO;
		else if (now >= p->quiet_end)
			tour_player_settle(p, now);
		else {
			p->t_sub = now + SOLO_QUIET_TICK_S;
			return 0;
		}
		return 1;
	case PH_SETTLE:
		if (now < p->t_end)
			return 0;
		tour_measure_begin(p, now);
		return 1;
	case PH_WINDOW:
		if (now < p->t_end && (now < p->t_sub || !tour_measure_sub(p, now)))
			return 0;
		tour_measure_step(p);
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

	tour_measure_take_solos(p);
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
	tour_player_enter(p, 0, 1, now);
	return tour_player_tick(p, now);
}

/* The next step, or the end. */
double
tour_player_next(struct tour_player *p, double now)
{
	if (p->phase == PH_DONE)
		return INFINITY;
	if (p->phase == PH_IDLE)
		return tour_player_begin(p, now);
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
	free(p->solos);
	free(p);
}

/* Is the tour over? */
int
tour_player_done(const struct tour_player *p)
{
	return p->phase == PH_DONE;
}

/* The current step. */
int
tour_player_step(const struct tour_player *p)
{
	return p->step;
}

/* The tour played. */
const struct tour *
tour_player_tour(const struct tour_player *p)
{
	return p->t;
}

/* The current step's title, or "Summary" at the end. */
const char *
tour_player_title(const struct tour_player *p)
{
	if (p->step >= p->t->nsteps)
		return "Summary";
	return p->t->steps[p->step].title;
}

/* The current step's caption: paragraphs separated by "\n". */
const char *
tour_player_caption(const struct tour_player *p)
{
	if (p->step >= p->t->nsteps)
		return "";
	return p->t->steps[p->step].caption;
}

/* The current step's skip or failure note, or NULL. */
const char *
tour_player_note(const struct tour_player *p)
{
	if (p->step >= p->t->nsteps || p->res[p->step].note[0] == '\0')
		return NULL;
	return p->res[p->step].note;
}

/* What the player is doing now. */
const char *
tour_player_status(const struct tour_player *p)
{
	return p->status;
}

/* Why a step would be skipped on this topology, or "". */
const char *
tour_player_skip_note(const struct tour_player *p, int step)
{
	if (step < 0 || step >= p->t->nsteps || !p->plan[step].skipped)
		return "";
	return p->plan[step].note;
}

/* The solo rate the player has for a load of the host's, or NAN. */
double
tour_player_solo_of(const struct tour_player *p, int id)
{
	int	i;

	for (i = 0; i < p->nlive; i++)
		if (p->live[i].id == id)
			return tour_measure_solo(p, p->live[i].spec);
	return NAN;
}

/* A step's figures. */
const struct tour_step_result *
tour_player_result(const struct tour_player *p, int step)
{
	if (step < 0 || step >= p->t->nsteps)
		return NULL;
	return &p->res[step];
}
