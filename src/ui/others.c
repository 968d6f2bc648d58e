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
#include "engine/solo.h"
#include "ui/others.h"
#include "base/util.h"

/* Our processes: the screen, and two ends of every load. */
#define OTHERS_OWN_MAX	(2 * LOADS_MAX + 1)

/* Start counting others' work on a live machine. */
void
others_init(struct ui_state *st)
{
	int	i, ncpu = 0;

	st->fg_cpus = NAN;
	st->fg_max = 0;
	st->fg_share = xcalloc((size_t)st->m->npus, sizeof *st->fg_share);
	st->fg_sys = xcalloc((size_t)st->m->npus, sizeof *st->fg_sys);
	st->fg_who = xcalloc((size_t)st->m->npus, sizeof *st->fg_who);
	st->fg_own_ns = xcalloc((size_t)st->m->npus, sizeof *st->fg_own_ns);
	st->fg_own_sys = xcalloc((size_t)st->m->npus, sizeof *st->fg_own_sys);
	for (i = 0; i < st->m->npus; i++) {
		st->fg_share[i] = NAN;
		if (st->m->pus[i].os_index >= ncpu)
			ncpu = st->m->pus[i].os_index + 1;
	}
	if (st->view_only)
		return;
	st->fg = foreign_new(NULL, ncpu);
	st->fg_own = xcalloc(OTHERS_OWN_MAX, sizeof *st->fg_own);
}

/* Release what others_init() made. */
void
others_free(struct ui_state *st)
{
	foreign_free(st->fg);
	free(st->fg_share);
	free(st->fg_sys);
	free(st->fg_who);
	free(st->fg_own_ns);
	free(st->fg_own_sys);
	free(st->fg_own);
	st->fg = NULL;
	st->fg_share = st->fg_sys = st->fg_own_ns = st->fg_own_sys = NULL;
	st->fg_who = NULL;
	st->fg_own = NULL;
}

/* Keep the figures one refresh: a load's time is not where it is now. */
void
others_hold(struct ui_state *st)
{
	st->fg_hold = 1;
}

/* Charge ns of our own time, sys_ns of it in the kernel, to a CPU by OS index. */
static void
others_charge(struct ui_state *st, int os, uint64_t ns, uint64_t sys_ns)
{
	const struct topo_pu	*pu = topo_pu_by_os(st->m, os);

	if (pu == NULL)
		return;
	st->fg_own_ns[pu - st->m->pus] += (double)ns;
	st->fg_own_sys[pu - st->m->pus] += (double)sys_ns;
}

/*
 * Read one of our processes' time and charge what it ran since the last
 * refresh to its CPU (pinned, or where it ran last). One without a reading
 * is new since then (a load just started): all its time is in the interval.
 */
static void
others_own_one(struct ui_state *st, const struct ui_own *old, int nold,
    struct ui_own *now, int *nnow, pid_t pid, int pinned)
{
	struct ui_own	 was = { pid, 0, 0 };
	uint64_t	 ns, sys;
	int		 i, cpu;

	if (pid <= 0 || *nnow == OTHERS_OWN_MAX ||
	    foreign_proc_ns(st->fg, pid, &ns, &sys, &cpu) == -1)
		return;
	now[*nnow].pid = pid;
	now[*nnow].ns = ns;
	now[(*nnow)++].sys_ns = sys;
	for (i = 0; i < nold; i++)
		if (old[i].pid == pid)
			was = old[i];
	if (ns >= was.ns && sys >= was.sys_ns)
		others_charge(st, pinned != -1 ? pinned : cpu, ns - was.ns, sys - was.sys_ns);
}

/* Our own time on each CPU since the last refresh. */
static void
others_own(struct ui_state *st)
{
	struct ui_own	 now[OTHERS_OWN_MAX];
	struct load	*l;
	int		 i, n = 0;

	memset(st->fg_own_ns, 0, (size_t)st->m->npus * sizeof *st->fg_own_ns);
	memset(st->fg_own_sys, 0, (size_t)st->m->npus * sizeof *st->fg_own_sys);
	others_own_one(st, st->fg_own, st->fg_nown, now, &n, getpid(), -1);
	for (i = 0; st->loads != NULL && i < loads_count(st->loads); i++) {
		l = loads_at(st->loads, i);
		if (l->state == LOAD_DEAD)
			continue;
		others_own_one(st, st->fg_own, st->fg_nown, now, &n, l->pid,
		    l->spec.floating ? -1 : cpuset_next(&l->spec.cpus, 0));
		others_own_one(st, st->fg_own, st->fg_nown, now, &n, l->pid_b,
		    l->spec.cpu_b);
	}
	memcpy(st->fg_own, now, (size_t)n * sizeof now[0]);
	st->fg_nown = n;
}

/* Others' share of each CPU over the interval: busy less our own. */
static void
others_shares(struct ui_state *st, uint64_t wall_ns)
{
	double	share, busy, sys;
	int	i;

	st->fg_cpus = 0;
	st->fg_max = 0;
	for (i = 0; i < st->m->npus; i++) {
		if (!st->pct_ok[i]) {
			st->fg_share[i] = NAN;
			continue;
		}
		busy = st->pct[i].busy / 100;
		share = busy - st->fg_own_ns[i] / (double)wall_ns;
		/* Ticks and run time are counted apart: keep within 0..busy. */
		share = share < 0 ? 0 : share > busy ? busy : share;
		sys = st->fg_own_sys[i] / (double)wall_ns;
		st->fg_sys[i] = sys > busy - share ? busy - share : sys;
		st->fg_share[i] = share;
		st->fg_cpus += share;
		if (share > st->fg_max)
			st->fg_max = share;
	}
}

/* Name the top process overall, if it took a tenth of a CPU, and the CPU. */
static void
others_top(struct ui_state *st)
{
	struct foreign_proc	p, best;
	int			i;

	best.share = 0;
	for (i = 0; i < st->m->npus; i++)
		if (foreign_top(st->fg, st->m->pus[i].os_index, &p, 1) == 1 &&
		    p.share > best.share)
			best = p;
	/* The header names one only if it is much of the machine's being busy. */
	if (best.share >= OTHERS_BUSY_MIN)
		snprintf(st->fg_top, sizeof st->fg_top, "%s (%d) %.0f%% on CPU %d",
		    best.comm, (int)best.pid, 100 * best.share, best.cpu);
}

/*
 * Who the others are: scan /proc while some CPU has a share of theirs.
 * A scan's figures cover the time since the one before, so they are
 * shown only when that one was at the previous refresh.
 */
static void
others_scan(struct ui_state *st)
{
	pid_t	own[OTHERS_OWN_MAX];
	int	i, n, need = 0, valid;

	st->fg_tick++;
	for (i = 0; i < st->m->npus; i++) {
		st->fg_who[i][0] = '\0';
		need |= isfinite(st->fg_share[i]) && st->fg_share[i] >= OTHERS_SCAN_MIN;
	}
	st->fg_top[0] = '\0';
	if (!need)
		return;
	for (n = 0; n < st->fg_nown; n++)
		own[n] = st->fg_own[n].pid;
	if (foreign_sample(st->fg, own, n, util_now_ns()) == -1)
		return;
	valid = st->fg_scan_tick + 1 == st->fg_tick;
	st->fg_scan_tick = st->fg_tick;
	if (!valid)
		return;
	for (i = 0; i < st->m->npus; i++)
		foreign_describe(st->fg, st->m->pus[i].os_index, OTHERS_NAME_MIN, 3,
		    st->fg_who[i], sizeof st->fg_who[i]);
	others_top(st);
}

/* A refresh: others' share of each CPU since prev, then who they are. */
void
others_tick(struct ui_state *st, const struct cpustat_sample *prev,
    const struct cpustat_sample *cur)
{
	if (st->fg == NULL)
		return;
	others_own(st);
	if (prev == NULL || cur->t_ns <= prev->t_ns)
		return;
	/* A load's time of this interval is not where it is now: keep one refresh. */
	if (!st->fg_hold)
		others_shares(st, cur->t_ns - prev->t_ns);
	st->fg_hold = 0;
	others_scan(st);
}

/* Others' CPU time so far on a load's core: its CPUs' busy time less the load's own. */
int
others_core_ns(struct ui_state *st, int id, uint64_t *ns)
{
	if (st->fg == NULL)
		return -1;
	return measure_core_foreign_ns(st->m, st->fg, loads_get(st->loads, id), ns);
}

/* Is a load's core quiet: others took less than SOLO_FOREIGN_MAX of each of its CPUs? */
int
others_core_quiet(const struct ui_state *st, const struct load *l)
{
	const struct topo_pu	*pu;
	struct cpuset		 core;
	int			 cpu;

	if (st->fg == NULL)
		return 0;
	measure_core_cpus(st->m, &l->spec, &core);
	CPUSET_FOREACH(cpu, &core) {
		if ((pu = topo_pu_by_os(st->m, cpu)) == NULL)
			continue;
		if (!(st->fg_share[pu - st->m->pus] < SOLO_FOREIGN_MAX))
			return 0;	/* busy, or not known */
	}
	return 1;
}
