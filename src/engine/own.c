/* own.c: smtscope's own CPU time per CPU between refreshes, and others' share from it. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/loads.h"
#include "engine/own.h"
#include "model/topo.h"
#include "sample/foreign.h"
#include "base/util.h"

/* Our processes: this one, and two ends of every load. */
#define OWN_MAX		(2 * LOADS_MAX + 1)

/* One of our processes' CPU time at the last tick. */
struct own_proc {
	pid_t		pid;
	uint64_t	ns, sys_ns;
};

struct own {
	const struct topo	*m;
	struct own_proc		 procs[OWN_MAX];
	int			 n;
	double			*ns, *sys_ns;	/* by pus[] index, since the last tick */
};

/* The accounting for CPUs of m. */
struct own *
own_new(const struct topo *m)
{
	struct own	*o = xcalloc(1, sizeof *o);

	o->m = m;
	o->ns = xcalloc((size_t)m->npus + 1, sizeof *o->ns);
	o->sys_ns = xcalloc((size_t)m->npus + 1, sizeof *o->sys_ns);
	return o;
}

/* Release it. */
void
own_free(struct own *o)
{
	if (o == NULL)
		return;
	free(o->ns);
	free(o->sys_ns);
	free(o);
}

/* Charge ns of our time, sys_ns of it in the kernel, to a CPU by OS index. */
static void
own_charge(struct own *o, int os, uint64_t ns, uint64_t sys_ns)
{
	const struct topo_pu	*pu = topo_pu_by_os(o->m, os);

	if (pu == NULL)
		return;
	o->ns[pu - o->m->pus] += (double)ns;
	o->sys_ns[pu - o->m->pus] += (double)sys_ns;
}

/* Read one process and charge what it ran since it was last read (all, if new). */
static void
own_one(struct own *o, const struct foreign *fg, const struct own_proc *old, int nold,
    pid_t pid, int pinned)
{
	struct own_proc	was = { pid, 0, 0 };
	uint64_t	ns, sys;
	int		i, cpu;

	if (pid <= 0 || o->n == OWN_MAX || foreign_proc_ns(fg, pid, &ns, &sys, &cpu) == -1)
		return;
	o->procs[o->n].pid = pid;
	o->procs[o->n].ns = ns;
	o->procs[o->n++].sys_ns = sys;
	for (i = 0; i < nold; i++)
		if (old[i].pid == pid)
			was = old[i];
	if (ns >= was.ns && sys >= was.sys_ns)
		own_charge(o, pinned != -1 ? pinned : cpu, ns - was.ns, sys - was.sys_ns);
}

/* Our time on each CPU since the last tick. */
void
own_tick(struct own *o, const struct foreign *fg, struct loads *ls)
{
	struct own_proc	 old[OWN_MAX];
	struct load	*l;
	int		 i, nold = o->n;

	memcpy(old, o->procs, (size_t)nold * sizeof old[0]);
	memset(o->ns, 0, (size_t)o->m->npus * sizeof *o->ns);
	memset(o->sys_ns, 0, (size_t)o->m->npus * sizeof *o->sys_ns);
	o->n = 0;
	own_one(o, fg, old, nold, getpid(), -1);
	for (i = 0; ls != NULL && i < loads_count(ls); i++) {
		l = loads_at(ls, i);
		if (l->state == LOAD_DEAD)
			continue;
		own_one(o, fg, old, nold, l->pid,
		    l->spec.floating ? -1 : cpuset_next(&l->spec.cpus, 0));
		own_one(o, fg, old, nold, l->pid_b, l->spec.cpu_b);
	}
}

/* Others' share and our system share of a busy CPU over wall_ns. */
void
own_split(const struct own *o, int pu, double busy, uint64_t wall_ns, double *others,
    double *sys)
{
	double	share, s;

	if (wall_ns == 0) {
		*others = *sys = NAN;
		return;
	}
	share = busy - o->ns[pu] / (double)wall_ns;
	/* Ticks and run time are counted apart: keep within 0..busy. */
	share = share < 0 ? 0 : share > busy ? busy : share;
	s = o->sys_ns[pu] / (double)wall_ns;
	*others = share;
	*sys = s > busy - share ? busy - share : s;
}

/* Our processes as last read. */
int
own_pids(const struct own *o, pid_t *pids, int max)
{
	int	i;

	for (i = 0; i < o->n && i < max; i++)
		pids[i] = o->procs[i].pid;
	return i;
}
