/*
 * rounds.c: interleaved rounds of each CPU alone with a kernel (rounds.h):
 * one load per lane, started on its lane's first CPU and moved along it
 * (started anew where the lane crosses a NUMA node, so that its memory is
 * local), paused between its windows; the loads of one slot resumed
 * together, settled, measured in one stable window, their clocks read,
 * paused again. Each sample carries the guard's notes: others' CPU time
 * on its core, the hypervisor's steal, who.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/rounds.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "sample/sensors.h"
#include "base/util.h"

#define ROUNDS_READY_S		20.0	/* a load's setup may take this long */
#define ROUNDS_WHO_MIN		0.02	/* a foreign process named takes this of a CPU */

/* Rounds being measured: the loads, one a lane, and the readers. */
struct rounds_run {
	struct rounds	*r;
	struct loads	*ls;
	struct foreign	*f;
	struct sensors	*sn;
	int		*id;		/* [nlanes]: the lane's load, -1 none yet */
	int		*at;		/* [nlanes]: the CPU it is bound to */
	uint64_t	 t0;
};

/* The sample of CPU i in round r. */
struct rounds_sample *
rounds_at(struct rounds *r, int round, int i)
{
	return &r->s[(size_t)round * (size_t)r->ncpus + (size_t)i];
}

/* The seconds one window slot takes at most, its settling included. */
double
rounds_slot_s(const struct rounds *r)
{
	return r->settle_s + r->win_max_s;
}

/* Plan rounds of a kernel over CPUs in lanes. */
int
rounds_plan(struct rounds *r, const struct topo *m, const char *ktext, int nrounds,
    const int *cpus, const int *lane, int n, int parallel, char *err, size_t errlen)
{
	char	name[64];
	int	i, j;

	memset(r, 0, sizeof *r);
	snprintf(name, sizeof name, "%s", ktext);
	name[strcspn(name, ":")] = '\0';
	if ((r->k = kernel_find(name)) == NULL) {
		snprintf(err, errlen, "unknown kernel '%s' (smtscope kernels lists them)",
		    name);
		return -1;
	}
	if (r->k->ends != 1 || !kernel_cpu_bound(r->k)) {
		snprintf(err, errlen, "%s %s: a capacity scan measures a kernel that "
		    "keeps one CPU busy alone (int, fp, hash, chase, stream, spin)", name,
		    r->k->ends != 1 ? "has two ends" : "waits");
		return -1;
	}
	snprintf(r->ktext, sizeof r->ktext, "%s", ktext);
	r->m = m;
	r->nrounds = nrounds < ROUNDS_MIN ? ROUNDS_MIN : nrounds;
	r->ncpus = n;
	r->parallel = parallel;
	r->cpu = xcalloc((size_t)n + 1, sizeof *r->cpu);
	r->s = xcalloc((size_t)r->nrounds * (size_t)n + 1, sizeof *r->s);
	r->noise_cpu = -1;
	r->noise = r->median = NAN;
	r->settle_s = ROUNDS_SETTLE_S;
	r->win_min_s = ROUNDS_WIN_MIN_S;
	r->win_max_s = ROUNDS_WIN_MAX_S;
	for (i = 0; i < n; i++) {
		r->cpu[i].cpu = cpus[i];
		r->cpu[i].lane = lane[i];
		r->cpu[i].median = r->cpu[i].min = r->cpu[i].max = r->cpu[i].all = NAN;
		r->cpu[i].spread = r->cpu[i].win_spread = r->cpu[i].mhz = NAN;
		r->cpu[i].below = r->cpu[i].level_hi = r->cpu[i].level_lo = NAN;
		if (lane[i] + 1 > r->nlanes)
			r->nlanes = lane[i] + 1;
		for (j = 0; j < i; j++)
			if (lane[j] == lane[i])
				r->cpu[i].pos++;
		if (r->cpu[i].pos + 1 > r->slots)
			r->slots = r->cpu[i].pos + 1;
	}
	if (!parallel)
		r->slots = n;
	return 0;
}

void
rounds_free(struct rounds *r)
{
	free(r->cpu);
	free(r->s);
	r->cpu = NULL;
	r->s = NULL;
}

/* Put lane L's load on a CPU: started there, moved there, or started anew on another node. */
static int
rounds_place(struct rounds_run *rr, int lane, int cpu)
{
	struct rounds		*r = rr->r;
	struct load_spec	 spec;
	struct cpuset		 one;
	char			 text[96];
	int			 sig;

	if (rr->id[lane] != -1 && rr->at[lane] == cpu)
		return 0;
	if (rr->id[lane] != -1 && topo_numa_of(r->m, cpu) == topo_numa_of(r->m,
	    rr->at[lane])) {
		cpuset_zero(&one);
		cpuset_set(&one, cpu);
		if (loads_move(rr->ls, rr->id[lane], &one, -1, r->error,
		    sizeof r->error) == -1)
			return -1;
		rr->at[lane] = cpu;
		return 0;
	}
	if (rr->id[lane] != -1)
		loads_stop(rr->ls, rr->id[lane]);
	snprintf(text, sizeof text, "%s@%d", r->ktext, cpu);
	if (loads_parse(r->m, text, &spec, r->error, sizeof r->error) == -1 ||
	    (rr->id[lane] = loads_start(rr->ls, &spec, r->error, sizeof r->error)) == -1)
		return -1;
	rr->at[lane] = cpu;
	if ((sig = measure_wait_ready(rr->ls, rr->id[lane], ROUNDS_READY_S)) != 0) {
		if (sig > 0)
			return sig;
		snprintf(r->error, sizeof r->error, "%s did no work in %.0f s", text,
		    ROUNDS_READY_S);
		return -1;
	}
	loads_pause(rr->ls, rr->id[lane], 1);
	return 0;
}

/* A CPU and its SMT siblings. */
static void
rounds_core_set(const struct topo *m, int cpu, struct cpuset *set)
{
	const struct topo_pu	*pu = topo_pu_by_os(m, cpu);
	const struct topo_core	*c;
	int			 j;

	cpuset_zero(set);
	cpuset_set(set, cpu);
	if (pu == NULL)
		return;
	c = &m->cores[pu->core];
	for (j = 0; j < c->npus; j++)
		cpuset_set(set, m->pus[c->first_pu + j].os_index);
}

/* Others' work, or capacity: the share lost counts as others' only where someone in view took it. */
int
rounds_disturbed(const struct rounds_sample *s)
{
	double	lost, took = 0;

	if (!(s->rate > 0))
		return 1;
	if (isfinite(s->foreign) && s->foreign > SOLO_FOREIGN_MAX)
		return 1;
	if (!isfinite(s->share) || s->share >= SOLO_SHARE_MIN)
		return 0;
	lost = 1 - s->share;
	if (isfinite(s->foreign) && s->foreign > 0)
		took += s->foreign;
	if (isfinite(s->steal) && s->steal > 0)
		took += s->steal;
	return took >= ROUNDS_TOOK * lost;
}

/* Fill a sample from its window and the guard's scan. */
static void
rounds_note(struct rounds_run *rr, int i, const struct measure_fig *fig,
    struct rounds_sample *s)
{
	struct rounds	*r = rr->r;
	struct cpuset	 set;
	int		 cpu = r->cpu[i].cpu;

	rounds_core_set(r->m, cpu, &set);
	s->done = 1;
	s->rate = fig->rate;
	s->share = fig->share;
	s->spread = fig->spread;
	s->foreign = measure_foreign_cpus(rr->f, &set);
	s->steal = measure_steal_cpus(rr->f, &set);
	s->nwho = measure_foreign_on(rr->f, &set, ROUNDS_WHO_MIN, s->who, ROUNDS_WHO_MAX);
	s->mhz = rr->sn != NULL && cpu < rr->sn->ncpu ? rr->sn->cpu[cpu].mhz : NAN;
	s->disturbed = rounds_disturbed(s);
	s->at_s = (double)(util_now_ns() - rr->r->t0_ns) / 1e9;
}

/* The CPUs (indexes) of slot k: the k-th of every lane, or the k-th CPU. */
static int
rounds_slot(const struct rounds *r, int k, int *idx)
{
	int	i, n = 0;

	if (!r->parallel) {
		idx[0] = k;
		return 1;
	}
	for (i = 0; i < r->ncpus; i++)
		if (r->cpu[i].pos == k)
			idx[n++] = i;
	return n;
}

/* Measure one slot of one round: 0, -1, or a signal's number. */
static int
rounds_slot_measure(struct rounds_run *rr, int round, int k, int *idx, int *ids,
    struct measure_fig *fig)
{
	struct rounds		*r = rr->r;
	struct measure_win	 w;
	double			 spread, secs;
	int			 n = rounds_slot(r, k, idx), j, rc, sig;

	for (j = 0; j < n; j++) {
		if ((rc = rounds_place(rr, r->cpu[idx[j]].lane, r->cpu[idx[j]].cpu)) != 0)
			return rc;
		ids[j] = rr->id[r->cpu[idx[j]].lane];
	}
	for (j = 0; j < n; j++)
		loads_pause(rr->ls, ids[j], 0);
	if ((sig = measure_sleep(r->settle_s)) != 0)
		return sig;
	memset(&w, 0, sizeof w);
	w.min_s = r->win_min_s;
	w.max_s = r->win_max_s;
	w.sub_s = ROUNDS_SUB_S;
	w.tol = ROUNDS_TOL;
	w.need = ROUNDS_NEED;
	measure_foreign_scan(rr->f, rr->ls);
	sig = measure_stable(rr->ls, ids, n, &w, fig, &spread, &secs);
	if (rr->sn != NULL)
		sensors_read(rr->sn, util_now_ns());
	measure_foreign_scan(rr->f, rr->ls);
	for (j = 0; j < n; j++)
		loads_pause(rr->ls, ids[j], 1);
	if (sig != 0)
		return sig;
	for (j = 0; j < n; j++)
		rounds_note(rr, idx[j], &fig[j], rounds_at(r, round, idx[j]));
	return 0;
}

/* Measure rounds [from, to). */
int
rounds_measure(struct rounds *r, int from, int to,
    void (*progress)(void *, int, int, const struct rounds *), void *arg)
{
	struct rounds_run	 rr;
	struct measure_fig	*fig = xcalloc((size_t)r->ncpus + 1, sizeof *fig);
	int			*idx = xcalloc((size_t)r->ncpus + 1, sizeof *idx);
	int			*ids = xcalloc((size_t)r->ncpus + 1, sizeof *ids);
	int			 round, k, rc = 0, i;

	memset(&rr, 0, sizeof rr);
	rr.r = r;
	rr.t0 = util_now_ns();
	/* A scan measures a round a call: at_s counts from the first. */
	if (r->t0_ns == 0)
		r->t0_ns = rr.t0;
	rr.ls = loads_new(r->m);
	rr.f = foreign_new(NULL, r->m->max_os > 0 ? r->m->max_os + 1 : 1);
	rr.sn = sensors_new(NULL);
	sensors_read(rr.sn, util_now_ns());
	if (rr.sn->mhz_src[0] == '\0') {
		sensors_free(rr.sn);
		rr.sn = NULL;
	}
	rr.id = xcalloc((size_t)r->nlanes + 1, sizeof *rr.id);
	rr.at = xcalloc((size_t)r->nlanes + 1, sizeof *rr.at);
	for (i = 0; i < r->nlanes; i++)
		rr.id[i] = rr.at[i] = -1;
	for (round = from; round < to && round < r->nrounds && rc == 0; round++)
		for (k = 0; k < r->slots && rc == 0; k++) {
			if (progress != NULL)
				progress(arg, round, k, r);
			rc = rounds_slot_measure(&rr, round, k, idx, ids, fig);
		}
	loads_stop_all(rr.ls);
	if (rc > 0)
		r->signo = rc;
	r->elapsed_s += (double)(util_now_ns() - rr.t0) / 1e9;
	loads_free(rr.ls);
	foreign_free(rr.f);
	if (rr.sn != NULL)
		sensors_free(rr.sn);
	free(rr.id);
	free(rr.at);
	free(ids);
	free(idx);
	free(fig);
	return rc;
}
