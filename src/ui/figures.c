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
#include "engine/capacity.h"
#include "engine/drift_load.h"
#include "engine/measure.h"
#include "engine/split.h"
#include "ui/chart.h"
#include "ui/countersview.h"
#include "ui/figures.h"
#include "ui/idleview.h"
#include "ui/others.h"
#include "ui/recorder.h"
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

/* Offer a load's new solo to the session's table of baselines. */
static void
figures_solo_offer(struct ui_state *st, struct ui_loadview *v, const struct load *l,
    const struct solo_result *r)
{
	char	key[CAPACITY_KEY_LEN], by[CAPACITY_BY_LEN];

	v->solo_end_ns = r->end_ns;
	capacity_key(&l->spec, key, sizeof key);
	snprintf(by, sizeof by, "%s#%d", l->spec.k->name, l->id);
	capacity_offer(capacity_session(), key, r, kernel_cpu_bound(l->spec.k), by);
	figures_solo_told(st, l);
	if (isfinite(r->rate))
		chart_event(st->chart.samples, CHART_EV_SOLO, l->id);
	st->scr.dirty = 1;
}

/* A view takes its place's baseline when it changed: identical loads share one. */
static void
figures_solo_adopt(struct ui_state *st, struct ui_loadview *v, const struct load *l)
{
	const struct capacity_base	*b;
	char				 key[CAPACITY_KEY_LEN];

	capacity_key(&l->spec, key, sizeof key);
	if ((b = capacity_get(capacity_session(), key)) == NULL ||
	    (b->version == v->base_version && strcmp(b->by, v->base_by) == 0 &&
	    v->solo == b->rate))
		return;
	v->base_version = b->version;
	/* A new baseline: what the CPU gives is measured against it again. */
	drift_load_init(&v->drift);
	snprintf(v->base_by, sizeof v->base_by, "%s", b->by);
	v->solo = b->rate;
	v->solo_share = b->share;
	v->solo_foreign = b->foreign;
	v->solo_spread = b->spread;
	/* Others ran on its core: the rate is low, and shown marked. */
	v->solo_disturbed = b->disturbed;
	if (v->solo_end_ns == 0)
		v->solo_end_ns = b->at_ns;
	st->scr.dirty = 1;
}

/*
 * Advance the solo measurement: every new result goes to the session's
 * baselines, and every view takes its place's baseline from there.
 */
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
		figures_solo_offer(st, v, l, &r);
	}
	for (i = 0; i < st->lview.n; i++) {
		v = &st->lview.lv[i];
		if ((l = loads_get(st->host.loads, v->id)) != NULL && l->state != LOAD_DEAD)
			figures_solo_adopt(st, v, l);
	}
}

/* Is a load at the same place as l, other than l, measured alone or queued? */
static int
figures_place_pending(struct ui_state *st, const struct load *l, const char *key)
{
	struct load	*o;
	char		 k2[CAPACITY_KEY_LEN];
	int		 i;

	for (i = 0; i < loads_count(st->host.loads); i++) {
		o = loads_at(st->host.loads, i);
		if (o == l || o->state == LOAD_DEAD || !solo_pending(st->host.solo, o->id))
			continue;
		capacity_key(&o->spec, k2, sizeof k2);
		if (strcmp(k2, key) == 0)
			return o->id;
	}
	return 0;
}

/*
 * A load needs a solo rate: reuse its place's baseline (FIGURES_SOLO_REUSED,
 * *by says whose), wait for the identical load measured now
 * (FIGURES_SOLO_SHARED, *by its name), or queue it (FIGURES_SOLO_QUEUED).
 */
int
figures_solo_want(struct ui_state *st, struct load *l, char *by, size_t len)
{
	const struct capacity_base	*b;
	struct load			*o;
	char				 key[CAPACITY_KEY_LEN];
	int				 id;

	capacity_key(&l->spec, key, sizeof key);
	if ((b = capacity_reusable(capacity_session(), key)) != NULL) {
		snprintf(by, len, "%s", b->by);
		figures_solo_adopt(st, lview_get(&st->lview, l->id), l);
		return FIGURES_SOLO_REUSED;
	}
	if ((id = figures_place_pending(st, l, key)) != 0 &&
	    (o = loads_get(st->host.loads, id)) != NULL) {
		snprintf(by, len, "%s#%d", o->spec.k->name, o->id);
		return FIGURES_SOLO_SHARED;
	}
	solo_queue(st->host.solo, l->id);
	snprintf(by, len, "%s", "");
	return FIGURES_SOLO_QUEUED;
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

/*
 * The loads' ids, states and CPUs, and the solo measured: a change between
 * two refreshes is an event for every load's drift (one started, stopped,
 * moved or paused).
 */
static uint64_t
figures_loads_sig(const struct ui_state *st)
{
	const struct load	*l;
	uint64_t		 h = 1469598103934665603ULL;
	int			 i;

	h = (h ^ (uint64_t)(solo_current(st->host.solo) + 2)) * 1099511628211ULL;
	for (i = 0; i < loads_count(st->host.loads); i++) {
		l = loads_at(st->host.loads, i);
		h = (h ^ (uint64_t)l->id) * 1099511628211ULL;
		h = (h ^ (uint64_t)l->state) * 1099511628211ULL;
		h = (h ^ (uint64_t)(analysis_load_cpu(l) + 2)) * 1099511628211ULL;
	}
	return h;
}

/*
 * Others' work and steal on a load's core (its CPUs and their SMT
 * siblings) over the last refresh, in CPUs; NAN where a CPU's is unknown.
 */
static void
figures_core_others(const struct ui_state *st, const struct load *l, double *others,
    double *steal)
{
	const struct topo_pu	*pu;
	struct cpuset		 core;
	double			 sh, sl;
	int			 cpu, i;

	*others = *steal = 0.0;
	measure_core_cpus(st->host.m, &l->spec, &core);
	CPUSET_FOREACH(cpu, &core) {
		if ((pu = topo_pu_by_os(st->host.m, cpu)) == NULL)
			continue;
		i = (int)(pu - st->host.m->pus);
		sl = st->host.pct_ok[i] ? st->host.pct[i].steal / 100.0 : NAN;
		sh = state_others_known(st) ? st->others.share[i] : NAN;
		*steal += sl;
		/* The bar's others hold the steal: others' work is the rest. */
		*others += sh - sl;
	}
}

/*
 * Feed a running load's drift tracker this refresh (rate, share, the
 * event, others' work and steal on its core, its CPU's clock as the last
 * refresh read it); once its CPU's capacity is seen to move, its speed is
 * taken against what the CPU gives now (the mark *, the WHY's cause).
 */
static void
figures_drift(struct ui_state *st, struct load *l, struct ui_loadview *v, double rate,
    double share, int event)
{
	struct drift_sample	s;
	double			cap;
	int			cpu = analysis_load_cpu(l);

	s.rate = rate;
	s.spread = v->solo_spread;
	s.event = event;
	figures_core_others(st, l, &s.others, &s.steal);
	s.mhz = countersview_mhz(st->cv, cpu);
	if (drift_load_feed(&v->drift, cpu, v->base_version, &s, share,
	    st->host.ci.hypervisor) == DRIFT_CAPACITY)
		recorder_capacity(st, v->id, v->drift.d.capacity, v->drift.d.step,
		    v->drift.cause[0] != '\0' ? v->drift.cause : "unexplained");
	if (!drift_load_marked(&v->drift))
		return;
	cap = drift_load_capacity(&v->drift);
	v->speed /= cap;
	v->raw /= cap;
}

/* Sample every load and compute its figures. */
static void
figures_loads(struct ui_state *st)
{
	struct ui_loadview	*v;
	struct load		*l;
	double			 rate, share, dt, alpha;
	uint64_t		 sig;
	int			 i, event, fresh;

	if (st->host.loads == NULL)
		return;
	/* loads_sample() shifts cur into prev; the view keeps its own start. */
	loads_sample(st->host.loads);
	sig = figures_loads_sig(st);
	event = sig != st->lview.sig;
	st->lview.sig = sig;
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
		fresh = v->fresh;
		if (v->fresh) {
			v->rate = rate;
			v->share = share;
			v->fresh = 0;
		} else {
			v->rate = analysis_smooth(v->rate, rate, alpha);
			v->share = analysis_smooth(v->share, share, alpha);
		}
		v->speed = analysis_speed(v->rate, v->solo);
		figures_drift(st, l, v, rate, share, event || fresh);
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
		/* An EFF past what a CPU gives a CPU-bound kernel is no figure either. */
		l = loads_at(st->host.loads, i);
		v->eff_unknown = l->state == LOAD_RUNNING && v->mark != ANALYSIS_UNKNOWN &&
		    split_past_physics(v->eff, ANALYSIS_BEYOND + (isfinite(v->solo_spread) ?
		    v->solo_spread : 0), kernel_cpu_bound(l->spec.k));
		if (v->eff_unknown)
			snprintf(v->mark_why, sizeof v->mark_why, "efficiency unknown: %.0f%% "
			    "of a CPU-second, more than a CPU gives a CPU-bound kernel: its "
			    "solo ran on a slower CPU", 100 * v->eff);
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
		drift_load_init(&v->drift);
	}
	st->scr.dirty = 1;
	return 0;
}
