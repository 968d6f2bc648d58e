/*
 * figures.c: the numbers the screen shows: CPU time per CPU from /proc/stat
 * deltas, each load's rate and share smoothed over about a second, its
 * speed against its solo rate and its efficiency per CPU-second. Solo rates
 * come from the screen's measurer (solo.c), which reaches the loads through
 * figures_solo_ops; a tour that shares the measurer may poll it too.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis.h"
#include "ui/chart.h"
#include "ui/countersview.h"
#include "ui/figures.h"
#include "ui/others.h"
#include "base/util.h"

/* The figures of a load, made on first use. */
struct ui_loadview *
figures_view(struct ui_state *st, int id)
{
	struct ui_loadview	*v;
	int			 i;

	for (i = 0; i < st->nlv; i++)
		if (st->lv[i].id == id)
			return &st->lv[i];
	if (st->nlv == st->caplv) {
		st->caplv = st->caplv ? st->caplv * 2 : 16;
		st->lv = xreallocarray(st->lv, (size_t)st->caplv, sizeof *st->lv);
	}
	v = &st->lv[st->nlv++];
	memset(v, 0, sizeof *v);
	v->id = id;
	v->rate = v->solo = v->solo_share = v->speed = v->share = v->eff = NAN;
	v->solo_foreign = NAN;
	v->fresh = 1;
	return v;
}

/* Forget the figures of a load. */
void
figures_drop(struct ui_state *st, int id)
{
	int	i;

	for (i = 0; i < st->nlv; i++) {
		if (st->lv[i].id == id) {
			memmove(&st->lv[i], &st->lv[i + 1],
			    (size_t)(st->nlv - i - 1) * sizeof st->lv[0]);
			st->nlv--;
			return;
		}
	}
}

/* Take a fresh starting point for a load's next rate (after start, move, resume). */
void
figures_rebase(struct ui_state *st, struct load *l)
{
	loads_rebase(st->loads, l);
	figures_view(st, l->id)->fresh = 1;
}

/* The measurer pauses (1) or resumes (0) a load; -1 if it is gone. */
static int
figures_solo_pause(void *arg, int id, int pause)
{
	struct ui_state	*st = arg;
	struct load	*l = loads_get(st->loads, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	if (pause != (l->state == LOAD_PAUSED) && loads_pause(st->loads, id, pause) == -1)
		return -1;
	if (!pause)
		figures_rebase(st, l);
	st->dirty = 1;
	return 0;
}

/* The measurer's fresh sample of a load, the screen's own samples left alone. */
static int
figures_solo_sample(void *arg, int id, struct load_sample *out)
{
	struct ui_state	*st = arg;
	struct load	*l = loads_get(st->loads, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(st->loads, l, out);
	return 0;
}

/* The loads running now, for the measurer. */
static int
figures_solo_running(void *arg, int *ids, int max)
{
	struct ui_state	*st = arg;
	struct load	*l;
	int		 i, n = 0;

	for (i = 0; i < loads_count(st->loads) && n < max; i++) {
		l = loads_at(st->loads, i);
		if (l->state == LOAD_RUNNING)
			ids[n++] = l->id;
	}
	return n;
}

/* Others' CPU time so far on a load's core, for the measurer's guard. */
static int
figures_solo_foreign_ns(void *arg, int id, uint64_t *ns)
{
	return others_core_ns(arg, id, ns);
}

/* How the screen's solo measurer reaches its loads. */
const struct solo_ops figures_solo_ops = {
	.pause = figures_solo_pause,
	.sample = figures_solo_sample,
	.running = figures_solo_running,
	.foreign_ns = figures_solo_foreign_ns,
};

/* The status line's "measuring its solo rate" of a load whose solo ended says so. */
static void
figures_solo_told(struct ui_state *st, const struct load *l)
{
	static const char	 tail[] = ": measuring its solo rate";
	char			 name[64];
	char			*p;

	snprintf(name, sizeof name, "%s#%d ", l->spec.k->name, l->id);
	if ((p = strstr(st->msg, tail)) == NULL || strstr(st->msg, name) == NULL)
		return;
	snprintf(p, sizeof st->msg - (size_t)(p - st->msg), ": solo rate measured");
}

/* Advance the solo measurement; the views take every new result. */
void
figures_solo_poll(struct ui_state *st)
{
	struct ui_loadview	*v;
	struct solo_result	 r;
	struct load		*l;
	int			 i, id;

	if (st->solo == NULL)
		return;
	while (solo_poll(st->solo, util_now_ns(), &id, &r) == 1)
		st->dirty = 1;
	/* Results come here whoever polled them (a tour shares the measurer). */
	for (i = 0; i < st->nlv; i++) {
		v = &st->lv[i];
		if (solo_result(st->solo, v->id, &r) == -1 || r.end_ns == v->solo_end_ns ||
		    (l = loads_get(st->loads, v->id)) == NULL)
			continue;
		v->solo_end_ns = r.end_ns;
		v->solo = r.rate;
		v->solo_share = r.share;
		v->solo_foreign = r.foreign;
		/* Others ran on its core: the rate is low, and shown marked. */
		v->solo_disturbed = isfinite(r.rate) &&
		    solo_disturbed(&r, kernel_cpu_bound(l->spec.k));
		figures_solo_told(st, l);
		if (isfinite(r.rate))
			chart_event(st->chart, CHART_EV_SOLO, l->id);
		st->dirty = 1;
	}
}

/* When the solo measurement next needs attention; 0 if it does not. */
uint64_t
figures_deadline(const struct ui_state *st)
{
	return st->solo != NULL ? solo_deadline(st->solo) : 0;
}

/* Take a sample of CPU time and compute each CPU's shares; -1 with a message. */
static int
figures_sample(struct ui_state *st, char *err, size_t errlen)
{
	struct cpustat_sample	 zero, *prev;
	struct cpustat_pct	 pct;
	const struct cpustat_times *a, *b;
	int			 i, os;

	if (!st->sampling)
		return 0;
	if (cpustat_sample(&st->s_cur, NULL, err, errlen) == -1)
		return -1;
	/* The first frame shows the averages since boot, as top does. */
	memset(&zero, 0, sizeof zero);
	prev = &st->s_prev;
	if (st->s_prev.ncpu == 0) {
		zero.ncpu = st->s_cur.ncpu;
		zero.cpu = xcalloc((size_t)zero.ncpu, sizeof *zero.cpu);
		zero.present = xmalloc((size_t)zero.ncpu);
		memcpy(zero.present, st->s_cur.present, (size_t)zero.ncpu);
		prev = &zero;
	}
	for (i = 0; i < st->m->npus; i++) {
		os = st->m->pus[i].os_index;
		if (os >= prev->ncpu || os >= st->s_cur.ncpu || !prev->present[os] ||
		    !st->s_cur.present[os]) {
			st->pct_ok[i] = 0;
			continue;
		}
		a = &prev->cpu[os];
		b = &st->s_cur.cpu[os];
		/* No tick went by (frozen samples): keep what is shown. */
		if (st->pct_ok[i] && a->user + a->nice + a->system + a->idle + a->iowait +
		    a->irq + a->softirq + a->steal == b->user + b->nice + b->system +
		    b->idle + b->iowait + b->irq + b->softirq + b->steal)
			continue;
		if (cpustat_delta(prev, &st->s_cur, os, &pct) == 0) {
			st->pct[i] = pct;
			st->pct_ok[i] = 1;
		}
	}
	others_tick(st, prev == &zero ? NULL : prev, &st->s_cur);
	if (prev == &zero)
		cpustat_free(&zero);
	cpustat_free(&st->s_prev);
	st->s_prev = st->s_cur;
	memset(&st->s_cur, 0, sizeof st->s_cur);
	return 0;
}


/* Push a value onto a load's history. */
static void
figures_hist_push(struct ui_loadview *v, double x)
{
	if (v->nhist == UI_HIST) {
		memmove(v->hist, v->hist + 1, (UI_HIST - 1) * sizeof v->hist[0]);
		v->nhist--;
	}
	v->hist[v->nhist++] = x;
}

/* Sample every load and compute its figures. */
static void
figures_loads(struct ui_state *st)
{
	struct ui_loadview	*v;
	struct load		*l;
	double			 rate, share, dt, alpha;
	int			 i;

	if (st->loads == NULL)
		return;
	/* loads_sample() shifts cur into prev; the view keeps its own start. */
	loads_sample(st->loads);
	for (i = 0; i < loads_count(st->loads); i++) {
		l = loads_at(st->loads, i);
		v = figures_view(st, l->id);
		if (l->state != LOAD_RUNNING) {
			figures_hist_push(v, NAN);
			continue;
		}
		dt = (double)(l->cur.t_ns - l->prev.t_ns) / 1e9;
		if (v->fresh && dt < st->delay_tenths / 40.0) {
			/* Moved or resumed just now: count on to the next refresh. */
			l->cur = l->prev;
			continue;
		}
		rate = analysis_rate(&l->prev, &l->cur);
		share = analysis_share(&l->prev, &l->cur);
		/* About a second of memory, whatever the refresh interval. */
		alpha = dt >= 1.0 ? 1.0 : dt < 0.2 ? 0.2 : dt;
		if (v->fresh) {
			v->rate = rate;
			v->share = share;
			v->fresh = 0;
		} else {
			v->rate = analysis_smooth(v->rate, rate, alpha);
			v->share = analysis_smooth(v->share, share, alpha);
		}
		v->speed = analysis_speed(v->rate, v->solo);
		/* Per CPU-second against per CPU-second alone. */
		v->eff = analysis_efficiency(v->speed, v->share, v->solo_share);
		figures_hist_push(v, solo_current(st->solo) == l->id ? NAN : v->speed);
	}
}

/* A refresh: sample the CPUs' time and the loads; -1 if CPU time is unreadable. */
int
figures_tick(struct ui_state *st, char *err, size_t errlen)
{
	int	rc = figures_sample(st, err, errlen);

	figures_loads(st);
	countersview_tick(st);
	st->dirty = 1;
	return rc;
}

/* A solo rate from elsewhere; -1 if there is no such load. */
int
figures_set_solo(struct ui_state *st, int id, double rate)
{
	struct ui_loadview	*v;

	if (st->loads == NULL || loads_get(st->loads, id) == NULL)
		return -1;
	v = figures_view(st, id);
	if (v->solo != rate) {
		/* Measured elsewhere: how is not known here. */
		v->solo = rate;
		v->solo_share = v->solo_foreign = NAN;
		v->solo_disturbed = 0;
	}
	st->dirty = 1;
	return 0;
}
