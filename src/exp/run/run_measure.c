/*
 * run_measure.c: `smtscope run`'s measurement (run.h): each load started
 * and waited for; then in rounds (alternate.h: solo and together windows
 * in turn, A B A B), each load measured alone with the others paused (a
 * guarded solo, measured again once its core is quiet), then all together
 * in a window that ends when every rate is known, with the foreign work on
 * each load's core, the counters over the last round's windows and the
 * sensors at the end. A solo's rate is the mean of its windows, its spread
 * takes in how they moved (a drift of the CPU falls there and into
 * CAPACITY, not into the speed). Pure data in (the specs and --time), the
 * struct run out; nothing printed.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/alternate.h"
#include "engine/analysis.h"
#include "engine/capacity.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "engine/split.h"
#include "exp/run/run.h"
#include "model/cpuinfo.h"
#include "model/topo.h"
#include "sample/cpustat.h"
#include "sample/foreign.h"
#include "sample/perf.h"
#include "sample/sensors.h"

/* How long a load may take to do its first unit of work. */
#define RUN_READY_S	30
/* A foreign process is named when it took at least this share of a CPU. */
#define RUN_WHO_MIN	0.02

/* Record why a load failed, if it died. */
static void
run_failure(struct loads *ls, struct run_result *r)
{
	struct load	*l = loads_get(ls, r->id);

	if (r->failure[0] != '\0')
		return;
	if (l == NULL)
		snprintf(r->failure, sizeof r->failure, "stopped");
	else if (l->state == LOAD_DEAD)
		snprintf(r->failure, sizeof r->failure, "%s", l->death);
}

/* Say what runs now and the time left, done of the plan's steps done. */
static void
run_progress(const struct run *run, const char *what, int done)
{
	if (run->progress != NULL)
		run->progress(run->arg, what, eta_left(&run->eta, (double)done /
		    (run->n + run->rounds * (run->n + 1)), util_now_ns()));
}

/* Start every load and wait for its first unit of work; a signal's number, or 0. */
static int
run_start(struct run *run, struct loads *ls, struct run_result *r, int n)
{
	struct load	*l;
	uint64_t	 t0;
	char		 err[512], what[160];
	int		 i, sig;

	for (i = 0; i < n; i++) {
		snprintf(what, sizeof what, "starting %s", r[i].spec.text);
		run_progress(run, what, i);
		if ((r[i].id = loads_start(ls, &r[i].spec, err, sizeof err)) == -1) {
			snprintf(r[i].failure, sizeof r[i].failure, "%.511s", err);
			continue;
		}
		t0 = util_now_ns();
		sig = measure_wait_ready(ls, r[i].id, RUN_READY_S);
		eta_setup(&run->eta, (double)(util_now_ns() - t0) / 1e9);
		if (sig > 0)
			return sig;
		l = loads_get(ls, r[i].id);
		if (sig == -1 && l != NULL && l->state != LOAD_DEAD) {
			snprintf(r[i].failure, sizeof r[i].failure, "did no work in its "
			    "first %d s (its setup never finished)", RUN_READY_S);
			loads_stop(ls, r[i].id);
			r[i].id = -1;
		}
	}
	return 0;
}

/* The longest wait for a quiet window before a disturbed solo is measured again. */
double
run_quiet_s(double time_s)
{
	return time_s > 1 ? time_s : 1;
}

/* The windows of a run: --time is the longest; each ends when its rate is known. */
static void
run_windows(double secs, struct solo_stable *stab, struct measure_win *w)
{
	double	sub = secs / 10 < 0.25 ? secs / 10 : 0.25;

	/* Sub-windows long enough that a window never needs STABLE_MAX_SUBS. */
	if (sub < secs / 200)
		sub = secs / 200;
	solo_stable_set(stab, w, secs < 0.5 ? secs : 0.5, secs, sub, 0.03, 4);
}

/* The foreign work on a load's core over the last scanned interval. */
static void
run_foreign(const struct foreign *f, const struct topo *m, const struct run_result *r,
    struct run_foreign *rf)
{
	struct cpuset	core;

	measure_core_cpus(m, &r->spec, &core);
	rf->cpus = measure_foreign_cpus(f, &core);
	rf->unnamed = measure_sum_cpus(f, &core, foreign_cpu_unnamed);
	rf->steal = measure_steal_cpus(f, &core);
	rf->nwho = measure_foreign_on(f, &core, RUN_WHO_MIN, rf->who, RUN_WHO_MAX);
	rf->cpus = measure_foreign_whole(rf->cpus, rf->who, rf->nwho);
}

/*
 * A load's counters: with pw NULL, mark where a window starts; else the
 * figures since the mark into pw (NAN where the load has none, and why).
 */
static void
run_counters(struct loads *ls, struct run_result *r, struct perf_window *pw)
{
	struct load_sample	 now;
	struct load		*l = loads_get(ls, r->id);

	if (l == NULL || l->perf == NULL)
		return;
	if (pw == NULL) {
		loads_peek(ls, l, &r->mark);
		return;
	}
	loads_peek(ls, l, &now);
	perf_window(&r->mark.perf, &now.perf, now.t_ns - r->mark.t_ns, pw);
	if (r->counters_why[0] == '\0')
		snprintf(r->counters_why, sizeof r->counters_why, "%s",
		    perf_load_why(l->perf));
	snprintf(r->counters_cost, sizeof r->counters_cost, "%s", perf_load_cost(l->perf));
	if (r->counters_why[0] == '\0' && isnan(pw->llc_mpki) && isfinite(pw->ipc))
		snprintf(r->counters_why, sizeof r->counters_why, "no last-level-cache miss "
		    "event on this PMU");
}

/* A load's solo to the session's baselines; the baseline it stands against now. */
static void
run_offer(struct run_result *r, const struct solo_result *res, int cpu_bound)
{
	const struct capacity_base	*b;
	char				 key[CAPACITY_KEY_LEN], by[CAPACITY_BY_LEN];

	capacity_key(&r->spec, key, sizeof key);
	snprintf(by, sizeof by, "%s#%d", r->spec.k->name, r->id);
	capacity_offer(capacity_session(), key, res, cpu_bound, by);
	if ((b = capacity_get(capacity_session(), key)) != NULL)
		r->base = *b;
}

/* The index of the load of this run that measured a baseline, or -1. */
static int
run_measurer(const struct run *run, const struct capacity_base *b)
{
	char	by[CAPACITY_BY_LEN];
	int	i;

	for (i = 0; i < run->n; i++) {
		snprintf(by, sizeof by, "%s#%d", run->r[i].spec.k->name, run->r[i].id);
		if (run->r[i].id > 0 && strcmp(by, b->by) == 0)
			return i;
	}
	return -1;
}

/*
 * Load i at a place an earlier load of this run measured undisturbed, in
 * this round already, takes that solo window instead of its own: 1 if it
 * did.
 */
static int
run_reuse(struct run *run, int i, int k)
{
	const struct capacity_base	*b;
	struct run_result		*r = &run->r[i], *o;
	char				 key[CAPACITY_KEY_LEN];
	int				 j;

	capacity_key(&r->spec, key, sizeof key);
	if ((b = capacity_reusable(capacity_session(), key)) == NULL ||
	    (j = run_measurer(run, b)) == -1 || j >= i || !isfinite(run->r[j].solo_w[k]))
		return 0;
	o = &run->r[j];
	r->solo_w[k] = o->solo_w[k];
	r->solo_w_share[k] = o->solo_w_share[k];
	r->solo_w_spread[k] = o->solo_w_spread[k];
	r->solo_w_mhz[k] = o->solo_w_mhz[k];
	r->solo_w_disturbed[k] = o->solo_w_disturbed[k];
	return 1;
}

/*
 * Every load stands on its place's baseline, the best solo measured there:
 * identical loads take the same one (its rate, share, spread, guard's
 * notes), the one who measured it named.
 */
static void
run_bases(struct run *run)
{
	const struct capacity_base	*b;
	struct run_result		*r, *o;
	char				 key[CAPACITY_KEY_LEN];
	int				 i, j;

	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		capacity_key(&r->spec, key, sizeof key);
		if (r->id <= 0 || (b = capacity_get(capacity_session(), key)) == NULL ||
		    (j = run_measurer(run, b)) == -1)
			continue;
		r->base = *b;
		r->base_reused = j != i ? j + 1 : 0;
		if (j == i)
			continue;
		o = &run->r[j];
		r->solo = o->solo;
		r->solo_share = o->solo_share;
		r->solo_spread = o->solo_spread;
		r->solo_disturbed = o->solo_disturbed;
		r->solo_foreign = o->solo_foreign;
		memcpy(r->solo_w, o->solo_w, sizeof r->solo_w);
		memcpy(r->solo_w_share, o->solo_w_share, sizeof r->solo_w_share);
		memcpy(r->solo_w_spread, o->solo_w_spread, sizeof r->solo_w_spread);
		memcpy(r->solo_w_mhz, o->solo_w_mhz, sizeof r->solo_w_mhz);
		memcpy(r->solo_w_disturbed, o->solo_w_disturbed, sizeof r->solo_w_disturbed);
		r->cap = o->cap;
	}
	/* The speed is taken against the solos' mean in this run, not one window. */
	for (i = 0; i < run->n; i++)
		if (isfinite(run->r[i].base.rate) && isfinite(run->r[i].solo)) {
			run->r[i].base.rate = run->r[i].solo;
			run->r[i].base.spread = run->r[i].solo_spread;
		}
}

/*
 * Each load's windows combined (alternate.h): the mean of its solos and of
 * its together windows, spreads that take in how they moved, and what the
 * solos say of its CPU's capacity (their rates per CPU-second).
 */
static void
run_combine(struct run *run)
{
	struct run_result	*r;
	struct alt_figs		 fg;
	double			 per[ALT_ROUNDS_MAX];
	int			 i, k;

	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		alt_combine(r->solo_w, r->solo_w_spread, run->rounds, &fg);
		r->solo = fg.mean;
		r->solo_spread = fg.spread;
		alt_combine(r->solo_w_share, NULL, run->rounds, &fg);
		r->solo_share = fg.mean;
		alt_combine(r->tog_w, r->tog_w_spread, run->rounds, &fg);
		r->rate = fg.mean;
		r->spread = fg.spread;
		alt_combine(r->tog_w_share, NULL, run->rounds, &fg);
		r->share = fg.mean;
		/*
		 * Capacity per CPU-second alone: a solo window others took time
		 * from is others' work, never the CPU's capacity.
		 */
		for (k = 0; k < run->rounds; k++)
			per[k] = isfinite(r->solo_w_share[k]) && r->solo_w_share[k] > 0.01 ?
			    r->solo_w[k] / r->solo_w_share[k] : r->solo_w[k];
		alt_capacity(per, r->solo_w_spread, r->solo_w_mhz, r->solo_w_disturbed,
		    run->rounds, run->hypervisor, &r->cap);
	}
}

/* 1 when others took more in a than in b (a known figure over an unknown one). */
static int
run_more(const struct run_foreign *a, const struct run_foreign *b)
{
	if (!isfinite(a->cpus))
		return !isfinite(b->cpus) && a->nwho > b->nwho;
	return !(a->cpus <= b->cpus);
}

/* A fixed load's CPU's clock now (NAN unknown or floating). */
static double
run_mhz(struct sensors *sn, const struct run_result *r)
{
	int	cpu = r->spec.floating ? -1 : cpuset_next(&r->spec.cpus, 0);

	if (cpu < 0)
		return NAN;
	sensors_read(sn, util_now_ns());
	return cpu < sn->ncpu ? sn->cpu[cpu].mhz : NAN;
}

/*
 * Round k's solos: each load alone, the others paused, guarded: measured
 * again once its core is quiet; a load at a place measured already in this
 * round reuses that window. A signal's number, or 0.
 */
static int
run_solos(struct loads *ls, struct foreign *f, struct sensors *sn, struct run *run,
    int k)
{
	struct solo_stable	 stab;
	struct measure_win	 w;
	struct solo_result	 res;
	struct run_result	*r;
	struct load		*l;
	uint64_t		 warm_ns, quiet_ns, t0;
	struct run_foreign	 rf;
	char			 what[160];
	int			 i, sig, cpu_bound, tries;

	run_windows(run->time_s, &stab, &w);
	warm_ns = (uint64_t)((run->time_s / 4 < 0.25 ? run->time_s / 4 : 0.25) * 1e9);
	quiet_ns = (uint64_t)(run_quiet_s(run->time_s) * 1e9);
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (r->id <= 0 || r->failure[0] != '\0')
			continue;
		cpu_bound = kernel_cpu_bound(r->spec.k);
		if (run_reuse(run, i, k))
			continue;
		snprintf(what, sizeof what, "%s alone, round %d of %d", r->spec.text, k + 1,
		    run->rounds);
		run_progress(run, what, run->n + k * (run->n + 1) + i);
		measure_foreign_scan(f, ls);
		run_counters(ls, r, NULL);
		t0 = util_now_ns();
		tries = 0;
		sig = solo_measure_guarded(&solo_loads_ops, ls, r->id, warm_ns, &stab,
		    cpu_bound, quiet_ns, &res, &tries);
		r->solo_tries += tries;
		/* Its waits for a quiet window, then the figures measured again: their share. */
		if (sig == 0)
			eta_guarded(&run->eta, (double)(util_now_ns() - t0) / 1e9,
			    res.waited_s, tries);
		if (sig > 0)
			return sig;
		run_counters(ls, r, &r->solo_pw);
		measure_foreign_scan(f, ls);
		if (sig == 0) {
			run_offer(r, &res, cpu_bound);
			r->solo_w[k] = res.rate > 0 ? res.rate : NAN;
			r->solo_w_share[k] = res.share;
			r->solo_w_spread[k] = res.spread;
			r->solo_w_mhz[k] = run_mhz(sn, r);
			r->solo_w_disturbed[k] = solo_disturbed(&res, cpu_bound);
			r->solo_disturbed |= r->solo_w_disturbed[k];
			run_foreign(f, run->m, r, &rf);
			/* Others' time over the kept window, at least those named. */
			rf.cpus = measure_foreign_kept(res.foreign, rf.cpus, rf.who, rf.nwho);
			/* The round where others took the most is the one named. */
			if (run_more(&rf, &r->solo_foreign))
				r->solo_foreign = rf;
		}
		run_failure(ls, r);
		if (sig == 0 && !(res.rate > 0) && r->failure[0] == '\0' &&
		    (l = loads_get(ls, r->id)) != NULL &&
		    loads_stall(ls, l, r->failure, sizeof r->failure))
			continue;
		if (sig == 0 && !(res.rate > 0) && r->failure[0] == '\0') {
			r->starved = r->solo_disturbed;
			snprintf(r->failure, sizeof r->failure, "made no progress alone%s",
			    r->starved ? " (others took its CPU, see the warnings)" : "");
		}
	}
	return 0;
}

/* The CPUs of every load and their siblings, busy and foreign over the together phase. */
static void
run_cpus(struct run *run, const struct cpustat_sample *a,
    const struct cpustat_sample *b, const struct foreign *f)
{
	struct cpustat_pct	pct;
	struct cpuset		all, core;
	int			i, cpu;

	cpuset_zero(&all);
	for (i = 0; i < run->n; i++) {
		measure_core_cpus(run->m, &run->r[i].spec, &core);
		CPUSET_FOREACH(cpu, &core)
			cpuset_set(&all, cpu);
	}
	run->cpus = xcalloc((size_t)cpuset_count(&all) + 1, sizeof *run->cpus);
	CPUSET_FOREACH(cpu, &all) {
		run->cpus[run->ncpus].cpu = cpu;
		run->cpus[run->ncpus].busy = cpustat_delta(a, b, cpu, &pct) == 0 ?
		    pct.busy / 100 : NAN;
		run->cpus[run->ncpus++].foreign_busy = foreign_cpu_share(f, cpu);
	}
}

/* The sensors at the end of the together window: each CPU's clock and temperature, power. */
static void
run_sensors(struct run *run, const struct sensors *sn)
{
	struct run_cpu	*c;
	int		 i;

	for (i = 0; i < run->ncpus; i++) {
		c = &run->cpus[i];
		c->mhz = c->cpu < sn->ncpu ? sn->cpu[c->cpu].mhz : NAN;
		c->temp_c = c->cpu < sn->ncpu ? sn->cpu[c->cpu].temp_c : NAN;
		c->base_mhz = c->cpu < sn->ncpu ? sn->cpu[c->cpu].base_mhz : NAN;
		c->max_mhz = c->cpu < sn->ncpu ? sn->cpu[c->cpu].max_mhz : NAN;
	}
	run->watts = sensors_watts(sn);
	run->temp_c = sensors_temp(sn);
	snprintf(run->mhz_src, sizeof run->mhz_src, "%s", sn->mhz_src);
	snprintf(run->mhz_why, sizeof run->mhz_why, "%s", sn->mhz_why);
	snprintf(run->temp_why, sizeof run->temp_why, "%s", sn->temp_why);
	snprintf(run->watts_why, sizeof run->watts_why, "%s", sn->watts_why);
}

/*
 * Round k's together window: all at once, until every rate is known;
 * foreign work on each core; the CPUs' busy time and the sensors over the
 * last round's. A signal's number, or 0.
 */
static int
run_together(struct loads *ls, struct foreign *f, struct sensors *sn, struct run *run,
    int k)
{
	struct cpustat_sample	 cs[2];
	struct solo_stable	 stab;
	struct measure_win	 w;
	struct measure_fig	*fig = xcalloc((size_t)run->n, sizeof *fig);
	struct run_result	*r;
	char			 err[256];
	int			*ids = xcalloc((size_t)run->n, sizeof *ids);
	struct run_foreign	 rf;
	int			 i, sig, last = k + 1 == run->rounds;
	double			 spread, took_s = 0;
	char			 what[64];

	run_windows(run->time_s, &stab, &w);
	for (i = 0; i < run->n; i++)
		ids[i] = run->r[i].id;
	snprintf(what, sizeof what, "all together, round %d of %d", k + 1, run->rounds);
	run_progress(run, what, run->n + k * (run->n + 1) + run->n);
	if ((sig = measure_sleep(w.sub_s)) != 0) {
		free(fig);
		free(ids);
		return sig;
	}
	memset(cs, 0, sizeof cs);
	cpustat_sample(&cs[0], NULL, err, sizeof err);
	measure_foreign_scan(f, ls);
	sensors_read(sn, util_now_ns());
	for (i = 0; i < run->n; i++)
		run_counters(ls, &run->r[i], NULL);
	sig = measure_stable(ls, ids, run->n, &w, fig, &spread, &took_s);
	run->together_s += took_s;
	for (i = 0; i < run->n; i++)
		run_counters(ls, &run->r[i], &run->r[i].pw);
	sensors_read(sn, util_now_ns());
	measure_foreign_scan(f, ls);
	cpustat_sample(&cs[1], NULL, err, sizeof err);
	if (sig == 0 && last)
		run_cpus(run, &cs[0], &cs[1], f);
	if (last)
		run_sensors(run, sn);
	cpustat_free(&cs[0]);
	cpustat_free(&cs[1]);
	for (i = 0; sig == 0 && i < run->n; i++) {
		r = &run->r[i];
		r->tog_w[k] = fig[i].rate > 0 ? fig[i].rate : NAN;
		r->tog_w_share[k] = fig[i].share;
		r->tog_w_spread[k] = fig[i].spread;
		run_foreign(f, run->m, r, &rf);
		r->disturbed |= rf.cpus > SOLO_FOREIGN_MAX;
		if (run_more(&rf, &r->foreign))
			r->foreign = rf;
	}
	free(fig);
	free(ids);
	return sig;
}

/*
 * The marks of the loads' speeds: ~ on a disturbed solo or window; ? past
 * physics (faster than alone, or loads time-sharing one CPU doing more than
 * its work) or above 100% on a disturbed solo.
 */
static void
run_marks(struct run *run)
{
	struct run_result	*r;
	enum analysis_mark	*mark = xcalloc((size_t)run->n + 1, sizeof *mark);
	double			*speed = xcalloc((size_t)run->n + 1, sizeof *speed);
	double			*spread = xcalloc((size_t)run->n + 1, sizeof *spread);
	int			*cpu = xcalloc((size_t)run->n + 1, sizeof *cpu);
	int			 i, cpu_bound;

	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		cpu_bound = kernel_cpu_bound(r->spec.k);
		spread[i] = (isfinite(r->spread) ? r->spread : 0) +
		    (isfinite(r->solo_spread) ? r->solo_spread : 0);
		speed[i] = r->speed;
		r->speed_mark = mark[i] = analysis_speed_mark(r->speed, spread[i], cpu_bound,
		    r->solo_disturbed, r->disturbed, r->mark_why, sizeof r->mark_why);
		cpu[i] = cpu_bound && !r->spec.floating && r->spec.cpu_b == -1 ?
		    cpuset_next(&r->spec.cpus, 0) : -1;
	}
	analysis_shared_marks(cpu, speed, spread, run->n, mark);
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (mark[i] == r->speed_mark)
			continue;
		r->speed_mark = mark[i];
		snprintf(r->mark_why, sizeof r->mark_why, "speed unknown: the loads "
		    "time-sharing CPU %d did more than one CPU's work: a solo ran on a "
		    "slower CPU", cpu[i]);
	}
	/* An EFF past what a CPU gives a CPU-bound kernel is no figure either. */
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (r->speed_mark == ANALYSIS_UNKNOWN ||
		    !split_past_physics(r->efficiency, ANALYSIS_BEYOND + spread[i],
		    kernel_cpu_bound(r->spec.k)))
			continue;
		r->eff_unknown = 1;
		snprintf(r->mark_why, sizeof r->mark_why, "efficiency unknown: %.0f%% "
		    "of a CPU-second, more than a CPU gives a CPU-bound kernel: its solo "
		    "ran on a slower CPU", 100 * r->efficiency);
	}
	free(mark);
	free(speed);
	free(spread);
	free(cpu);
}

/* Each load's figures after the together window: where it ran, its speed; 1 if one failed. */
static int
run_results(struct loads *ls, struct run *run)
{
	struct run_result	*r;
	struct load		*l;
	int			 i, failed = 0;

	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (r->id <= 0 || (l = loads_get(ls, r->id)) == NULL ||
		    l->state == LOAD_DEAD) {
			if (r->id > 0)
				run_failure(ls, r);
			failed = 1;
			continue;
		}
		r->last_cpu = l->cur.cpu;
		r->migrations = l->migrations;
		r->cpus_seen = l->seen;
		r->speed = analysis_speed(r->rate, r->solo);
		r->efficiency = analysis_efficiency(r->speed, r->share, r->solo_share);
		if (!r->starved && (r->failure[0] != '\0' || !isfinite(r->speed)))
			failed = 1;
	}
	run_marks(run);
	return failed;
}

/* How many solos a run measures: one per place (identical loads share one). */
static int
run_places(const struct run *run)
{
	char	key[CAPACITY_KEY_LEN], k2[CAPACITY_KEY_LEN];
	int	i, j, n = 0;

	for (i = 0; i < run->n; i++) {
		capacity_key(&run->r[i].spec, key, sizeof key);
		for (j = 0; j < i; j++) {
			capacity_key(&run->r[j].spec, k2, sizeof k2);
			if (strcmp(key, k2) == 0)
				break;
		}
		n += j == i;
	}
	return n;
}

/*
 * The plan's time, once the specs are filled: each load's setup (timed here,
 * measure_setup_s), then the rounds (alternate.h): each place's solo (a
 * warm-up and at most the longest window), then the together window (a
 * settle and at most the longest window).
 */
void
run_plan(struct run *run)
{
	struct solo_stable	stab;
	struct measure_win	w;
	double			warm = run->time_s / 4 < 0.25 ? run->time_s / 4 : 0.25;
	int			i;

	run_windows(run->time_s, &stab, &w);
	run->est_setup_s = 0;
	for (i = 0; i < run->n; i++)
		run->est_setup_s += measure_setup_s(&run->r[i].spec);
	run->estimate_s = run->est_setup_s + alt_plan_s(run->rounds, run_places(run), warm,
	    run->time_s, w.sub_s);
}

/* A run of n loads on m, --time time_s: every figure unknown, the specs to fill. */
void
run_init(struct run *run, const struct topo *m, double time_s, int n)
{
	struct run_result	*r;
	int			 i, k;

	memset(run, 0, sizeof *run);
	run->m = m;
	run->time_s = time_s;
	run->rounds = ALT_ROUNDS;
	run->watts = run->temp_c = NAN;
	run->n = n;
	run->r = xcalloc((size_t)n + 1, sizeof *run->r);
	for (i = 0; i < n; i++) {
		r = &run->r[i];
		r->solo = r->solo_share = r->solo_spread = r->rate = r->share = NAN;
		r->spread = r->speed = r->efficiency = NAN;
		r->solo_foreign.cpus = r->foreign.cpus = NAN;
		for (k = 0; k < ALT_ROUNDS_MAX; k++) {
			r->solo_w[k] = r->solo_w_share[k] = r->solo_w_spread[k] = NAN;
			r->solo_w_mhz[k] = r->tog_w[k] = r->tog_w_share[k] = NAN;
			r->tog_w_spread[k] = NAN;
		}
		r->cap.moved = r->cap.capacity = NAN;
		r->last_cpu = -1;
		perf_window_clear(&r->solo_pw);
		perf_window_clear(&r->pw);
	}
}

/* Release what the run holds. */
void
run_free(struct run *run)
{
	free(run->cpus);
	free(run->r);
	run->cpus = NULL;
	run->r = NULL;
}

/*
 * Measure: in rounds, each load alone with the others paused, then all
 * together; the loads stopped.
 */
int
run_measure(struct run *run, int *sig)
{
	struct loads	*ls = loads_new(run->m);
	struct foreign	*f;
	struct sensors	*sn;
	struct cpuinfo	 ci;
	int		 failed = 0, k;

	f = foreign_new(NULL, run->m->max_os > 0 ? run->m->max_os + 1 : 1);
	sn = sensors_new(NULL);
	loads_set_counters(ls, run->counters);
	run->t0_ns = util_now_ns();
	eta_start(&run->eta, run->estimate_s, run->est_setup_s, 0, run->t0_ns);
	/* Each window ends when its rate is known, --time at most: the plan is a bound. */
	run->eta.at_most = 1;
	memset(&ci, 0, sizeof ci);
	if (topo_is_live(run->m) && cpuinfo_read(&ci, NULL) == 0)
		snprintf(run->hypervisor, sizeof run->hypervisor, "%s", ci.hypervisor);
	*sig = run_start(run, ls, run->r, run->n);
	for (k = 0; *sig == 0 && k < run->rounds; k++)
		if ((*sig = run_solos(ls, f, sn, run, k)) == 0)
			*sig = run_together(ls, f, sn, run, k);
	if (*sig == 0) {
		run_combine(run);
		run_bases(run);
	}
	eta_end(&run->eta, util_now_ns());
	if (run->progress != NULL)
		run->progress(run->arg, NULL, 0);
	sensors_free(sn);
	foreign_free(f);
	if (*sig == 0)
		failed = run_results(ls, run);
	loads_free(ls);
	return failed;
}
