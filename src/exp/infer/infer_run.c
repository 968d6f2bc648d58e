/* infer_run.c: measure each pair of `check --infer`: two yields, repeated, and a round trip. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample/foreign.h"
#include "exp/infer/infer.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "base/util.h"

#define INFER_READY_S		5.0
#define INFER_SETTLE_S		0.05
#define INFER_SUB_S		0.02
#define INFER_TOL		0.02
#define INFER_NEED		4
#define INFER_QUIET_S		0.5	/* a disturbed solo waits this long for quiet */
#define INFER_WHO_MIN		0.02

/* One run's working state. */
struct infer_runner {
	struct infer	*inf;
	struct loads	*ls;
	struct foreign	*f;
	uint64_t	 start_ns;
	int		 done, total;	/* pair-kinds measured, planned */
	void		(*progress)(void *, const char *, double);
	void		*arg;
};

/* A stable window of at most the plan's window. */
static void
infer_window(const struct infer *inf, struct measure_win *w, struct solo_stable *stab)
{
	solo_stable_set(stab, w, inf->window_s / 2, inf->window_s, INFER_SUB_S, INFER_TOL,
	    INFER_NEED);
}

/* Say what runs now and the time left. */
static void
infer_progress(struct infer_runner *r, const char *what)
{
	if (r->progress == NULL)
		return;
	/* The plan's rest at the pace seen, waits and solos measured again apart. */
	r->progress(r->arg, what, eta_left(&r->inf->eta, r->total > 0 ? (double)r->done /
	    r->total : 0, util_now_ns()));
}

/* Start a kernel on a CPU and wait for its first unit; id, -1 (err), or -2 (signal). */
static int
infer_start(struct infer_runner *r, const char *kernel, int cpu, char *err, size_t errlen)
{
	struct load_spec	 spec;
	struct load		*l;
	uint64_t		 t0;
	char			 text[96];
	int			 id, rc;

	snprintf(text, sizeof text, "%s@%d", kernel, cpu);
	if (loads_parse(r->inf->m, text, &spec, err, errlen) == -1 ||
	    (id = loads_start(r->ls, &spec, err, errlen)) == -1)
		return -1;
	t0 = util_now_ns();
	rc = measure_wait_ready(r->ls, id, INFER_READY_S);
	eta_setup(&r->inf->eta, (double)(util_now_ns() - t0) / 1e9);
	if (rc > 0) {
		r->inf->signo = rc;
		return -2;
	}
	if (rc == -1) {
		l = loads_get(r->ls, id);
		snprintf(err, errlen, "%s: %s", text, l != NULL && l->state == LOAD_DEAD ?
		    l->death : "did no work");
		return -1;
	}
	return id;
}

/* Note who disturbed the pair, once. */
static void
infer_note_who(struct infer_runner *r, struct infer_pair *p, const struct cpuset *set)
{
	struct foreign_proc	who[4];
	int			n;

	if (p->who[0] != '\0')
		return;
	n = measure_foreign_on(r->f, set, INFER_WHO_MIN, who, 4);
	measure_foreign_text(who, n, p->who, sizeof p->who);
}

/* One guarded solo; its rate, or NAN (signal in inf->signo, or a dead load). */
static double
infer_solo(struct infer_runner *r, struct infer_pair *p, int id, const struct cpuset *set)
{
	struct measure_win	w;
	struct solo_stable	stab;
	struct solo_result	res;
	uint64_t		t0;
	int			tries, rc;

	infer_window(r->inf, &w, &stab);
	measure_foreign_scan(r->f, r->ls);
	t0 = util_now_ns();
	rc = solo_measure_guarded(&solo_loads_ops, r->ls, id,
	    (uint64_t)(INFER_SETTLE_S * 1e9), &stab, 1, (uint64_t)(INFER_QUIET_S * 1e9),
	    &res, &tries);
	/* Its waits for quiet windows, and the figures measured again while disturbed. */
	if (rc == 0)
		eta_guarded(&r->inf->eta, (double)(util_now_ns() - t0) / 1e9, res.waited_s,
		    tries);
	measure_foreign_scan(r->f, r->ls);
	if (rc > 0)
		r->inf->signo = rc;
	if (rc != 0)
		return NAN;
	if (solo_disturbed(&res, 1)) {
		p->fig.disturbed = 1;
		infer_note_who(r, p, set);
	}
	return res.rate;
}

/* Both together against their solos: the yield, its spread and their share. */
static int
infer_together(struct infer_runner *r, struct infer_pair *p, const int *ids,
    const double *solo, const struct cpuset *set, int kind, int rep)
{
	struct measure_win	w;
	struct solo_stable	stab;
	struct measure_fig	out[2];
	double			weight[2], spread, secs, foreign;
	int			sig;

	weight[0] = 1 / solo[0];
	weight[1] = 1 / solo[1];
	infer_window(r->inf, &w, &stab);
	w.weight = weight;
	measure_foreign_scan(r->f, r->ls);
	if ((sig = measure_stable(r->ls, ids, 2, &w, out, &spread, &secs)) != 0) {
		r->inf->signo = sig;
		return -1;
	}
	measure_foreign_scan(r->f, r->ls);
	foreign = measure_foreign_cpus(r->f, set);
	if (isfinite(foreign) && foreign > SOLO_FOREIGN_MAX) {
		p->fig.disturbed = 1;
		infer_note_who(r, p, set);
	}
	/* No work together in the window: no figure (others took the CPUs). */
	if (!(out[0].rate > 0) || !(out[1].rate > 0)) {
		p->fig.disturbed = 1;
		return -1;
	}
	p->fig.yield[kind][rep] = out[0].rate * weight[0] + out[1].rate * weight[1];
	p->fig.wspread[kind][rep] = spread;
	if (kind == INFER_KIND_COMPUTE && isfinite(out[0].share) && isfinite(out[1].share))
		p->fig.share[rep] = (out[0].share + out[1].share) / 2;
	return 0;
}

/* Has one of the loads died? 1 with the reason in the pair's error. */
static int
infer_dead(struct infer_runner *r, const int *ids, int n, const char *kernel,
    struct infer_pair *p)
{
	struct load	*l;
	int		 i;

	loads_reap(r->ls);
	for (i = 0; i < n; i++)
		if ((l = loads_get(r->ls, ids[i])) == NULL || l->state == LOAD_DEAD) {
			snprintf(p->error, sizeof p->error, "%s: %s", kernel,
			    l != NULL ? l->death : "vanished");
			return 1;
		}
	return 0;
}

/* One kind of yield, repeated: both loads started, each alone, then together. */
static void
infer_kind(struct infer_runner *r, struct infer_pair *p, int kind, const struct cpuset *set)
{
	const char	*kernel = kind == INFER_KIND_COMPUTE ? INFER_COMPUTE : INFER_CONTRAST;
	double		 solo[2];
	char		 what[128];
	int		 ids[2] = { -1, -1 }, rep;

	snprintf(what, sizeof what, "%s on CPUs %d and %d", kernel, p->a, p->b);
	infer_progress(r, what);
	if ((ids[0] = infer_start(r, kernel, p->a, p->error, sizeof p->error)) < 0 ||
	    (ids[1] = infer_start(r, kernel, p->b, p->error, sizeof p->error)) < 0)
		goto out;
	for (rep = 0; rep < r->inf->reps && r->inf->signo == 0; rep++) {
		solo[0] = infer_solo(r, p, ids[0], set);
		solo[1] = r->inf->signo == 0 ? infer_solo(r, p, ids[1], set) : NAN;
		if (r->inf->signo != 0 || infer_dead(r, ids, 2, kernel, p))
			break;
		/* No work alone: others took the CPU (a disturbed repeat), else a bug. */
		if (!(solo[0] > 0) || !(solo[1] > 0)) {
			if (!p->fig.disturbed) {
				snprintf(p->error, sizeof p->error, "%s made no progress alone "
				    "on a quiet CPU", kernel);
				break;
			}
			continue;
		}
		if (infer_together(r, p, ids, solo, set, kind, rep) == -1 &&
		    (r->inf->signo != 0 || infer_dead(r, ids, 2, kernel, p)))
			break;
	}
out:
	if (ids[0] > 0)
		loads_stop(r->ls, ids[0]);
	if (ids[1] > 0)
		loads_stop(r->ls, ids[1]);
	r->done++;
}

/* Measure one pair: both kinds, then its round trip. */
static void
infer_pair(struct infer_runner *r, struct infer_pair *p, infer_rtt_fn rtt, void *rtt_arg)
{
	struct load_spec	 spec;
	struct cpuset		 set;
	char			 why[160];
	int			 k, rep, rc;

	for (k = 0; k < INFER_KINDS; k++)
		for (rep = 0; rep < INFER_REPS_MAX; rep++)
			p->fig.yield[k][rep] = p->fig.wspread[k][rep] = NAN;
	for (rep = 0; rep < INFER_REPS_MAX; rep++)
		p->fig.share[rep] = NAN;
	p->fig.nreps = r->inf->reps;
	p->fig.rtt_ns = p->fig.rtt_spread = NAN;
	memset(&spec, 0, sizeof spec);
	cpuset_zero(&spec.cpus);
	cpuset_set(&spec.cpus, p->a);
	spec.cpu_b = p->b;
	measure_core_cpus(r->inf->m, &spec, &set);
	for (k = 0; k < INFER_KINDS && r->inf->signo == 0 && p->error[0] == '\0'; k++)
		infer_kind(r, p, k, &set);
	if (r->inf->signo != 0)
		return;
	if (p->error[0] != '\0') {
		r->inf->failed = 1;
		return;
	}
	p->measured = 1;
	if (rtt != NULL && p->a != p->b) {
		rc = rtt(rtt_arg, p->a, p->b, &p->fig.rtt_ns, &p->fig.rtt_spread, why,
		    sizeof why);
		if (rc > 0)
			r->inf->signo = rc;
		else if (rc == -1 && r->inf->rtt_unavailable[0] == '\0')
			snprintf(r->inf->rtt_unavailable, sizeof r->inf->rtt_unavailable,
			    "%s", why);
	}
	infer_classify(&p->fig, &p->v);
}

/* Measure every pair; a terminating signal stops it with every load stopped. */
void
infer_run(struct infer *inf, infer_rtt_fn rtt, void *rtt_arg,
    void (*progress)(void *, const char *, double), void *arg)
{
	struct infer_runner	r;
	int			i;

	memset(&r, 0, sizeof r);
	r.inf = inf;
	r.progress = progress;
	r.arg = arg;
	r.total = inf->npairs * INFER_KINDS;
	if (rtt == NULL && inf->rtt_unavailable[0] == '\0')
		snprintf(inf->rtt_unavailable, sizeof inf->rtt_unavailable,
		    "this build measures no round trips");
	measure_signals_block();
	r.ls = loads_new(inf->m);
	r.f = foreign_new(NULL, inf->m->max_os > 0 ? inf->m->max_os : 1);
	r.start_ns = util_now_ns();
	eta_start(&inf->eta, infer_estimate(inf), 0, 0, r.start_ns);
	inf->eta.at_most = 1;	/* a window ends when its figure is known */
	for (i = 0; i < inf->npairs && inf->signo == 0; i++)
		infer_pair(&r, &inf->pairs[i], rtt, rtt_arg);
	if (inf->signo == 0)
		infer_split_cores(inf);
	if (progress != NULL)
		progress(arg, NULL, 0);
	inf->elapsed_s = (double)(util_now_ns() - r.start_ns) / 1e9;
	eta_end(&inf->eta, util_now_ns());
	foreign_free(r.f);
	loads_free(r.ls);
}
