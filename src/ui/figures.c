/*
 * figures.c: the numbers the screen shows: CPU time per CPU from /proc/stat
 * deltas, each load's rate and share smoothed over about a second, its
 * speed against its solo rate and its efficiency per CPU-second. Solo rates
 * come from the screen's measurer (solo.c), which reaches the loads through
 * figures_solo_ops; a tour that shares the measurer may poll it too.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis.h"
#include "ui/chart.h"
#include "ui/countersview.h"
#include "ui/figures.h"
#include "ui/idleview.h"
#include "ui/others.h"
#include "ui/state.h"
#include "base/util.h"

/* Take a fresh starting point for a load's next rate (after start, move, resume). */
void
figures_rebase(struct ui_state *st, struct load *l)
{
	loads_rebase(st->host.loads, l);
	lview_get(&st->lview, l->id)->fresh = 1;
}

/* The measurer pauses (1) or resumes (0) a load; -1 if it is gone. */
static int
figures_solo_pause(void *arg, int id, int pause)
{
	struct ui_state	*st = arg;
	struct load	*l = loads_get(st->host.loads, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	if (pause != (l->state == LOAD_PAUSED) && loads_pause(st->host.loads, id, pause) == -1)
		return -1;
	if (!pause)
		figures_rebase(st, l);
	st->scr.dirty = 1;
	return 0;
}

/* The measurer's fresh sample of a load, the screen's own samples left alone. */
static int
figures_solo_sample(void *arg, int id, struct load_sample *out)
{
	struct ui_state	*st = arg;
	struct load	*l = loads_get(st->host.loads, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(st->host.loads, l, out);
	return 0;
}

/* The loads running now, for the measurer. */
static int
figures_solo_running(void *arg, int *ids, int max)
{
	struct ui_state	*st = arg;
	struct load	*l;
	int		 i, n = 0;

	for (i = 0; i < loads_count(st->host.loads) && n < max; i++) {
		l = loads_at(st->host.loads, i);
		if (l->state == LOAD_RUNNING)
			ids[n++] = l->id;
	}
	return n;
}

/* Others' CPU time so far on a load's core, for the measurer's guard. */
static int
figures_solo_foreign_ns(void *arg, int id, uint64_t *ns)
{
	struct ui_state	*st = arg;

	return others_core_ns(&st->others, &st->host, id, ns);
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
	if ((p = strstr(st->scr.msg, tail)) == NULL || strstr(st->scr.msg, name) == NULL)
		return;
	snprintf(p, sizeof st->scr.msg - (size_t)(p - st->scr.msg), ": solo rate measured");
	/* The result stands its five seconds from now. */
	st->scr.msg_t_ns = util_now_ns();
	st->scr.msg_wait_id = 0;
	st->scr.dirty = 1;
}

/* Advance the solo measurement; the views take every new result. */
void
figures_solo_poll(struct ui_state *st)
{
	struct ui_loadview	*v;
	struct solo_result	 r;
	struct load		*l;
	int			 i, id;

	if (st->host.solo == NULL)
		return;
	while (solo_poll(st->host.solo, util_now_ns(), &id, &r) == 1)
		st->scr.dirty = 1;
	/* Results come here whoever polled them (a tour shares the measurer). */
	for (i = 0; i < st->lview.n; i++) {
		v = &st->lview.lv[i];
		if (solo_result(st->host.solo, v->id, &r) == -1 || r.end_ns == v->solo_end_ns ||
		    (l = loads_get(st->host.loads, v->id)) == NULL)
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
			chart_event(st->chart.samples, CHART_EV_SOLO, l->id);
		st->scr.dirty = 1;
	}
}

/* When the solo measurement next needs attention; 0 if it does not. */
uint64_t
figures_deadline(const struct ui_state *st)
{
	return st->host.solo != NULL ? solo_deadline(st->host.solo) : 0;
}

/* Take a sample of CPU time and compute each CPU's shares; -1 with a message. */
static int
figures_sample(struct ui_state *st, char *err, size_t errlen)
{
	struct cpustat_sample	 zero, *prev;
	struct cpustat_pct	 pct;
	const struct cpustat_times *a, *b;
	int			 i, os;

	if (!st->host.sampling)
		return 0;
	if (cpustat_sample(&st->host.s_cur, NULL, err, errlen) == -1)
		return -1;
	/* The first frame shows the averages since boot, as top does. */
	memset(&zero, 0, sizeof zero);
	prev = &st->host.s_prev;
	if (st->host.s_prev.ncpu == 0) {
		zero.ncpu = st->host.s_cur.ncpu;
		zero.cpu = xcalloc((size_t)zero.ncpu, sizeof *zero.cpu);
		zero.present = xmalloc((size_t)zero.ncpu);
		memcpy(zero.present, st->host.s_cur.present, (size_t)zero.ncpu);
		prev = &zero;
	}
	for (i = 0; i < st->host.m->npus; i++) {
		os = st->host.m->pus[i].os_index;
		if (os >= prev->ncpu || os >= st->host.s_cur.ncpu || !prev->present[os] ||
		    !st->host.s_cur.present[os]) {
			st->host.pct_ok[i] = 0;
			continue;
		}
		a = &prev->cpu[os];
		b = &st->host.s_cur.cpu[os];
		/* No tick went by (frozen samples): keep what is shown. */
		if (st->host.pct_ok[i] && a->user + a->nice + a->system + a->idle + a->iowait +
		    a->irq + a->softirq + a->steal == b->user + b->nice + b->system +
		    b->idle + b->iowait + b->irq + b->softirq + b->steal)
			continue;
		if (cpustat_delta(prev, &st->host.s_cur, os, &pct) == 0) {
			st->host.pct[i] = pct;
			st->host.pct_ok[i] = 1;
		}
	}
	others_tick(&st->others, &st->host, prev == &zero ? NULL : prev, &st->host.s_cur);
	if (prev == &zero)
		cpustat_free(&zero);
	cpustat_free(&st->host.s_prev);
	st->host.s_prev = st->host.s_cur;
	memset(&st->host.s_cur, 0, sizeof st->host.s_cur);
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

	if (st->host.loads == NULL)
		return;
	/* loads_sample() shifts cur into prev; the view keeps its own start. */
	loads_sample(st->host.loads);
	for (i = 0; i < loads_count(st->host.loads); i++) {
		l = loads_at(st->host.loads, i);
		v = lview_get(&st->lview, l->id);
		v->raw = NAN;
		if (l->state != LOAD_RUNNING) {
			figures_hist_push(v, NAN);
			continue;
		}
		dt = (double)(l->cur.t_ns - l->prev.t_ns) / 1e9;
		if (v->fresh && dt < st->host.delay_tenths / 40.0) {
			/* Moved or resumed just now: count on to the next refresh. */
			l->cur = l->prev;
			continue;
		}
		rate = analysis_rate(&l->prev, &l->cur);
		share = analysis_share(&l->prev, &l->cur);
		v->raw = solo_current(st->host.solo) == l->id ? NAN :
		    analysis_speed(rate, v->solo);
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
		figures_hist_push(v, solo_current(st->host.solo) == l->id ? NAN : v->speed);
	}
	figures_mark(st);
}

/* The marks of every load's speed and EFF; an unknown one is a gap in its history. */
void
figures_mark(struct ui_state *st)
{
	struct ui_loadview	*v;
	struct load		*l;
	enum analysis_mark	*mark;
	double			*raw, *spread;
	int			*cpu, i, n, bound;

	if (st->host.loads == NULL || (n = loads_count(st->host.loads)) == 0)
		return;
	mark = xcalloc((size_t)n, sizeof *mark);
	raw = xcalloc((size_t)n, sizeof *raw);
	spread = xcalloc((size_t)n, sizeof *spread);
	cpu = xcalloc((size_t)n, sizeof *cpu);
	for (i = 0; i < n; i++) {
		l = loads_at(st->host.loads, i);
		v = lview_get(&st->lview, l->id);
		bound = kernel_cpu_bound(l->spec.k);
		mark[i] = l->state != LOAD_RUNNING ? ANALYSIS_CLEAN :
		    analysis_speed_mark(v->speed, NAN, bound, v->solo_disturbed &&
		    isfinite(v->solo), 0, v->mark_why, sizeof v->mark_why);
		v->mark = (int)mark[i];
		raw[i] = l->state == LOAD_RUNNING ? v->raw : NAN;
		cpu[i] = bound && !l->spec.floating && l->spec.cpu_b == -1 ?
		    cpuset_next(&l->spec.cpus, 0) : -1;
	}
	/* Time-sharing, from this refresh's speeds: smoothing lags a change. */
	analysis_shared_marks(cpu, raw, spread, n, mark);
	for (i = 0; i < n; i++) {
		v = lview_get(&st->lview, loads_at(st->host.loads, i)->id);
		if ((int)mark[i] != v->mark) {
			v->mark = (int)mark[i];
			snprintf(v->mark_why, sizeof v->mark_why, "speed unknown: the loads "
			    "time-sharing CPU %d did more than one CPU's work: a solo ran on a "
			    "slower CPU", cpu[i]);
		}
		if (v->mark == ANALYSIS_UNKNOWN && v->nhist > 0)
			v->hist[v->nhist - 1] = NAN;
	}
	free(mark);
	free(raw);
	free(spread);
	free(cpu);
}

/* A refresh: sample the CPUs' time and the loads; -1 if CPU time is unreadable. */
int
figures_tick(struct ui_state *st, char *err, size_t errlen)
{
	int	rc = figures_sample(st, err, errlen);

	figures_loads(st);
	countersview_tick(&st->cv, &st->host);
	idleview_tick(&st->iv, &st->host, state_cursor_os(st));
	st->scr.dirty = 1;
	return rc;
}

/* A solo rate from elsewhere, with its mark; -1 if there is no such load. */
int
figures_set_solo(struct ui_state *st, int id, double rate, int disturbed)
{
	struct ui_loadview	*v;

	if (st->host.loads == NULL || loads_get(st->host.loads, id) == NULL)
		return -1;
	v = lview_get(&st->lview, id);
	if (v->solo != rate || v->solo_disturbed != disturbed) {
		/* Measured elsewhere: its share is not known here, its mark is. */
		v->solo = rate;
		v->solo_share = v->solo_foreign = NAN;
		v->solo_disturbed = disturbed;
	}
	st->scr.dirty = 1;
	return 0;
}
