/*
 * scale.c: check --scale planned, measured and reduced (scale.h). A
 * step's copies run at once, each its own lane of rounds (one window a
 * round, every copy in it); a round counts when every copy in it was
 * undisturbed, its throughput the sum of their rates.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/scale/scale.h"
#include "engine/capacity.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "base/util.h"

/* Add the --kernels list. */
int
scale_add_kernels(struct scale *s, const char *list, char *err, size_t errlen)
{
	char	buf[400], *p, *save = NULL;

	snprintf(buf, sizeof buf, "%s", list);
	for (p = strtok_r(buf, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		if (*p == '\0')
			continue;
		if (s->nkern == SCALE_MAX_KERNELS) {
			snprintf(err, errlen, "--kernels: %d kernels at most",
			    SCALE_MAX_KERNELS);
			return -1;
		}
		snprintf(s->k[s->nkern++].text, sizeof s->k[0].text, "%s", p);
	}
	if (s->nkern == 0) {
		snprintf(err, errlen, "--kernels: no kernel named");
		return -1;
	}
	return 0;
}

/* A memory kernel: its copies share the memory, per NUMA node. */
static int
scale_memory(const char *text)
{
	return strncmp(text, "chase", 5) == 0 || strncmp(text, "stream", 6) == 0;
}

/* The CPUs of a step, in topology order; how many. */
static int
scale_cpus(const struct scale *s, enum scale_kind kind, int nodes, int *cpus)
{
	const struct topo	*m = s->m;
	const struct topo_core	*c;
	int			 i, j, n = 0, os, node, ord, nseen = 0;
	int			*seen = xcalloc((size_t)m->nnodes + 1, sizeof *seen);

	for (i = 0; i < m->ncores; i++) {
		c = &m->cores[i];
		for (j = 0; j < c->npus; j++) {
			os = m->pus[c->first_pu + j].os_index;
			if (!cpuset_isset(&m->allowed, os))
				continue;
			if (kind == SCALE_NODES) {
				/* its node's place among the nodes met so far */
				node = topo_numa_of(m, os);
				for (ord = 0; ord < nseen && seen[ord] != node; ord++)
					;
				if (ord == nseen && nseen < m->nnodes)
					seen[nseen++] = node;
				if (ord >= nodes)
					break;
			}
			cpus[n++] = os;
			if (kind != SCALE_THREADS)
				break;
		}
		if (kind == SCALE_ONE && n > 0)
			break;
	}
	free(seen);
	return n;
}

/* Plan one step. */
static int
scale_step_plan(struct scale *s, struct scale_kernel *kk, enum scale_kind kind,
    int nodes, const char *name, char *err, size_t errlen)
{
	struct scale_step	*st = &kk->st[kk->nsteps];
	int			*cpus = xcalloc((size_t)s->m->npus + 1, sizeof *cpus);
	int			*lane = xcalloc((size_t)s->m->npus + 1, sizeof *lane);
	int			 n, i, rc;

	n = scale_cpus(s, kind, nodes, cpus);
	for (i = 0; i < n; i++)
		lane[i] = i;
	memset(st, 0, sizeof *st);
	st->kind = kind;
	st->nodes = nodes;
	snprintf(st->name, sizeof st->name, "%s", name);
	st->ncopies = n;
	st->total = st->lo = st->hi = st->spread = NAN;
	rc = rounds_plan(&st->r, s->m, kk->text, s->nrounds, cpus, lane, n, 1, err,
	    errlen);
	free(lane);
	free(cpus);
	if (rc == -1)
		return -1;
	if (s->win_s > 0) {
		st->r.win_max_s = s->win_s;
		st->r.win_min_s = fmin(st->r.win_min_s, s->win_s);
	}
	if (s->live && !s->dry_run && n > LOADS_MAX) {
		snprintf(err, errlen, "%s: %d copies at once, more than the %d loads "
		    "smtscope runs", name, n, LOADS_MAX);
		rounds_free(&st->r);
		return -1;
	}
	kk->nsteps++;
	return 0;
}

/* The seconds a step takes at most. */
double
scale_step_estimate(const struct scale_step *st)
{
	return st->r.nrounds * st->r.slots * rounds_slot_s(&st->r) +
	    st->r.nlanes * SCALE_START_S;
}

/* Plan every kernel's steps. */
int
scale_plan(struct scale *s, char *err, size_t errlen)
{
	struct scale_kernel	*kk;
	char			 name[40];
	int			 i, j, k, *seen, nodes[SCALE_MAX_STEPS], nn;

	s->live = topo_is_live(s->m);
	if (s->nrounds < ROUNDS_MIN)
		s->nrounds = SCALE_ROUNDS;
	cpuset_format(&s->m->allowed, s->allowed, sizeof s->allowed);
	s->nthreads = cpuset_count(&s->m->allowed);
	if (s->nthreads == 0) {
		snprintf(err, errlen, "no CPU is allowed to this process");
		return -1;
	}
	seen = xcalloc((size_t)s->m->npus + 1, sizeof *seen);
	s->ncores = scale_cpus(s, SCALE_CORES, 0, seen);
	free(seen);
	s->smt = s->nthreads > s->ncores;
	s->nnuma = s->m->summary.numa_nodes > 0 ? s->m->summary.numa_nodes : 1;
	/* The NUMA steps: 1, 2, 4, ... nodes, short of them all. */
	nn = 0;
	for (i = 1; i < s->nnuma && nn < SCALE_MAX_STEPS - 3; i *= 2)
		nodes[nn++] = i;
	s->est_s = 0;
	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		kk->nsteps = 0;
		kk->one = kk->cores = kk->threads = -1;
		kk->eff = kk->yield = kk->eff_spread = kk->yield_spread = NAN;
		kk->one = kk->nsteps;
		if (scale_step_plan(s, kk, SCALE_ONE, 0, "one copy", err, errlen) == -1)
			return -1;
		if (scale_memory(kk->text))
			for (j = 0; j < nn; j++) {
				snprintf(name, sizeof name, "cores of %d NUMA node%s",
				    nodes[j], nodes[j] > 1 ? "s" : "");
				if (scale_step_plan(s, kk, SCALE_NODES, nodes[j], name, err,
				    errlen) == -1)
					return -1;
				if (kk->st[kk->nsteps - 1].ncopies <= 1 ||
				    kk->st[kk->nsteps - 1].ncopies >= s->ncores) {
					/* tells nothing the others do not */
					kk->nsteps--;
					rounds_free(&kk->st[kk->nsteps].r);
				}
			}
		if (s->ncores > 1) {
			kk->cores = kk->nsteps;
			if (scale_step_plan(s, kk, SCALE_CORES, 0, "one per core", err,
			    errlen) == -1)
				return -1;
		} else
			kk->cores = kk->one;
		if (s->smt) {
			kk->threads = kk->nsteps;
			if (scale_step_plan(s, kk, SCALE_THREADS, 0, "one per CPU", err,
			    errlen) == -1)
				return -1;
		}
		for (j = 0; j < kk->nsteps; j++)
			s->est_s += scale_step_estimate(&kk->st[j]);
	}
	return 0;
}

/* Offer the one-copy rounds to the session's baselines, "KERNEL@CPU". */
static void
scale_offer(struct scale *s, struct scale_step *st)
{
	struct rounds_sample	*x;
	struct solo_result	 res;
	char			 spec[96], key[CAPACITY_KEY_LEN];
	int			 j;

	snprintf(spec, sizeof spec, "%s@%d", st->r.ktext, st->r.cpu[0].cpu);
	capacity_key_text(spec, key, sizeof key);
	for (j = 0; j < st->r.nrounds; j++) {
		x = rounds_at(&st->r, j, 0);
		if (!x->done || x->disturbed || !(x->rate > 0))
			continue;
		memset(&res, 0, sizeof res);
		res.rate = x->rate;
		res.share = x->share;
		res.spread = x->spread;
		res.foreign = x->foreign;
		res.window_ns = (uint64_t)(st->r.win_max_s * 1e9);
		res.end_ns = util_now_ns();
		if (capacity_offer(capacity_session(), key, &res, 1, "scale") >= 0)
			s->offered++;
	}
}

/* Measure every step of every kernel, one after the other. */
void
scale_run(struct scale *s, void (*progress)(void *, const char *, double), void *arg)
{
	uint64_t	 t0 = util_now_ns();
	double		 done = 0, el, left;
	char		 what[160];
	int		 k, j, rc = 0;

	measure_signals_block();
	for (k = 0; k < s->nkern && rc == 0; k++)
		for (j = 0; j < s->k[k].nsteps && rc == 0; j++) {
			if (progress != NULL) {
				el = (double)(util_now_ns() - t0) / 1e9;
				left = s->est_s - done;
				snprintf(what, sizeof what, "%s, %s (%d cop%s)",
				    s->k[k].text, s->k[k].st[j].name,
				    s->k[k].st[j].ncopies, s->k[k].st[j].ncopies == 1 ?
				    "y" : "ies");
				progress(arg, what, left > 0 ? left : el * 0);
			}
			rc = rounds_measure(&s->k[k].st[j].r, 0, s->k[k].st[j].r.nrounds,
			    NULL, NULL);
			done += scale_step_estimate(&s->k[k].st[j]);
			if (rc == -1) {
				s->failed = 1;
				snprintf(s->error, sizeof s->error, "%s, %s: %s", s->k[k].text,
				    s->k[k].st[j].name, s->k[k].st[j].r.error);
			}
		}
	if (progress != NULL)
		progress(arg, NULL, 0);
	if (rc > 0)
		s->signo = rc;
	scale_figures(s);
	for (k = 0; k < s->nkern; k++)
		if (s->k[k].one >= 0)
			scale_offer(s, &s->k[k].st[s->k[k].one]);
	s->elapsed_s = (double)(util_now_ns() - t0) / 1e9;
}

/* Others' CPU time on a round's cores, each core once (siblings see the same). */
static double
scale_round_foreign(struct scale_step *st, int j)
{
	const struct rounds_sample	*x;
	double				 sum = 0;
	int				 i, h, seen;

	for (i = 0; i < st->r.ncpus; i++) {
		x = rounds_at(&st->r, j, i);
		if (!x->done || !(x->foreign > 0))
			continue;
		for (h = 0, seen = 0; h < i && !seen; h++)
			seen = topo_relation(st->r.m, st->r.cpu[h].cpu, st->r.cpu[i].cpu) <=
			    REL_SMT_SIBLING;
		if (!seen)
			sum += x->foreign;
	}
	return sum;
}

/* A step's throughput over its full rounds. */
static void
scale_step_figures(struct scale_step *st)
{
	struct rounds_sample	*x;
	double			*v = xcalloc((size_t)st->r.nrounds + 1, sizeof *v), sum;
	int			 j, i, ok;

	double			*all = xcalloc((size_t)st->r.nrounds + 1, sizeof *all);
	double			 most = 0;
	int			 nall = 0, w, any;

	rounds_calc(&st->r);
	st->nfull = 0;
	st->who[0] = '\0';
	st->foreign = 0;
	for (j = 0; j < st->r.nrounds; j++) {
		st->foreign = fmax(st->foreign, scale_round_foreign(st, j));
		sum = 0;
		ok = st->ncopies > 0;
		any = ok;
		for (i = 0; i < st->r.ncpus; i++) {
			x = rounds_at(&st->r, j, i);
			if (!x->done || !(x->rate > 0))
				any = 0;
			else
				sum += x->rate;
			if (!x->done || x->disturbed || !(x->rate > 0))
				ok = 0;
			for (w = 0; x->done && w < x->nwho; w++)
				if (x->who[w].share > most) {
					most = x->who[w].share;
					snprintf(st->who, sizeof st->who, "%s (%d) %.0f%% of "
					    "CPU %d", x->who[w].comm, (int)x->who[w].pid,
					    100 * most, x->who[w].cpu);
				}
		}
		if (any)
			all[nall++] = sum;
		if (ok)
			v[st->nfull++] = sum;
	}
	st->total_all = rounds_median(all, nall);
	free(all);
	st->lo = st->hi = st->total = st->spread = NAN;
	if (st->nfull > 0) {
		st->lo = v[0];
		st->hi = v[0];
		for (j = 1; j < st->nfull; j++) {
			st->lo = fmin(st->lo, v[j]);
			st->hi = fmax(st->hi, v[j]);
		}
		st->total = rounds_median(v, st->nfull);
		if (st->nfull > 1)
			st->spread = (st->hi - st->lo) / st->total;
	}
	free(v);
}

/* The figures of the steps and the kernels. */
void
scale_figures(struct scale *s)
{
	struct scale_kernel	*kk;
	struct scale_step	*one, *cores, *thr;
	int			 k, j;

	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		for (j = 0; j < kk->nsteps; j++)
			scale_step_figures(&kk->st[j]);
		one = kk->one >= 0 ? &kk->st[kk->one] : NULL;
		cores = kk->cores >= 0 ? &kk->st[kk->cores] : NULL;
		thr = kk->threads >= 0 ? &kk->st[kk->threads] : NULL;
		kk->eff = kk->yield = kk->eff_spread = kk->yield_spread = NAN;
		if (one != NULL && cores != NULL && one->total > 0 && cores->total > 0) {
			kk->eff = cores->total / (cores->ncopies * one->total);
			kk->eff_spread = (isfinite(one->spread) ? one->spread : 0) +
			    (isfinite(cores->spread) ? cores->spread : 0);
		}
		if (cores != NULL && thr != NULL && cores->total > 0 && thr->total > 0) {
			kk->yield = thr->total / cores->total;
			kk->yield_spread = (isfinite(thr->spread) ? thr->spread : 0) +
			    (isfinite(cores->spread) ? cores->spread : 0);
		}
	}
}

void
scale_free(struct scale *s)
{
	int	k, j;

	for (k = 0; k < SCALE_MAX_KERNELS; k++)
		for (j = 0; j < s->k[k].nsteps; j++)
			rounds_free(&s->k[k].st[j].r);
	if (s->m != NULL)
		topo_free(s->m);
	s->m = NULL;
}
