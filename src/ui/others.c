/*
 * others.c: others' work on each CPU, for the screen: /proc/stat's busy
 * time less smtscope's own (the loads' ends with their reaped children,
 * from /proc/PID/stat, and the screen itself), and, only while some CPU
 * has such a share, a scan of /proc (foreign.c) naming the processes.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sample/foreign.h"
#include "engine/measure.h"
#include "engine/loads.h"
#include "engine/own.h"
#include "engine/solo.h"
#include "model/topo.h"
#include "ui/others.h"
#include "base/util.h"

/* Our processes: the screen, and two ends of every load. */
#define OTHERS_OWN_MAX	(2 * LOADS_MAX + 1)

/* Start counting others' work on a live machine. */
void
others_init(struct ui_others *o, const struct ui_host *h)
{
	int	i, ncpu = 0;

	o->cpus = NAN;
	o->max = 0;
	o->share = xcalloc((size_t)h->m->npus, sizeof *o->share);
	o->sys = xcalloc((size_t)h->m->npus, sizeof *o->sys);
	o->who = xcalloc((size_t)h->m->npus, sizeof *o->who);
	for (i = 0; i < h->m->npus; i++) {
		o->share[i] = NAN;
		if (h->m->pus[i].os_index >= ncpu)
			ncpu = h->m->pus[i].os_index + 1;
	}
	if (h->view_only)
		return;
	o->fg = foreign_new(NULL, ncpu);
	o->own = own_new(h->m);
}

/* Release what others_init() made. */
void
others_free(struct ui_others *o)
{
	foreign_free(o->fg);
	free(o->share);
	free(o->sys);
	free(o->who);
	own_free(o->own);
	o->fg = NULL;
	o->share = o->sys = NULL;
	o->who = NULL;
	o->own = NULL;
}

/* Keep the figures one refresh: a load's time is not where it is now. */
void
others_hold(struct ui_others *o)
{
	o->hold = 1;
}

/* Others' share of each CPU over the interval: busy less our own. */
static void
others_shares(struct ui_others *o, const struct ui_host *h, uint64_t wall_ns)
{
	double	share;
	int	i;

	o->cpus = 0;
	o->max = 0;
	for (i = 0; i < h->m->npus; i++) {
		if (!h->pct_ok[i]) {
			o->share[i] = NAN;
			continue;
		}
		own_split(o->own, i, h->pct[i].busy / 100, wall_ns, &share, &o->sys[i]);
		o->share[i] = share;
		o->cpus += share;
		if (share > o->max)
			o->max = share;
	}
}

/* Name the top process overall, if it took a tenth of a CPU, and the CPU. */
static void
others_top(struct ui_others *o, const struct ui_host *h)
{
	struct foreign_proc	p, best;
	int			i;

	best.share = 0;
	for (i = 0; i < h->m->npus; i++)
		if (foreign_top(o->fg, h->m->pus[i].os_index, &p, 1) == 1 &&
		    p.share > best.share)
			best = p;
	/* The header names one only if it is much of the machine's being busy. */
	if (best.share >= OTHERS_BUSY_MIN)
		snprintf(o->top, sizeof o->top, "%s (%d) %.0f%% on CPU %d",
		    best.comm, (int)best.pid, 100 * best.share, best.cpu);
}

/*
 * Who the others are: scan /proc while some CPU has a share of theirs, at
 * most once a second (OTHERS_SCAN_NS); between scans the names stay, on the
 * CPUs that still have a share. A scan's figures cover the time since the
 * one before, so they are shown only when that one was recent.
 */
static void
others_scan(struct ui_others *o, const struct ui_host *h, uint64_t now)
{
	pid_t	own[OTHERS_OWN_MAX];
	int	i, n, need = 0, valid;

	for (i = 0; i < h->m->npus; i++) {
		if (!(isfinite(o->share[i]) && o->share[i] >= OTHERS_SCAN_MIN))
			o->who[i][0] = '\0';
		else
			need = 1;
	}
	if (!need) {
		o->top[0] = '\0';
		o->scan_ns = 0;
		return;
	}
	if (o->scan_ns != 0 && now - o->scan_ns < OTHERS_SCAN_NS)
		return;
	n = own_pids(o->own, own, OTHERS_OWN_MAX);
	if (foreign_sample(o->fg, own, n, now) == -1)
		return;
	o->scans++;
	valid = o->scan_ns != 0 && now - o->scan_ns <= OTHERS_SCAN_GAP_NS;
	o->scan_ns = now;
	if (!valid)
		return;
	o->top[0] = '\0';
	for (i = 0; i < h->m->npus; i++)
		if (isfinite(o->share[i]) && o->share[i] >= OTHERS_SCAN_MIN)
			foreign_describe(o->fg, h->m->pus[i].os_index, OTHERS_NAME_MIN, 3,
			    o->who[i], sizeof o->who[i]);
	others_top(o, h);
}

/* A refresh: others' share of each CPU since prev, then who they are. */
void
others_tick(struct ui_others *o, const struct ui_host *h,
    const struct cpustat_sample *prev, const struct cpustat_sample *cur)
{
	if (o->fg == NULL)
		return;
	own_tick(o->own, o->fg, h->loads);
	if (prev == NULL || cur->t_ns <= prev->t_ns)
		return;
	/* A load's time of this interval is not where it is now: keep one refresh. */
	if (!o->hold)
		others_shares(o, h, cur->t_ns - prev->t_ns);
	o->hold = 0;
	others_scan(o, h, cur->t_ns);
}

/* Others' CPU time so far on a load's core: its CPUs' busy time less the load's own. */
int
others_core_ns(const struct ui_others *o, const struct ui_host *h, int id,
    uint64_t *ns)
{
	if (o->fg == NULL)
		return -1;
	return measure_core_foreign_ns(h->m, o->fg, loads_get(h->loads, id), ns);
}

/*
 * Is a load's core quiet: others took less than SOLO_FOREIGN_MAX of each of
 * its CPUs? The hypervisor's steal, in the bar's others, is left out here
 * as the solo's guard leaves it out (measure_core_foreign_ns).
 */
int
others_core_quiet(const struct ui_others *o, const struct ui_host *h,
    const struct load *l)
{
	const struct topo_pu	*pu;
	struct cpuset		 core;
	int			 cpu;

	if (o->fg == NULL)
		return 0;
	measure_core_cpus(h->m, &l->spec, &core);
	CPUSET_FOREACH(cpu, &core) {
		if ((pu = topo_pu_by_os(h->m, cpu)) == NULL)
			continue;
		if (!(o->share[pu - h->m->pus] - h->pct[pu - h->m->pus].steal / 100 <
		    SOLO_FOREIGN_MAX))
			return 0;	/* busy, or not known */
	}
	return 1;
}
