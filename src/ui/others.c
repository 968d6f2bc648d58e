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
	o->own_ns = xcalloc((size_t)h->m->npus, sizeof *o->own_ns);
	o->own_sys = xcalloc((size_t)h->m->npus, sizeof *o->own_sys);
	for (i = 0; i < h->m->npus; i++) {
		o->share[i] = NAN;
		if (h->m->pus[i].os_index >= ncpu)
			ncpu = h->m->pus[i].os_index + 1;
	}
	if (h->view_only)
		return;
	o->fg = foreign_new(NULL, ncpu);
	o->own = xcalloc(OTHERS_OWN_MAX, sizeof *o->own);
}

/* Release what others_init() made. */
void
others_free(struct ui_others *o)
{
	foreign_free(o->fg);
	free(o->share);
	free(o->sys);
	free(o->who);
	free(o->own_ns);
	free(o->own_sys);
	free(o->own);
	o->fg = NULL;
	o->share = o->sys = o->own_ns = o->own_sys = NULL;
	o->who = NULL;
	o->own = NULL;
}

/* Keep the figures one refresh: a load's time is not where it is now. */
void
others_hold(struct ui_others *o)
{
	o->hold = 1;
}

/* Charge ns of our own time, sys_ns of it in the kernel, to a CPU by OS index. */
static void
others_charge(struct ui_others *o, const struct ui_host *h, int os, uint64_t ns,
    uint64_t sys_ns)
{
	const struct topo_pu	*pu = topo_pu_by_os(h->m, os);

	if (pu == NULL)
		return;
	o->own_ns[pu - h->m->pus] += (double)ns;
	o->own_sys[pu - h->m->pus] += (double)sys_ns;
}

/*
 * Read one of our processes' time and charge what it ran since the last
 * refresh to its CPU (pinned, or where it ran last). One without a reading
 * is new since then (a load just started): all its time is in the interval.
 */
static void
others_own_one(struct ui_others *o, const struct ui_host *h, const struct ui_own *old,
    int nold, struct ui_own *now, int *nnow, pid_t pid, int pinned)
{
	struct ui_own	 was = { pid, 0, 0 };
	uint64_t	 ns, sys;
	int		 i, cpu;

	if (pid <= 0 || *nnow == OTHERS_OWN_MAX ||
	    foreign_proc_ns(o->fg, pid, &ns, &sys, &cpu) == -1)
		return;
	now[*nnow].pid = pid;
	now[*nnow].ns = ns;
	now[(*nnow)++].sys_ns = sys;
	for (i = 0; i < nold; i++)
		if (old[i].pid == pid)
			was = old[i];
	if (ns >= was.ns && sys >= was.sys_ns)
		others_charge(o, h, pinned != -1 ? pinned : cpu, ns - was.ns, sys - was.sys_ns);
}

/* Our own time on each CPU since the last refresh. */
static void
others_own(struct ui_others *o, const struct ui_host *h)
{
	struct ui_own	 now[OTHERS_OWN_MAX];
	struct load	*l;
	int		 i, n = 0;

	memset(o->own_ns, 0, (size_t)h->m->npus * sizeof *o->own_ns);
	memset(o->own_sys, 0, (size_t)h->m->npus * sizeof *o->own_sys);
	others_own_one(o, h, o->own, o->nown, now, &n, getpid(), -1);
	for (i = 0; h->loads != NULL && i < loads_count(h->loads); i++) {
		l = loads_at(h->loads, i);
		if (l->state == LOAD_DEAD)
			continue;
		others_own_one(o, h, o->own, o->nown, now, &n, l->pid,
		    l->spec.floating ? -1 : cpuset_next(&l->spec.cpus, 0));
		others_own_one(o, h, o->own, o->nown, now, &n, l->pid_b,
		    l->spec.cpu_b);
	}
	memcpy(o->own, now, (size_t)n * sizeof now[0]);
	o->nown = n;
}

/* Others' share of each CPU over the interval: busy less our own. */
static void
others_shares(struct ui_others *o, const struct ui_host *h, uint64_t wall_ns)
{
	double	share, busy, sys;
	int	i;

	o->cpus = 0;
	o->max = 0;
	for (i = 0; i < h->m->npus; i++) {
		if (!h->pct_ok[i]) {
			o->share[i] = NAN;
			continue;
		}
		busy = h->pct[i].busy / 100;
		share = busy - o->own_ns[i] / (double)wall_ns;
		/* Ticks and run time are counted apart: keep within 0..busy. */
		share = share < 0 ? 0 : share > busy ? busy : share;
		sys = o->own_sys[i] / (double)wall_ns;
		o->sys[i] = sys > busy - share ? busy - share : sys;
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
 * Who the others are: scan /proc while some CPU has a share of theirs.
 * A scan's figures cover the time since the one before, so they are
 * shown only when that one was at the previous refresh.
 */
static void
others_scan(struct ui_others *o, const struct ui_host *h)
{
	pid_t	own[OTHERS_OWN_MAX];
	int	i, n, need = 0, valid;

	o->tick++;
	for (i = 0; i < h->m->npus; i++) {
		o->who[i][0] = '\0';
		need |= isfinite(o->share[i]) && o->share[i] >= OTHERS_SCAN_MIN;
	}
	o->top[0] = '\0';
	if (!need)
		return;
	for (n = 0; n < o->nown; n++)
		own[n] = o->own[n].pid;
	if (foreign_sample(o->fg, own, n, util_now_ns()) == -1)
		return;
	valid = o->scan_tick + 1 == o->tick;
	o->scan_tick = o->tick;
	if (!valid)
		return;
	for (i = 0; i < h->m->npus; i++)
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
	others_own(o, h);
	if (prev == NULL || cur->t_ns <= prev->t_ns)
		return;
	/* A load's time of this interval is not where it is now: keep one refresh. */
	if (!o->hold)
		others_shares(o, h, cur->t_ns - prev->t_ns);
	o->hold = 0;
	others_scan(o, h);
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

/* Is a load's core quiet: others took less than SOLO_FOREIGN_MAX of each of its CPUs? */
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
		if (!(o->share[pu - h->m->pus] < SOLO_FOREIGN_MAX))
			return 0;	/* busy, or not known */
	}
	return 1;
}
