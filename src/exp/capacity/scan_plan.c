/*
 * scan_plan.c: the capacity scan's plan: every allowed CPU in topology
 * order, ROUNDS_MIN interleaved rounds, and how they run. One CPU at a
 * time is the clean way (each CPU alone on the machine, at the clock one
 * busy core gets); where that would pass SCAN_BUDGET_S, CPUs that share
 * nothing the kernel uses run at once: one per L3 group for a kernel that
 * stays in its core's caches (int, fp, hash, spin), one per NUMA node for
 * one that reaches memory (chase, stream). Where that still passes it,
 * each core's first thread stands for its core. Where even that passes
 * SCAN_CEILING_S (a topology that names no cache shared by fewer CPUs
 * than a package, so only one CPU per package runs at once: 192 cores of
 * "pack:2 core:96 pu:2" in 87 s), an evenly spread sample of each lane's
 * cores, as many as fit, stands for them; the others are not measured.
 * The plan says which, why, and its time.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/capacity/scan.h"
#include "sample/cppc.h"
#include "sample/sensors.h"
#include "base/util.h"

/* Add the --kernels list. */
int
scan_add_kernels(struct scan *s, const char *list, char *err, size_t errlen)
{
	char	*dup = xstrdup(list), *p, *save = NULL;

	for (p = strtok_r(dup, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		if (s->nkern == SCAN_MAX_KERNELS) {
			snprintf(err, errlen, "--kernels: at most %d kernels",
			    SCAN_MAX_KERNELS);
			free(dup);
			return -1;
		}
		snprintf(s->kern[s->nkern++], sizeof s->kern[0], "%s", p);
	}
	free(dup);
	if (s->nkern == 0) {
		snprintf(err, errlen, "--kernels: no kernel named");
		return -1;
	}
	return 0;
}

/* Does a kernel reach memory (its lanes are NUMA nodes), or stay in its core's caches? */
static int
scan_reaches_memory(const char *text)
{
	return strncmp(text, "chase", 5) == 0 || strncmp(text, "stream", 6) == 0;
}

/* The group a CPU's lane follows: its NUMA node, or its L3 (else package). */
static int
scan_lane_key(const struct topo *m, const struct topo_pu *pu, int memory)
{
	const struct topo_core	*c = &m->cores[pu->core];

	if (memory)
		return topo_numa_of(m, pu->os_index);
	if (c->l3 != -1)
		return c->l3;
	return c->package != -1 ? m->nnodes + c->package : 0;
}

/*
 * The CPUs of kernel text for a way of running: cpus[] in topology order,
 * lane[] dense from 0 (one lane for SCAN_SERIAL); how many.
 */
static int
scan_cpus(const struct topo *m, const char *text, enum scan_how how, int *cpus, int *lane)
{
	int	*key = xcalloc((size_t)m->npus + 1, sizeof *key);
	int	 i, j, n = 0, nkeys = 0, k, mem = scan_reaches_memory(text);
	const struct topo_pu	*pu;

	for (i = 0; i < m->npus; i++) {
		pu = &m->pus[i];
		if (!pu->allowed)
			continue;
		/* One thread per core: the core's first allowed one. */
		if (how == SCAN_CORES)
			for (j = m->cores[pu->core].first_pu; j < i; j++)
				if (m->pus[j].allowed)
					break;
		if (how == SCAN_CORES && j < i)
			continue;
		k = scan_lane_key(m, pu, mem);
		for (j = 0; j < nkeys && key[j] != k; j++)
			;
		if (j == nkeys)
			key[nkeys++] = k;
		cpus[n] = pu->os_index;
		/* Past SCAN_LANES_MAX groups, groups share a lane: in turn, never at once. */
		lane[n++] = how == SCAN_SERIAL ? 0 : j % SCAN_LANES_MAX;
	}
	free(key);
	return n;
}

/*
 * Keep an evenly spread sample of at most keep of each lane's CPUs (in
 * topology order); how many are left.
 */
static int
scan_sample(int *cpus, int *lane, int n, int keep)
{
	int	*count = xcalloc(SCAN_LANES_MAX, sizeof *count);
	int	*seen = xcalloc(SCAN_LANES_MAX, sizeof *seen);
	int	 i, j, l, m = 0;

	for (i = 0; i < n; i++)
		count[lane[i]]++;
	for (i = 0; i < n; i++) {
		l = lane[i];
		j = seen[l]++;
		if (count[l] > keep && (long)(j + 1) * keep / count[l] == (long)j * keep /
		    count[l])
			continue;
		cpus[m] = cpus[i];
		lane[m++] = l;
	}
	free(seen);
	free(count);
	return m;
}

/* The seconds a plan of rounds takes at most. */
double
scan_estimate(const struct rounds *r)
{
	return r->nrounds * r->slots * rounds_slot_s(r) + r->nlanes * SCAN_START_S *
	    (r->parallel ? 1 : r->nrounds);
}

/*
 * Plan every kernel's rounds one way (SCAN_SAMPLE: keep of each lane's
 * cores); the estimate of them all, or -1.
 */
static double
scan_plan_how(struct scan *s, enum scan_how how, int keep, char *err, size_t errlen)
{
	int	*cpus = xcalloc((size_t)s->m->npus + 1, sizeof *cpus);
	int	*lane = xcalloc((size_t)s->m->npus + 1, sizeof *lane);
	double	 est = 0;
	int	 k, n;

	for (k = 0; k < s->nkern; k++) {
		rounds_free(&s->r[k]);
		n = scan_cpus(s->m, s->kern[k], how == SCAN_SAMPLE ? SCAN_CORES : how, cpus,
		    lane);
		if (how == SCAN_SAMPLE)
			n = scan_sample(cpus, lane, n, keep);
		if (rounds_plan(&s->r[k], s->m, s->kern[k], s->nrounds, cpus, lane, n,
		    how != SCAN_SERIAL, err, errlen) == -1) {
			est = -1;
			break;
		}
		est += scan_estimate(&s->r[k]);
	}
	free(lane);
	free(cpus);
	return est;
}

/* "one CPU at a time", "one CPU per L3 group at once (24 at a time)". */
void
scan_how_text(const struct scan *s, int k, char *buf, size_t len)
{
	const struct rounds	*r = &s->r[k];

	if (s->how == SCAN_SERIAL || r->nlanes < 2)
		snprintf(buf, len, "one CPU at a time%s", s->how == SCAN_CORES ?
		    ", each core's first thread" : s->how == SCAN_SAMPLE ? ", each sampled "
		    "core's first thread" : "");
	else
		snprintf(buf, len, "one CPU per %s at once (%d at a time)%s",
		    scan_reaches_memory(r->ktext) ? "NUMA node" : "cache group", r->nlanes,
		    s->how == SCAN_CORES ? ", each core's first thread" : s->how ==
		    SCAN_SAMPLE ? ", each sampled core's first thread" : "");
}

/*
 * The most cores per lane that fit SCAN_CEILING_S, each kernel's rounds
 * planned so (SCAN_SAMPLE); its estimate, or -1.
 */
static double
scan_plan_sample(struct scan *s, int *keep, char *err, size_t errlen)
{
	double	est = scan_plan_how(s, SCAN_CORES, 0, err, errlen);
	int	slots = 0, k;

	for (k = 0; k < s->nkern; k++)
		if (s->r[k].slots > slots)
			slots = s->r[k].slots;
	/* The time scales with the windows per round: start from the share that fits. */
	*keep = est > 0 ? (int)(slots * SCAN_CEILING_S / est) : slots;
	if (*keep < 1)
		*keep = 1;
	while ((est = scan_plan_how(s, SCAN_SAMPLE, *keep, err, errlen)) > SCAN_CEILING_S &&
	    *keep > 1)
		(*keep)--;
	return est;
}

/* Choose how to run: the first way that fits the budget, else the quickest. */
static int
scan_choose(struct scan *s, char *err, size_t errlen)
{
	double	est[3];
	int	how, best = 0, smt = 0, i, keep = 0, ncores, nkept, l3 = 0;

	for (i = 0; i < s->m->ncores; i++) {
		smt |= s->m->cores[i].nallowed > 1;
		l3 |= s->m->cores[i].l3 != -1;
	}
	for (how = SCAN_SERIAL; how <= SCAN_CORES; how++) {
		if ((est[how] = scan_plan_how(s, (enum scan_how)how, 0, err, errlen)) < 0)
			return -1;
		if (est[how] < est[best] - 1e-9)
			best = how;
		if (est[how] <= SCAN_BUDGET_S || (how == SCAN_LANES && !smt))
			break;
	}
	if (how > SCAN_CORES || est[how] > SCAN_BUDGET_S)
		how = best;
	if (est[how] > SCAN_CEILING_S)
		how = SCAN_SAMPLE;
	s->how = (enum scan_how)how;
	if (how == SCAN_SAMPLE) {
		ncores = scan_plan_how(s, SCAN_CORES, 0, err, errlen) < 0 ? 0 : s->r[0].ncpus;
		if ((s->est_s = scan_plan_sample(s, &keep, err, errlen)) < 0)
			return -1;
		nkept = s->r[0].ncpus;
	} else
		s->est_s = scan_plan_how(s, s->how, 0, err, errlen);
	if (how == SCAN_SERIAL)
		snprintf(s->how_why, sizeof s->how_why, "each CPU alone on the machine: "
		    "%d rounds of %d CPU%s fit in %.0f s", s->nrounds, s->r[0].ncpus,
		    s->r[0].ncpus == 1 ? "" : "s", SCAN_BUDGET_S);
	else if (how == SCAN_SAMPLE)
		snprintf(s->how_why, sizeof s->how_why, "one CPU at a time would take "
		    "%.0f s, and each core's first thread, one per cache group at once "
		    "(%d at a time%s), %.0f s: %d of the %d cores, evenly spread over "
		    "each group, stand for them to fit in %.0f s; the other cores and "
		    "the siblings not measured", est[SCAN_SERIAL], s->r[0].nlanes, l3 ?
		    "" : ": the topology names no cache below the package, so a package "
		    "is one group", est[best] <
		    est[SCAN_CORES] ? est[best] : est[SCAN_CORES], nkept, ncores,
		    SCAN_CEILING_S);
	else
		snprintf(s->how_why, sizeof s->how_why, "one CPU at a time would take "
		    "%.0f s: CPUs of different cache groups (NUMA nodes for chase and "
		    "stream) run at once, sharing no core and no cache the kernel uses, "
		    "but a package's power and clock budget%s", est[SCAN_SERIAL],
		    how == SCAN_CORES ? "; each core's first thread stands for its "
		    "core, its siblings not measured" : "");
	return 0;
}

/* The facts read beside the figures: MHz source, CPPC, ITMT, CPU kinds. */
static void
scan_facts(struct scan *s)
{
	struct sensors		*sn;
	const struct topo_pu	*pu;
	const struct topo_core	*c;
	int			 i;

	s->fact = xcalloc((size_t)s->m->max_os + 1, sizeof *s->fact);
	for (i = 0; i < s->m->max_os; i++)
		s->fact[i].cppc = -1;
	for (i = 0; i < s->m->npus; i++) {
		pu = &s->m->pus[i];
		c = &s->m->cores[pu->core];
		if (c->kind >= 0 && s->m->nkinds > 1)
			s->fact[pu->os_index].kind = s->m->kinds[c->kind].label;
		if (s->live)
			s->fact[pu->os_index].cppc = cppc_highest_perf(pu->os_index);
	}
	s->itmt = s->live ? cppc_itmt() : -1;
	memset(&s->ci, 0, sizeof s->ci);
	if (s->live) {
		cpuinfo_read(&s->ci, NULL);
		sn = sensors_new(NULL);
		sensors_read(sn, util_now_ns());
		snprintf(s->mhz_src, sizeof s->mhz_src, "%s", sn->mhz_src);
		sensors_free(sn);
	} else
		cpuinfo_from_topology(&s->ci, s->m->cpu_vendor, s->m->cpu_model);
}

/* Plan the rounds and read the facts. */
int
scan_plan(struct scan *s, char *err, size_t errlen)
{
	s->live = topo_is_live(s->m);
	if (s->nrounds < ROUNDS_MIN)
		s->nrounds = ROUNDS_MIN;
	s->nallowed = cpuset_count(&s->m->allowed);
	s->nonline = cpuset_count(&s->m->online);
	cpuset_format(&s->m->allowed, s->allowed, sizeof s->allowed);
	if (s->nallowed == 0) {
		snprintf(err, errlen, "no CPU is allowed to this process");
		return -1;
	}
	if (scan_choose(s, err, errlen) == -1)
		return -1;
	scan_facts(s);
	return 0;
}

void
scan_free(struct scan *s)
{
	int	k;

	for (k = 0; k < SCAN_MAX_KERNELS; k++)
		rounds_free(&s->r[k]);
	free(s->fact);
	s->fact = NULL;
	if (s->m != NULL)
		topo_free(s->m);
	s->m = NULL;
}
