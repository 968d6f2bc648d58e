/*
 * scan_group.c: the capacity scan's figures put in words and groups: the
 * CPUs' medians summed per core, cache group, NUMA node and package; what
 * is known beside an outlier (its clock, CPPC, kind, the hypervisor); how
 * a core's threads compare; a CPU's two levels; who took a CPU. Pure: it
 * reads the scan, nothing else.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/capacity/scan.h"
#include "base/fmt.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "base/util.h"

static const char *const scan_level_names[SCAN_NLEVELS] = {
	"core", "cache", "numa", "package"
};

const char *
scan_level_name(enum scan_level l)
{
	return scan_level_names[l];
}

/* The key of a CPU's group at a level: a core, tree node or package index; -1 none. */
int
scan_group_of(const struct topo *m, int os, enum scan_level l)
{
	const struct topo_pu	*pu = topo_pu_by_os(m, os);
	const struct topo_core	*c;

	if (pu == NULL)
		return -1;
	c = &m->cores[pu->core];
	switch (l) {
	case SCAN_CORE:
		return pu->core;
	case SCAN_CACHE:
		return c->l3 != -1 ? c->l3 : c->package != -1 ? m->nnodes + c->package : -1;
	case SCAN_NUMA:
		return topo_numa_of(m, os);
	default:
		return c->package;
	}
}

/* The groups of a level for kernel k, in topology order. */
int
scan_groups(const struct scan *s, int k, enum scan_level l, struct scan_group **out)
{
	const struct rounds	*r = &s->r[k];
	struct scan_group	*g = xcalloc((size_t)r->ncpus + 1, sizeof *g), *x;
	int			 i, j, n = 0, key;

	for (i = 0; i < r->ncpus; i++) {
		key = scan_group_of(s->m, r->cpu[i].cpu, l);
		for (j = 0; j < n && g[j].id != key; j++)
			;
		x = &g[j];
		if (j == n) {
			n++;
			x->level = l;
			x->id = key;
			x->first = r->cpu[i].cpu;
			x->lo = x->hi = NAN;
		}
		x->ncpus++;
		if (!(r->cpu[i].median > 0))
			continue;
		x->nmeasured++;
		x->sum += r->cpu[i].median;
		if (!(r->cpu[i].median >= x->lo))
			x->lo = r->cpu[i].median;
		if (!(r->cpu[i].median <= x->hi))
			x->hi = r->cpu[i].median;
	}
	*out = g;
	return n;
}

/* The word of a group: "core 3", "L3 2", "NUMA 1", "package 0", "machine". */
void
scan_group_name(const struct scan *s, const struct scan_group *g, char *buf, size_t len)
{
	const struct topo	*m = s->m;
	const struct topo_node	*nd;

	if (g->id < 0) {
		snprintf(buf, len, "machine");
		return;
	}
	switch (g->level) {
	case SCAN_CORE:
		snprintf(buf, len, "core %d", m->cores[g->id].logical_index);
		return;
	case SCAN_CACHE:
		if (g->id >= m->nnodes) {
			snprintf(buf, len, "package %d",
			    m->packages[g->id - m->nnodes].logical_index);
			return;
		}
		nd = &m->nodes[g->id];
		snprintf(buf, len, "L%d %d", nd->cache_level, nd->logical_index);
		return;
	case SCAN_NUMA:
		snprintf(buf, len, "NUMA %d", m->nodes[g->id].os_index);
		return;
	default:
		snprintf(buf, len, "package %d", m->packages[g->id].logical_index);
		return;
	}
}

/* The median CPPC highest_perf of the measured CPUs, or -1. */
static long
scan_cppc_median(const struct scan *s, const struct rounds *r)
{
	double	*v = xcalloc((size_t)r->ncpus + 1, sizeof *v), med;
	int	 i, n = 0;

	for (i = 0; i < r->ncpus; i++)
		if (s->fact[r->cpu[i].cpu].cppc >= 0)
			v[n++] = (double)s->fact[r->cpu[i].cpu].cppc;
	med = rounds_median(v, n);
	free(v);
	return n > 0 ? lround(med) : -1;
}

/* What is known beside an outlier. */
void
scan_known(const struct scan *s, int k, int i, char *buf, size_t len)
{
	const struct rounds	*r = &s->r[k];
	const struct rounds_cpu	*c = &r->cpu[i];
	const struct scan_fact	*f = &s->fact[c->cpu];
	long			 med = scan_cppc_median(s, r);

	buf[0] = '\0';
	if (isfinite(c->mhz))
		util_catf(buf, len, "%s%.0f MHz during its rounds (%s)", *buf ? ", " : "",
		    c->mhz, s->mhz_src);
	if (f->cppc >= 0)
		util_catf(buf, len, "%sCPPC highest_perf %ld (median %ld)%s", *buf ? ", " :
		    "", f->cppc, med, s->itmt == 1 ? ", ITMT on" : "");
	if (f->kind != NULL)
		util_catf(buf, len, "%s%s core", *buf ? ", " : "", f->kind);
	if (s->ci.hypervisor[0] != '\0')
		util_catf(buf, len, "%sunder %s: the host may share its core or lower its "
		    "clock, unseen from here", *buf ? ", " : "", s->ci.hypervisor);
}

/* How a core's threads compare. */
void
scan_smt_text(const struct scan *s, int k, const struct scan_group *g, char *buf,
    size_t len)
{
	const struct rounds	*r = &s->r[k];
	int			 i, fast = -1, slow = -1;
	double			 d;

	buf[0] = '\0';
	if (g->level != SCAN_CORE || g->ncpus < 2)
		return;
	if (g->nmeasured < 2) {
		snprintf(buf, len, "its %d threads not compared: others' work took %d of "
		    "them in every round", g->ncpus, g->ncpus - g->nmeasured);
		return;
	}
	for (i = 0; i < r->ncpus; i++) {
		if (scan_group_of(s->m, r->cpu[i].cpu, SCAN_CORE) != g->id ||
		    !(r->cpu[i].median > 0))
			continue;
		if (fast == -1 || r->cpu[i].median > r->cpu[fast].median)
			fast = i;
		if (slow == -1 || r->cpu[i].median < r->cpu[slow].median)
			slow = i;
	}
	for (i = 0; i < r->ncpus; i++)
		if (scan_group_of(s->m, r->cpu[i].cpu, SCAN_CORE) == g->id &&
		    r->cpu[i].two_levels) {
			snprintf(buf, len, "its threads not compared: CPU %d's rounds fall in "
			    "two levels", r->cpu[i].cpu);
			return;
		}
	d = (g->hi - g->lo) / g->hi;
	if (d <= fmax(fmax(r->cpu[slow].spread, r->cpu[fast].spread), ROUNDS_OUTLIER_MIN))
		snprintf(buf, len, "its %d threads alike alone (within %.1f %%)",
		    g->nmeasured, 100 * d);
	else
		snprintf(buf, len, "CPU %d %.0f %% below CPU %d alone", r->cpu[slow].cpu,
		    100 * d, r->cpu[fast].cpu);
}

/* The words of a CPU in two levels. */
void
scan_levels_text(const struct scan *s, int k, int i, char *buf, size_t len)
{
	const struct rounds	*r = &s->r[k];
	const struct rounds_cpu	*c = &r->cpu[i];
	char			 hi[32], lo[32];

	fmt_num(hi, sizeof hi, kernel_display(r->k, c->level_hi), FMT_SIG3, 0);
	fmt_num(lo, sizeof lo, kernel_display(r->k, c->level_lo), FMT_SIG3, 0);
	snprintf(buf, len, "two levels, %s and %s %s: %s", hi, lo, r->k->unit,
	    s->ci.hypervisor[0] != '\0' ? "" : isfinite(c->mhz) ?
	    "its clock moved between rounds, or something unseen" :
	    "unexplained (no clock per CPU here)");
	if (s->ci.hypervisor[0] != '\0')
		util_catf(buf, len, "under %s, the host shares this vCPU's core or lowers "
		    "its clock, unseen from here", s->ci.hypervisor);
}

/* Add a sample's foreign processes to a tally by pid; the tally's length. */
static int
scan_tally(struct foreign_proc *t, int n, const struct rounds_sample *x)
{
	int	j, i;

	for (j = 0; j < x->nwho; j++) {
		for (i = 0; i < n && t[i].pid != x->who[j].pid; i++)
			;
		if (i == n)
			t[n++] = x->who[j];
		else
			t[i].share += x->who[j].share;
	}
	return n;
}

/* Largest share first. */
static int
scan_tally_cmp(const void *a, const void *b)
{
	const struct foreign_proc	*x = a, *y = b;

	return x->share < y->share ? 1 : x->share > y->share ? -1 : 0;
}

/*
 * Who took a CPU in its disturbed rounds: each process's share summed
 * over them and averaged, so that the one that stayed leads.
 */
void
scan_who_text(const struct scan *s, int k, int i, char *buf, size_t len)
{
	const struct rounds		*r = &s->r[k];
	const struct rounds_sample	*x, *low = NULL;
	struct foreign_proc		*t;
	int				 j, n = 0, nd = 0;

	buf[0] = '\0';
	t = xcalloc((size_t)r->nrounds * ROUNDS_WHO_MAX + 1, sizeof *t);
	for (j = 0; j < r->nrounds; j++) {
		x = &r->s[(size_t)j * (size_t)r->ncpus + (size_t)i];
		if (!x->done || !x->disturbed)
			continue;
		nd++;
		n = scan_tally(t, n, x);
		if (low == NULL || x->share < low->share)
			low = x;
	}
	qsort(t, (size_t)n, sizeof *t, scan_tally_cmp);
	if (low != NULL && isfinite(low->share) && low->share < SOLO_SHARE_MIN)
		util_catf(buf, len, "its load got as little as %.0f%% of its CPU; ",
		    100 * low->share);
	for (j = 0; j < n && j < ROUNDS_WHO_MAX; j++)
		util_catf(buf, len, "%s%s (%d) %.0f%% of CPU %d", j ? ", " : "", t[j].comm,
		    (int)t[j].pid, 100 * t[j].share / nd, t[j].cpu);
	free(t);
	if (n > 0 || low == NULL)
		return;
	if (low->steal >= MEASURE_STEAL_MIN)
		util_catf(buf, len, "the hypervisor's steal %.0f%% of a CPU",
		    100 * low->steal);
	else
		util_catf(buf, len, "work no process accounts for (%.0f%% of a CPU)",
		    100 * (isfinite(low->foreign) ? low->foreign : 0));
}
