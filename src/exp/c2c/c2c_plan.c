/*
 * c2c_plan.c: which pairs of logical CPUs core-to-core latency measures,
 * from the topology model alone (so a view of another machine can be
 * planned), and the summary of results by relation class.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exp/c2c/c2c.h"
#include "base/util.h"

/* The classes after the relations: NUMA nodes, where the machine has several. */
static const char *c2c_numa_names[2] = { "same-numa-node", "other-numa-node" };

/* "all", "per-core", "groups". */
const char *
c2c_select_name(enum c2c_select sel)
{
	return sel == C2C_PER_CORE ? "per-core" : sel == C2C_GROUPS ? "groups" : "all";
}

/* "cas" or "store". */
const char *
c2c_mode_name(enum c2c_mode mode)
{
	return mode == C2C_STORE ? "store" : "cas";
}

/* Parse a mode's name. */
int
c2c_mode_parse(const char *s, enum c2c_mode *mode)
{
	if (strcmp(s, "cas") == 0)
		*mode = C2C_CAS;
	else if (strcmp(s, "store") == 0)
		*mode = C2C_STORE;
	else
		return -1;
	return 0;
}

/* A class's name: a relation's, then the NUMA classes. */
const char *
c2c_class_name(int c)
{
	if (c >= 0 && c < REL_COUNT)
		return topo_rel_name((enum topo_rel)c);
	if (c >= REL_COUNT && c < C2C_NCLASSES)
		return c2c_numa_names[c - REL_COUNT];
	return "?";
}

/* The NUMA class of a pair, or -1 when unknown. */
int
c2c_pair_numa_class(const struct c2c_pair *p)
{
	if (p->numa_same == -1)
		return -1;
	return REL_COUNT + (p->numa_same ? 0 : 1);
}

/* Order doubles ascending. */
static int
c2c_cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The q quantile of v, interpolated; sorts v. */
double
c2c_quantile(double *v, int n, double q)
{
	double	pos, frac;
	int	i;

	if (n <= 0)
		return NAN;
	qsort(v, (size_t)n, sizeof *v, c2c_cmp_double);
	pos = q * (n - 1);
	i = (int)floor(pos);
	if (i >= n - 1)
		return v[n - 1];
	frac = pos - i;
	return v[i] + frac * (v[i + 1] - v[i]);
}

/* Seconds one pair takes if a one-way trip takes one_way_ns. */
double
c2c_pair_seconds(const struct c2c_plan *p, double one_way_ns)
{
	return (double)p->samples * p->trips * 2 * one_way_ns * 1e-9 + C2C_ASSUME_SETUP_S;
}

/* Append a pair of rows ia < ib unless it is there. */
static void
c2c_add_pair(struct c2c_plan *p, int ia, int ib, int *cap)
{
	int	t;

	if (ia == ib)
		return;
	if (ia > ib) {
		t = ia;
		ia = ib;
		ib = t;
	}
	if (p->cell[ia * p->ncpus + ib] != -1)
		return;
	if (p->npairs == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		p->pairs = xreallocarray(p->pairs, (size_t)*cap, sizeof *p->pairs);
	}
	memset(&p->pairs[p->npairs], 0, sizeof p->pairs[p->npairs]);
	p->pairs[p->npairs].ia = ia;
	p->pairs[p->npairs].ib = ib;
	p->cell[ia * p->ncpus + ib] = p->cell[ib * p->ncpus + ia] = p->npairs;
	p->npairs++;
}

/* The candidate CPUs in the tree's order: allowed, and in cpus when given. */
static int
c2c_candidates(const struct topo *m, const struct cpuset *cpus, struct c2c_plan *p,
    char *err, size_t errlen)
{
	int	i, cpu;

	if (cpus != NULL) {
		CPUSET_FOREACH(cpu, cpus)
			if (topo_check_cpu(m, cpu, err, errlen) == -1)
				return -1;
	}
	p->cpus = xcalloc((size_t)m->npus + 1, sizeof *p->cpus);
	for (i = 0; i < m->npus; i++) {
		if (!m->pus[i].allowed)
			continue;
		if (cpus != NULL && !cpuset_isset(cpus, m->pus[i].os_index))
			continue;
		p->cpus[p->ncpus++] = m->pus[i].os_index;
	}
	if (p->ncpus < 2) {
		snprintf(err, errlen, "core-to-core latency needs two CPUs or more; %s %d",
		    cpus != NULL ? "the list gives" : "this topology allows", p->ncpus);
		return -1;
	}
	return 0;
}

/* --per-core: the first CPU of each core with every other, and with its siblings. */
static void
c2c_plan_per_core(const struct topo *m, struct c2c_plan *p, int *cap)
{
	int	*rep, i, j, core;

	rep = xcalloc((size_t)m->ncores + 1, sizeof *rep);
	for (i = 0; i < m->ncores; i++)
		rep[i] = -1;
	for (i = 0; i < p->ncpus; i++) {
		core = topo_pu_by_os(m, p->cpus[i])->core;
		if (core < 0 || core >= m->ncores)
			continue;
		if (rep[core] == -1)
			rep[core] = i;
		else
			c2c_add_pair(p, rep[core], i, cap);
	}
	for (i = 0; i < m->ncores; i++)
		for (j = i + 1; j < m->ncores; j++)
			if (rep[i] != -1 && rep[j] != -1)
				c2c_add_pair(p, rep[i], rep[j], cap);
	free(rep);
}

/* The cache group of a CPU's core: its L3, else its package, else the machine. */
int
c2c_group_key(const struct topo *m, int os)
{
	const struct topo_pu	*pu = topo_pu_by_os(m, os);
	const struct topo_core	*c;

	if (pu == NULL || pu->core < 0)
		return 0;
	c = &m->cores[pu->core];
	if (c->l3 != -1)
		return c->l3;
	if (c->package != -1)
		return m->packages[c->package].node;
	return 0;
}

/* --groups: in each group one pair per class; between two groups their first CPUs. */
static void
c2c_plan_groups(const struct topo *m, struct c2c_plan *p, int *cap)
{
	int	*group, *first, ng = 0, i, j, g, r, have[REL_COUNT];

	group = xcalloc((size_t)p->ncpus, sizeof *group);
	first = xcalloc((size_t)p->ncpus, sizeof *first);
	for (i = 0; i < p->ncpus; i++) {
		for (g = 0; g < ng; g++)
			if (c2c_group_key(m, p->cpus[first[g]]) == c2c_group_key(m, p->cpus[i]))
				break;
		if (g == ng)
			first[ng++] = i;
		group[i] = g;
	}
	for (g = 0; g < ng; g++) {
		memset(have, 0, sizeof have);
		for (i = first[g]; i < p->ncpus; i++) {
			for (j = i + 1; j < p->ncpus && group[i] == g; j++) {
				if (group[j] != g)
					continue;
				r = topo_relation(m, p->cpus[i], p->cpus[j]);
				if (!have[r]++)
					c2c_add_pair(p, i, j, cap);
			}
		}
		for (j = g + 1; j < ng; j++)
			c2c_add_pair(p, first[g], first[j], cap);
	}
	p->ngroups = ng;
	free(group);
	free(first);
}

/* Keep only the rows some pair uses, renumbering the pairs and the matrix. */
static void
c2c_plan_compact(struct c2c_plan *p)
{
	int	*used, *map, i, n = 0, old = p->ncpus;

	used = xcalloc((size_t)old, sizeof *used);
	map = xcalloc((size_t)old, sizeof *map);
	for (i = 0; i < p->npairs; i++)
		used[p->pairs[i].ia] = used[p->pairs[i].ib] = 1;
	for (i = 0; i < old; i++) {
		map[i] = used[i] ? n : -1;
		if (used[i])
			p->cpus[n++] = p->cpus[i];
	}
	p->ncpus = n;
	free(p->cell);
	p->cell = xcalloc((size_t)n * (size_t)n, sizeof *p->cell);
	for (i = 0; i < n * n; i++)
		p->cell[i] = -1;
	for (i = 0; i < p->npairs; i++) {
		p->pairs[i].ia = map[p->pairs[i].ia];
		p->pairs[i].ib = map[p->pairs[i].ib];
		p->cell[p->pairs[i].ia * n + p->pairs[i].ib] = i;
		p->cell[p->pairs[i].ib * n + p->pairs[i].ia] = i;
	}
	free(used);
	free(map);
}

/* Fill each pair's CPUs, relation and NUMA class. */
static void
c2c_plan_relations(const struct topo *m, struct c2c_plan *p)
{
	struct c2c_pair	*q;
	int		*numa, i;

	numa = xcalloc((size_t)p->ncpus, sizeof *numa);
	for (i = 0; i < p->ncpus; i++)
		numa[i] = topo_numa_of(m, p->cpus[i]);
	for (i = 0; i < m->nnodes; i++)
		p->nnuma += m->nodes[i].type == TOPO_NUMA && m->nodes[i].allowed;
	for (i = 0; i < p->npairs; i++) {
		q = &p->pairs[i];
		q->a = p->cpus[q->ia];
		q->b = p->cpus[q->ib];
		q->rel = topo_relation(m, q->a, q->b);
		q->numa_same = p->nnuma < 2 || numa[q->ia] == -1 || numa[q->ib] == -1 ? -1 :
		    numa[q->ia] == numa[q->ib];
	}
	free(numa);
}

/* Plan the pairs. */
int
c2c_plan(const struct topo *m, const struct cpuset *cpus, enum c2c_select sel,
    struct c2c_plan *p, char *err, size_t errlen)
{
	int	i, j, cap = 0, n;

	p->sel = sel;
	if (c2c_candidates(m, cpus, p, err, errlen) == -1)
		return -1;
	n = p->ncpus;
	if ((size_t)n * (size_t)n > SIZE_MAX / sizeof *p->cell)
		fatalx("c2c: %d CPUs are too many", n);
	p->cell = xcalloc((size_t)n * (size_t)n, sizeof *p->cell);
	for (i = 0; i < n * n; i++)
		p->cell[i] = -1;
	if (sel == C2C_PER_CORE)
		c2c_plan_per_core(m, p, &cap);
	else if (sel == C2C_GROUPS)
		c2c_plan_groups(m, p, &cap);
	else {
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				c2c_add_pair(p, i, j, &cap);
	}
	c2c_plan_compact(p);
	c2c_plan_relations(m, p);
	return 0;
}

/* Free a plan. */
void
c2c_plan_free(struct c2c_plan *p)
{
	free(p->cpus);
	free(p->pairs);
	free(p->cell);
	p->cpus = NULL;
	p->pairs = NULL;
	p->cell = NULL;
	p->ncpus = p->npairs = 0;
}

/* Does pair i belong to class c? */
static int
c2c_in_class(const struct c2c_pair *q, int c)
{
	return c < REL_COUNT ? (int)q->rel == c : c2c_pair_numa_class(q) == c;
}

/* A class's figures over its measured pairs: those others did not disturb, if any. */
static void
c2c_class_fill(const struct c2c *c, int k, struct c2c_class *cl, double *v)
{
	const struct c2c_result	*r;
	int			 i, n = 0;

	memset(cl, 0, sizeof *cl);
	cl->name = c2c_class_name(k);
	cl->median = cl->lo = cl->hi = cl->spread = NAN;
	for (i = 0; i < c->plan.npairs; i++) {
		if (!c2c_in_class(&c->plan.pairs[i], k))
			continue;
		cl->npairs++;
		if (c->res == NULL || (r = &c->res[i])->state != C2C_DONE)
			continue;
		cl->nmeasured++;
		cl->ndisturbed += r->disturbed;
	}
	cl->from_disturbed = cl->nmeasured > 0 && cl->ndisturbed == cl->nmeasured;
	for (i = 0; c->res != NULL && i < c->plan.npairs; i++)
		if (c2c_in_class(&c->plan.pairs[i], k) && (r = &c->res[i])->state ==
		    C2C_DONE && (!r->disturbed || cl->from_disturbed))
			v[n++] = r->ns;
	if (n == 0)
		return;
	cl->median = c2c_quantile(v, n, 0.5);
	cl->lo = v[0];
	cl->hi = v[n - 1];
	cl->spread = cl->median > 0 ? (c2c_quantile(v, n, 0.9) -
	    c2c_quantile(v, n, 0.1)) / 2 / cl->median : NAN;
	for (i = 0; i < c->plan.npairs; i++)
		if (c2c_in_class(&c->plan.pairs[i], k) && c2c_outlier(c, cl, i))
			cl->nout++;
}

/* Summarise the results by class. */
void
c2c_classes(const struct c2c *c, struct c2c_class *out)
{
	double	*v;
	int	 k;

	v = xcalloc((size_t)c->plan.npairs + 1, sizeof *v);
	for (k = 0; k < C2C_NCLASSES; k++)
		c2c_class_fill(c, k, &out[k], v);
	free(v);
}

/* Is a measured pair out of its class? Only a class of three pairs or more can say. */
int
c2c_outlier(const struct c2c *c, const struct c2c_class *cl, int i)
{
	const struct c2c_result	*r = &c->res[i];

	if (c->res == NULL || r->state != C2C_DONE || cl->nmeasured < 3 ||
	    (r->disturbed && !cl->from_disturbed) ||
	    !isfinite(cl->median) || cl->median <= 0)
		return 0;
	return r->ns > cl->median * C2C_OUTLIER_FACTOR ||
	    r->ns < cl->median / C2C_OUTLIER_FACTOR;
}
