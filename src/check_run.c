/*
 * check_run.c: `smtscope check`'s measurements: each kernel alone on the
 * anchor (through the solo measurer), beside a copy on each partner, pipe
 * and fork latency on each relation, and the --scheduler experiment. It
 * fills the cells of a planned struct check and prints nothing.
 *
 * Latency rows: pipe runs its two ends on the anchor and the partner (both
 * on the anchor for same-pu). fork is a fork+exit+wait loop allowed on the
 * anchor and the partner (the anchor only for same-pu): the kernel places
 * each new child, on an idle partner as a rule, so the figure is the cost of
 * a fork whose child runs next door, as a parallel build meets it.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "check.h"
#include "kernel.h"
#include "loads.h"
#include "measure.h"
#include "solo.h"
#include "topo.h"
#include "util.h"

#define CHECK_WARMUP_S		0.1
#define CHECK_READY_S		20.0	/* a load's setup may take this long */
#define CHECK_CELL_MIN_S	0.2
#define CHECK_SCHED_TICK_S	0.01
#define CHECK_SHARE_MIN		0.9	/* below this a load lost CPU time to others */

/* A check being run: the loads, the clock, and whom to tell what runs. */
struct check_runner {
	struct check	*c;
	struct loads	*ls;
	uint64_t	 start_ns;
	void		(*progress)(void *, const char *, int, int, double);
	void		*arg;
};

/* Seconds for the next cell: fixed by --time, else what the budget has left. */
static double
check_next_cell_s(const struct check_runner *cr)
{
	const struct check	*c = cr->c;
	double			 elapsed, left, s;
	int			 runs_left;

	if (c->time_given || cr->start_ns == 0)
		return c->cell_s;
	elapsed = (double)(util_now_ns() - cr->start_ns) / 1e9;
	left = CHECK_BUDGET_S - elapsed;
	runs_left = c->runs_total - c->runs_done;
	if (runs_left < 1)
		runs_left = 1;
	s = left / runs_left - CHECK_OVERHEAD_S;
	if (s > c->cell_s)
		s = c->cell_s;
	if (s < CHECK_CELL_MIN_S)
		s = CHECK_CELL_MIN_S;
	return s;
}

/* Say what runs now, with an estimate of the time left; NULL at the end. */
static void
check_progress(const struct check_runner *cr, const char *what)
{
	const struct check	*c = cr->c;
	double			 elapsed, per;

	if (cr->progress == NULL)
		return;
	elapsed = (double)(util_now_ns() - cr->start_ns) / 1e9;
	per = c->runs_done > 0 ? elapsed / c->runs_done : c->cell_s + CHECK_OVERHEAD_S;
	cr->progress(cr->arg, what, c->runs_done + 1, c->runs_total,
	    per * (c->runs_total - c->runs_done));
}

/* Start loads and wait until each works; -1 with the reason in err. */
static int
check_start_loads(struct check_runner *cr, const char *const *texts, int n, int *ids,
    char *err, size_t errlen)
{
	struct load_spec	 spec;
	struct load		*l;
	int			 i, r;

	for (i = 0; i < n; i++) {
		if (loads_parse(cr->c->m, texts[i], &spec, err, errlen) == -1 ||
		    (ids[i] = loads_start(cr->ls, &spec, err, errlen)) == -1)
			return -1;
	}
	for (i = 0; i < n; i++) {
		if ((r = measure_wait_ready(cr->ls, ids[i], CHECK_READY_S)) > 0) {
			cr->c->signo = r;
			return -1;
		}
		if (r == -1) {
			l = loads_get(cr->ls, ids[i]);
			if (l != NULL && l->state == LOAD_DEAD)
				snprintf(err, errlen, "%s: %s", texts[i], l->death);
			else
				snprintf(err, errlen, "%s did no work in %.0f s", texts[i],
				    CHECK_READY_S);
			return -1;
		}
	}
	return 0;
}

/* Measure one load alone through the solo measurer; -1 with the reason. */
static int
check_measure_alone(struct check_runner *cr, const char *text, int id, double s,
    double *rate, double *share, char *err, size_t errlen)
{
	struct solo_result	res;
	struct load		*l;
	int			r;

	r = solo_measure(&solo_loads_ops, cr->ls, id, (uint64_t)(CHECK_WARMUP_S * 1e9),
	    (uint64_t)(s * 1e9), &res);
	if (r > 0) {
		cr->c->signo = r;
		return -1;
	}
	if (r == -1) {
		l = loads_get(cr->ls, id);
		snprintf(err, errlen, "%s: %s", text, l != NULL ? l->death : "vanished");
		return -1;
	}
	*rate = res.rate;
	*share = res.share;
	return 0;
}

/* Measure loads together over one window after a warm-up; -1 with the reason. */
static int
check_measure_together(struct check_runner *cr, const char *const *texts, int n,
    const int *ids, double s, double *rate, double *share, char *err, size_t errlen)
{
	struct load	*l;
	int		 i, r;

	if ((r = measure_sleep(CHECK_WARMUP_S)) != 0 ||
	    (r = measure_window(cr->ls, s)) != 0) {
		cr->c->signo = r;
		return -1;
	}
	for (i = 0; i < n; i++) {
		l = loads_get(cr->ls, ids[i]);
		if (l == NULL || l->state == LOAD_DEAD) {
			snprintf(err, errlen, "%s: %s", texts[i],
			    l != NULL ? l->death : "vanished");
			return -1;
		}
		rate[i] = analysis_rate(&l->prev, &l->cur);
		share[i] = analysis_share(&l->prev, &l->cur);
	}
	return 0;
}

/*
 * Run loads: start each, wait until each works, measure one window (one
 * load: alone, through the solo measurer), stop them. Fills the cell's
 * rates and shares, or its state CHECK_FAILED with the reason. A
 * terminating signal sets c->signo.
 */
static void
check_run_loads(struct check_runner *cr, const char *const *texts, int n, double s,
    struct check_cell *cell)
{
	char	err[512];
	int	ids[2], i, rc;
	double	rate[2] = { NAN, NAN }, share[2] = { NAN, NAN };

	err[0] = '\0';
	rc = check_start_loads(cr, texts, n, ids, err, sizeof err);
	if (rc == 0 && n == 1)
		rc = check_measure_alone(cr, texts[0], ids[0], s, &rate[0], &share[0], err,
		    sizeof err);
	else if (rc == 0)
		rc = check_measure_together(cr, texts, n, ids, s, rate, share, err,
		    sizeof err);
	for (i = 0; i < n && rc == 0; i++) {
		if (!(rate[i] > 0)) {
			snprintf(err, sizeof err, "%s made no progress in %.2f s", texts[i], s);
			rc = -1;
		}
	}
	loads_stop_all(cr->ls);
	cell->rate_anchor = rate[0];
	cell->share_anchor = share[0];
	cell->rate_partner = n > 1 ? rate[1] : NAN;
	cell->share_partner = n > 1 ? share[1] : NAN;
	cell->disturbed = NAN;
	cell->state = rc == 0 ? CHECK_DONE : CHECK_FAILED;
	if (rc != 0)
		snprintf(cell->error, sizeof cell->error, "%s",
		    err[0] != '\0' ? err : "interrupted");
	cr->c->runs_done++;
}

/* The CPU share a run's loads got, as a fraction of what their placement gives. */
static double
check_share_got(const struct check_cell *cell, int n, int same_pu)
{
	double	got;

	if (cell->state != CHECK_DONE)
		return NAN;
	got = cell->share_anchor;
	if (n > 1 && same_pu)
		got += cell->share_partner;
	else if (n > 1 && cell->share_partner < got)
		got = cell->share_partner;
	return got;
}

/*
 * Run a cell; run it once more when it failed or other work took CPU time
 * from its loads, and mark it disturbed (with a warning) when the second
 * try was disturbed too.
 */
static void
check_run_cell(struct check_runner *cr, const char *const *texts, int n, int same_pu,
    int shares, const char *what, struct check_cell *cell)
{
	struct check	*c = cr->c;
	double		 got = NAN;
	int		 try;

	for (try = 0; try < 2; try++) {
		check_run_loads(cr, texts, n, check_next_cell_s(cr), cell);
		got = shares ? check_share_got(cell, n, same_pu) : NAN;
		if (c->signo != 0 || (cell->state == CHECK_DONE &&
		    (!isfinite(got) || got >= CHECK_SHARE_MIN)))
			break;
		if (try == 0)
			c->runs_total++;
	}
	if (c->signo != 0)
		return;
	if (cell->state == CHECK_FAILED) {
		c->failed = 1;
		return;
	}
	if (!isfinite(got) || got >= CHECK_SHARE_MIN)
		return;
	cell->disturbed = got;
	check_warn(c, "%s: a load got only %.0f%% of its CPU: other work ran there, "
	    "so this figure is low", what, 100 * got);
}

/* Measure every solo baseline on the anchor. */
static void
check_measure_solos(struct check_runner *cr)
{
	struct check	*c = cr->c;
	char		 text[160], what[200];
	const char	*texts[1] = { text };
	int		 i;

	for (i = 0; i < c->nsolos && c->signo == 0; i++) {
		snprintf(text, sizeof text, "%s@%d", c->solos[i].kern.text, c->plan.anchor);
		snprintf(what, sizeof what, "%s alone on CPU %d", c->solos[i].kern.text,
		    c->plan.anchor);
		check_progress(cr, what);
		snprintf(what, sizeof what, "%s alone", c->solos[i].kern.text);
		check_run_cell(cr, texts, 1, 0, 1, what, &c->solos[i].cell);
	}
}

/* Measure each row on each present relation. */
static void
check_measure_rows(struct check_runner *cr)
{
	struct check		*c = cr->c;
	struct check_row	*row;
	char			 ta[160], tb[160], what[300];
	const char		*texts[2] = { ta, tb };
	int			 i, r, partner;

	for (i = 0; i < c->nrows; i++) {
		row = &c->rows[i];
		for (r = 0; r < REL_COUNT && c->signo == 0; r++) {
			if ((partner = c->plan.rel[r].cpu) == -1)
				continue;
			snprintf(ta, sizeof ta, "%s@%d", row->a.text, c->plan.anchor);
			snprintf(tb, sizeof tb, "%s@%d", row->b.text, partner);
			snprintf(what, sizeof what, "%s on %s (CPUs %d and %d)", row->name,
			    topo_rel_name(r), c->plan.anchor, partner);
			check_progress(cr, what);
			snprintf(what, sizeof what, "%s on %s", row->name, topo_rel_name(r));
			check_run_cell(cr, texts, 2, r == REL_SAME_PU, 1, what, &row->cell[r]);
		}
	}
}

/* Measure pipe and fork latency on each present relation. */
static void
check_measure_latency(struct check_runner *cr)
{
	struct check		*c = cr->c;
	struct check_lat	*lat;
	char			 text[160], what[300];
	const char		*texts[1] = { text };
	int			 i, r, partner;

	for (i = 0; i < c->nlats; i++) {
		lat = &c->lats[i];
		for (r = 0; r < REL_COUNT && c->signo == 0; r++) {
			if ((partner = c->plan.rel[r].cpu) == -1)
				continue;
			if (lat->kern.k->ends == 1 && partner == c->plan.anchor)
				snprintf(text, sizeof text, "%s@%d", lat->kern.text,
				    c->plan.anchor);
			else
				snprintf(text, sizeof text, "%s@%d,%d", lat->kern.text,
				    c->plan.anchor, partner);
			snprintf(what, sizeof what, "%s latency on %s (CPUs %d and %d)",
			    lat->kern.text, topo_rel_name(r), c->plan.anchor, partner);
			check_progress(cr, what);
			check_run_cell(cr, texts, 1, 0, 0, what, &lat->cell[r]);
		}
	}
}

/* Sample two floating loads until end: how often do they sit on one core? */
static int
check_sched_sample(struct check_runner *cr, const int *ids, uint64_t end)
{
	struct check_sched	*s = &cr->c->sched;
	struct load		*la, *lb;
	int			 r;

	while (util_now_ns() < end) {
		if ((r = measure_sleep(CHECK_SCHED_TICK_S)) != 0)
			return r;
		loads_sample(cr->ls);
		la = loads_get(cr->ls, ids[0]);
		lb = loads_get(cr->ls, ids[1]);
		if (la == NULL || lb == NULL || la->cur.cpu < 0 || lb->cur.cpu < 0)
			continue;
		s->samples++;
		if (topo_relation(cr->c->m, la->cur.cpu, lb->cur.cpu) <= REL_SMT_SIBLING)
			s->stacked++;
	}
	return 0;
}

/* --scheduler: two floating copies on two whole cores; how often do they stack? */
static void
check_measure_sched(struct check_runner *cr)
{
	struct check		*c = cr->c;
	struct check_sched	*s = &c->sched;
	char			 text[160], list[64], what[300], err[512];
	const char		*texts[2] = { text, text };
	int			 ids[2];
	uint64_t		 end;

	if (!s->asked || !s->applies || c->signo != 0)
		return;
	cpuset_format(&s->cpus, list, sizeof list);
	snprintf(text, sizeof text, "%s@%s", s->kern.text, list);
	snprintf(what, sizeof what, "two floating %s copies on CPUs %s", s->kern.text, list);
	check_progress(cr, what);
	s->state = CHECK_FAILED;
	err[0] = '\0';
	if (check_start_loads(cr, texts, 2, ids, err, sizeof err) == -1)
		snprintf(s->error, sizeof s->error, "%s", err[0] != '\0' ? err :
		    "interrupted");
	else {
		end = util_now_ns() + (uint64_t)(2 * check_next_cell_s(cr) * 1e9);
		c->signo = check_sched_sample(cr, ids, end);
		if (s->samples > 0)
			s->state = CHECK_DONE;
		else
			snprintf(s->error, sizeof s->error, "no CPU could be read for the "
			    "loads");
	}
	loads_stop_all(cr->ls);
	if (s->state == CHECK_FAILED && c->signo == 0)
		c->failed = 1;
	c->runs_done += 2;
}

/* Measure everything in the plan. */
void
check_run(struct check *c, void (*progress)(void *, const char *, int, int, double),
    void *arg)
{
	struct check_runner	cr;

	memset(&cr, 0, sizeof cr);
	cr.c = c;
	cr.progress = progress;
	cr.arg = arg;
	measure_signals_block();
	cr.ls = loads_new(c->m);
	cr.start_ns = util_now_ns();
	check_measure_solos(&cr);
	if (c->signo == 0)
		check_measure_rows(&cr);
	if (c->signo == 0)
		check_measure_latency(&cr);
	if (c->signo == 0)
		check_measure_sched(&cr);
	check_progress(&cr, NULL);
	loads_free(cr.ls);
}
