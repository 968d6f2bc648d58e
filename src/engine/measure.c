/* measure.c: headless measuring windows over running loads, interruptible by signals. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/analysis.h"
#include "sample/cpustat.h"
#include "engine/measure.h"
#include "engine/stable.h"
#include "base/util.h"

/*
 * The terminating signals a measurement waits on: INT, TERM and HUP, less
 * those ignored when smtscope started (nohup). A blocked signal is queued
 * even when ignored, and sigtimedwait would take it: one ignored is
 * neither blocked nor waited on, so it stays ignored.
 */
void
measure_sigset(sigset_t *set)
{
	static const int	sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction	old;
	size_t			i;

	sigemptyset(set);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == -1 || old.sa_handler != SIG_IGN)
			sigaddset(set, sigs[i]);
}

/* Block the terminating signals; they are taken in measure_sleep(). */
void
measure_signals_block(void)
{
	sigset_t	set;

	measure_sigset(&set);
	sigprocmask(SIG_BLOCK, &set, NULL);
}

/* Sleep, returning early with the signal's number if one of them comes. */
int
measure_sleep(double s)
{
	struct timespec	ts;
	sigset_t	set;
	uint64_t	end, now;
	int		sig;

	measure_sigset(&set);
	end = util_now_ns() + (uint64_t)(s * 1e9);
	while ((now = util_now_ns()) < end) {
		ts.tv_sec = (time_t)((end - now) / UTIL_NSEC_PER_SEC);
		ts.tv_nsec = (long)((end - now) % UTIL_NSEC_PER_SEC);
		sig = sigtimedwait(&set, NULL, &ts);
		if (sig > 0)
			return sig;
		if (sig == -1 && errno != EAGAIN && errno != EINTR)
			break;
	}
	return 0;
}

/* Wait until a load's counter moves, i.e. its setup is done. */
int
measure_wait_ready(struct loads *ls, int id, double timeout_s)
{
	struct load	*l;
	uint64_t	 end = util_now_ns() + (uint64_t)(timeout_s * 1e9);
	int		 sig;

	while (util_now_ns() < end) {
		loads_reap(ls);
		if ((l = loads_get(ls, id)) == NULL || l->state == LOAD_DEAD)
			return -1;
		if (loads_counter(ls, l) > 0)
			return 0;
		if ((sig = measure_sleep(0.005)) != 0)
			return sig;
	}
	return -1;
}

/* The loads of a stable window: each one's first and last samples, and its sub-windows. */
struct measure_track {
	int			 dead;		/* died during the window */
	struct load_sample	 s0, sub0, s1;
	struct stable		 decide;	/* ends when the rate is known */
	struct stable		 record;	/* every sub-window, for the spread */
};

/* Feed one sub-window of every live load; 1 when the window is over. */
static int
measure_stable_sub(struct loads *ls, const int *ids, int n, const struct measure_win *w,
    struct measure_track *tr, struct stable *sum_decide, struct stable *sum_record)
{
	struct load	*l;
	double		 secs, work, sum = 0, sub_s = 0;
	int		 i, over = 1, alive = 0;

	loads_sample(ls);
	loads_reap(ls);
	for (i = 0; i < n; i++) {
		if (tr[i].dead || (l = loads_get(ls, ids[i])) == NULL ||
		    l->state == LOAD_DEAD) {
			tr[i].dead = 1;
			continue;
		}
		alive++;
		tr[i].s1 = l->cur;
		secs = tr[i].s1.t_ns > tr[i].sub0.t_ns ?
		    (double)(tr[i].s1.t_ns - tr[i].sub0.t_ns) / 1e9 : 0;
		work = (double)(uint64_t)(tr[i].s1.count - tr[i].sub0.count);
		over &= stable_add(&tr[i].decide, work, secs);
		stable_add(&tr[i].record, work, secs);
		if (w->weight != NULL && secs > 0)
			sum += w->weight[i] * work / secs;
		if (sub_s == 0)
			sub_s = secs;
		tr[i].sub0 = tr[i].s1;
	}
	if (w->weight == NULL || alive == 0)
		return over;
	/* The weighted sum is a rate: it counts as sum * sub_s units of work. */
	stable_add(sum_record, sum * sub_s, sub_s);
	return stable_add(sum_decide, sum * sub_s, sub_s);
}

/* A window over loads that ends when its figure is known. */
int
measure_stable(struct loads *ls, const int *ids, int n, const struct measure_win *w,
    struct measure_fig *out, double *spread, double *secs)
{
	struct measure_track	*tr = xcalloc((size_t)n, sizeof *tr);
	struct stable		*sum = xcalloc(2, sizeof *sum);
	struct load		*l;
	uint64_t		 t0 = util_now_ns();
	int			 i, rc = 0, sig;

	loads_sample(ls);
	for (i = 0; i < n; i++) {
		if ((l = loads_get(ls, ids[i])) == NULL || l->state == LOAD_DEAD)
			tr[i].dead = 1;
		else
			tr[i].s0 = tr[i].sub0 = tr[i].s1 = l->cur;
		stable_init(&tr[i].decide, w->min_s, w->max_s, w->tol, w->need);
		stable_init(&tr[i].record, INFINITY, INFINITY, 0, STABLE_MAX_SUBS);
	}
	stable_init(&sum[0], w->min_s, w->max_s, w->tol, w->need);
	stable_init(&sum[1], INFINITY, INFINITY, 0, STABLE_MAX_SUBS);
	do {
		if ((sig = measure_sleep(w->sub_s)) != 0) {
			rc = sig;
			break;
		}
	} while (!measure_stable_sub(ls, ids, n, w, tr, &sum[0], &sum[1]));
	for (i = 0; i < n; i++) {
		out[i].rate = tr[i].dead ? NAN : analysis_rate(&tr[i].s0, &tr[i].s1);
		out[i].share = tr[i].dead ? NAN : analysis_share(&tr[i].s0, &tr[i].s1);
		out[i].spread = tr[i].dead ? NAN : stable_spread(&tr[i].record);
	}
	*spread = w->weight != NULL ? stable_spread(&sum[1]) : NAN;
	*secs = (double)(util_now_ns() - t0) / 1e9;
	free(sum);
	free(tr);
	return rc;
}

/* A load's setup, timed on at most MEASURE_SETUP_BYTES here and scaled to its working set. */
double
measure_setup_s(const struct load_spec *spec)
{
	struct kernel_param	 p;
	uint64_t		 t0, ns;
	void			*st;
	char			 err[256];
	size_t			 i;

	if (spec->k == NULL || spec->param.bytes < (1 << 20) || spec->k->ends != 1)
		return 0;
	p = spec->param;
	for (i = 0; i < sizeof p.fd / sizeof p.fd[0]; i++)
		p.fd[i] = -1;
	if (p.bytes > MEASURE_SETUP_BYTES)
		p.bytes = MEASURE_SETUP_BYTES;
	t0 = util_now_ns();
	if ((st = spec->k->init(&p, err, sizeof err)) == NULL)
		return 0;
	ns = util_now_ns() - t0;
	if (spec->k->fini != NULL)
		spec->k->fini(st);
	return (double)ns / 1e9 * ((double)spec->param.bytes / (double)p.bytes);
}

/* Scan foreign work now, leaving out this process and its loads. */
int
measure_foreign_scan(struct foreign *f, struct loads *ls)
{
	pid_t		*own;
	struct load	*l;
	int		 i, n = 0, rc;

	own = xcalloc((size_t)loads_count(ls) * 2 + 1, sizeof *own);
	own[n++] = getpid();
	for (i = 0; i < loads_count(ls); i++) {
		l = loads_at(ls, i);
		if (l->pid > 0)
			own[n++] = l->pid;
		if (l->pid_b > 0)
			own[n++] = l->pid_b;
	}
	rc = foreign_sample(f, own, n, util_now_ns());
	free(own);
	return rc;
}

/*
 * Others' CPU time so far on a load's core: the time its CPUs worked less
 * the load's own. Steal is left out, as foreign.c leaves it out: no process
 * here took it, and it takes from a solo and its together window alike.
 */
int
measure_core_foreign_ns(const struct topo *m, const struct foreign *reader,
    const struct load *l, uint64_t *ns)
{
	struct cpustat_sample		 cs;
	const struct cpustat_times	*c;
	struct cpuset			 core;
	uint64_t			 busy = 0, own = 0, t;
	long				 hz = sysconf(_SC_CLK_TCK);
	char				 err[256];
	int				 cpu;

	if (l == NULL || l->state == LOAD_DEAD || hz <= 0)
		return -1;
	measure_core_cpus(m, &l->spec, &core);
	memset(&cs, 0, sizeof cs);
	if (cpustat_sample(&cs, NULL, err, sizeof err) == -1)
		return -1;
	CPUSET_FOREACH(cpu, &core) {
		if (cpu >= cs.ncpu || !cs.present[cpu])
			continue;
		c = &cs.cpu[cpu];
		busy += cpustat_work(c);
	}
	cpustat_free(&cs);
	if (l->pid > 0 && foreign_proc_ns(reader, l->pid, &t, NULL, &cpu) == 0)
		own += t;
	if (l->pid_b > 0 && foreign_proc_ns(reader, l->pid_b, &t, NULL, &cpu) == 0)
		own += t;
	busy *= 1000000000ULL / (uint64_t)hz;
	*ns = busy > own ? busy - own : 0;
	return 0;
}

/* A load's CPUs and every SMT sibling of them. */
void
measure_core_cpus(const struct topo *m, const struct load_spec *spec, struct cpuset *core)
{
	const struct topo_pu	*pu;
	struct cpuset		 mine = spec->cpus;
	int			 cpu, i;

	if (spec->cpu_b != -1)
		cpuset_set(&mine, spec->cpu_b);
	*core = mine;
	CPUSET_FOREACH(cpu, &mine) {
		if ((pu = topo_pu_by_os(m, cpu)) == NULL || pu->core < 0)
			continue;
		for (i = 0; i < m->cores[pu->core].npus; i++)
			cpuset_set(core, m->pus[m->cores[pu->core].first_pu + i].os_index);
	}
}

/* A per-CPU share of the last interval summed over a set, in CPUs. */
double
measure_sum_cpus(const struct foreign *f, const struct cpuset *cpus,
    double (*share)(const struct foreign *, int))
{
	double	sum = 0;
	int	cpu;

	CPUSET_FOREACH(cpu, cpus)
		sum += share(f, cpu);
	return sum;
}

/* Others' CPU time on a set over the last interval, in CPUs. */
double
measure_foreign_cpus(const struct foreign *f, const struct cpuset *cpus)
{
	return measure_sum_cpus(f, cpus, foreign_cpu_share);
}

/*
 * Others' CPU time on a set, never less than the processes named on it: the
 * CPU's counters and a process's own come in different ticks, and a named
 * part is never said larger than its whole ("others used 0.23 CPU:
 * smtscope:spin 30% of CPU 1").
 */
double
measure_foreign_whole(double cpus, const struct foreign_proc *who, int n)
{
	double	named = 0;
	int	i;

	for (i = 0; i < n; i++)
		named += who[i].share;
	/* Unknown stays unknown: no figure made from a partial list. */
	return isfinite(cpus) && cpus < named ? named : cpus;
}

/* Others' CPUs over a solo's kept window, or the scan's, never less than those named. */
double
measure_foreign_kept(double window, double scan, const struct foreign_proc *who, int n)
{
	return measure_foreign_whole(isfinite(window) ? window : scan, who, n);
}

/* The hypervisor's steal on a set over the last interval, in CPUs. */
double
measure_steal_cpus(const struct foreign *f, const struct cpuset *cpus)
{
	return measure_sum_cpus(f, cpus, foreign_cpu_steal);
}

/* "the hypervisor gave 0.45 CPU there to other guests (steal)", or "". */
void
measure_steal_text(double steal, char *buf, size_t len)
{
	if (steal >= MEASURE_STEAL_MIN)
		snprintf(buf, len, "the hypervisor gave %.2f CPU there to other guests "
		    "(steal)", steal);
	else if (len > 0)
		buf[0] = '\0';
}

/* Order foreign processes largest first. */
static int
measure_cmp_proc(const void *a, const void *b)
{
	const struct foreign_proc	*x = a, *y = b;

	return x->share > y->share ? -1 : x->share < y->share;
}

/* The foreign processes on a set, largest first. */
int
measure_foreign_on(const struct foreign *f, const struct cpuset *cpus, double min_share,
    struct foreign_proc *out, int max)
{
	struct foreign_proc	top[8];
	int			cpu, i, k, n = 0;

	CPUSET_FOREACH(cpu, cpus) {
		k = foreign_top(f, cpu, top, 8);
		for (i = 0; i < k; i++) {
			if (top[i].share < min_share)
				break;
			if (n < max)
				out[n++] = top[i];
			else if (top[i].share > out[max - 1].share)
				out[max - 1] = top[i];
			else
				break;
			qsort(out, (size_t)n, sizeof *out, measure_cmp_proc);
		}
	}
	return n;
}

/* "smtscope-hog (4242) 48% of CPU 1, cc1 (77) 6% of CPU 0". */
void
measure_foreign_text(const struct foreign_proc *p, int n, char *buf, size_t len)
{
	size_t	used = 0;
	int	i;

	buf[0] = '\0';
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s (%d) %.0f%% of CPU %d",
		    i > 0 ? ", " : "", p[i].comm, (int)p[i].pid, 100 * p[i].share, p[i].cpu);
}
