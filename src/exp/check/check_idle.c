/*
 * check_idle.c: what waking an idle CPU costs, on the check's plan. For
 * each kernel (pipe, fork) and relation, one load runs through rounds of
 * two windows, one with the idle states as the system has them and one
 * with shallow idle held (idle_hold.c), their order alternating round by
 * round so that a drift of the machine weighs on both alike. Each window
 * reads the waking CPU's cpuidle counters before and after. It fills
 * c->idle and prints nothing; idle_calc.c makes the figures.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "os/os.h"
#include "sample/cpuidle.h"
#include "base/util.h"

#define IDLE_READY_S	20.0	/* a load's setup may take this long */
#define IDLE_SUB_S	0.05
#define IDLE_TOL	0.02
#define IDLE_NEED	4
#define IDLE_OVERHEAD_S	0.1	/* per window: the hold, the warm-up */
#define IDLE_WHO_MIN	0.02	/* a process named took this of a CPU */

/* A run of the experiment: the check, its loads and foreign scanner, whom to tell. */
struct idle_runner {
	struct check	*c;
	struct loads	*ls;
	struct foreign	*f;
	void		(*say)(void *, const char *);
	void		*arg;
};

/* The CPU a cell's wake-ups land on: the partner, or the anchor on same-pu. */
int
check_idle_cpu(const struct check *c, int r)
{
	return c->plan.rel[r].cpu;
}

/* Is a relation measured (planned, and not same-pu in the default check's section)? */
int
check_idle_rel(const struct check *c, int r)
{
	if (c->idle == NULL || c->plan.rel[r].cpu == -1)
		return 0;
	return !(c->idle->section && r == REL_SAME_PU);
}

/* Add a row for a kernel; -1 and err for one the experiment does not take. */
static int
check_idle_add(struct check_idle *ci, const char *name, char *err, size_t errlen)
{
	const struct kernel	*k = kernel_find(name);
	int			 i;

	if (k == NULL || (strcmp(name, "pipe") != 0 && strcmp(name, "fork") != 0)) {
		snprintf(err, errlen, "--idle measures pipe and fork: '%s' is not one of "
		    "them", name);
		return -1;
	}
	for (i = 0; i < ci->nrows; i++)
		if (strcmp(ci->rows[i].kern, name) == 0)
			return 0;
	memset(&ci->rows[ci->nrows], 0, sizeof ci->rows[0]);
	snprintf(ci->rows[ci->nrows].kern, sizeof ci->rows[0].kern, "%s", name);
	ci->rows[ci->nrows++].ends = k->ends;
	return 0;
}

/* Parse --kernels for --idle. */
int
check_idle_kernels(struct check *c, const char *list, char *err, size_t errlen)
{
	char	*copy = xstrdup(list), *tok, *save = NULL;
	int	 rc = 0;

	c->idle->nrows = 0;
	for (tok = strtok_r(copy, ",", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ",", &save))
		rc = check_idle_add(c->idle, tok, err, errlen);
	if (rc == 0 && c->idle->nrows == 0) {
		snprintf(err, errlen, "--kernels: empty list");
		rc = -1;
	}
	free(copy);
	return rc;
}

/* Read the idle driver and the anchor's states, for the report's words. */
static void
check_idle_read_states(struct check *c)
{
	struct check_idle	*ci = c->idle;
	struct cpuidle_cpu	 cc;
	int			 k;

	if (cpuidle_driver(NULL, c->ci.hypervisor, ci->driver, sizeof ci->driver,
	    ci->states_why, sizeof ci->states_why) == -1)
		return;
	if (cpuidle_read(NULL, c->plan.anchor, &cc) <= 0) {
		snprintf(ci->states_why, sizeof ci->states_why, "CPU %d shows no idle states",
		    c->plan.anchor);
		return;
	}
	for (k = 0; k < cc.nstates; k++) {
		snprintf(ci->names[k], sizeof ci->names[k], "%s", cc.st[k].name);
		ci->latency_us[k] = cc.st[k].latency_us;
	}
	ci->nnames = cc.nstates;
}

/* Can the hold be had? A record a killed run left says no (the command refuses first). */
static int
check_idle_probe(struct check *c)
{
	struct check_idle	*ci = c->idle;
	struct cpuidle_cpu	 cc;
	char			 path[4096];
	unsigned		 mask;
	int			 k;

	ci->can_hold = 0;
	if (!c->live) {
		snprintf(ci->hold_why, sizeof ci->hold_why, "a view of another machine: "
		    "nothing is held or measured");
		return 0;
	}
	if (idle_record_check(NULL, ci->hold_why, sizeof ci->hold_why) == -1) {
		check_warn(c, "%s", ci->hold_why);
		return 0;
	}
	if (ci->how == IDLE_QOS) {
		if (idle_hold_open(&ci->hold, NULL, ci->hold_why, sizeof ci->hold_why) == 0)
			ci->can_hold = 1;
		return 0;
	}
	/* --idle=states: the flags are written when it runs; here, whether they can be. */
	if (cpuidle_read(NULL, c->plan.anchor, &cc) <= 0) {
		snprintf(ci->hold_why, sizeof ci->hold_why, "%s", ci->states_why[0] ?
		    ci->states_why : "no idle states to disable");
		return 0;
	}
	mask = cpuidle_shallow_mask(&cc);
	for (k = 0; k < cc.nstates && (mask & (1u << k)); k++)
		;
	if (k == cc.nstates)
		snprintf(ci->hold_why, sizeof ci->hold_why, "CPU %d has no idle state "
		    "deeper than polling: nothing to disable", c->plan.anchor);
	else if (cpuidle_disable_path(NULL, c->plan.anchor, k, path, sizeof path) == 0 &&
	    access(path, W_OK) == -1)
		snprintf(ci->hold_why, sizeof ci->hold_why, "idle states cannot be disabled: "
		    "%s: %s", path, strerror(errno));
	else
		ci->can_hold = 1;
	return 0;
}

/* The seconds its windows take as planned, each with its overhead. */
double
check_idle_seconds(const struct check *c)
{
	const struct check_idle	*ci = c->idle;

	if (ci == NULL)
		return 0;
	return ci->nwindows * ((ci->win_s > 0 ? ci->win_s : c->cell_s) + IDLE_OVERHEAD_S);
}

/* Plan the experiment on the check's plan. */
int
check_idle_prepare(struct check *c, char *err, size_t errlen)
{
	struct check_idle	*ci = c->idle;
	int			 i, r, per;

	idle_hold_init(&ci->hold, ci->how, NULL);
	ci->rounds = ci->section ? IDLE_ROUNDS_CHECK : IDLE_ROUNDS;
	ci->qos_before = -1;
	if (ci->section) {
		ci->nrows = 0;
		for (i = 0; i < c->nlats; i++)
			if (strcmp(c->lats[i].kern.text, "pipe") == 0)
				check_idle_add(ci, "pipe", err, errlen);
	}
	if (c->live)
		check_idle_read_states(c);
	check_idle_probe(c);
	if (ci->can_hold && ci->how == IDLE_QOS)
		ci->qos_before = os_idle_qos_now(NULL);
	ci->nwindows = 0;
	/* The default check measures the section only where it can hold. */
	per = ci->can_hold ? 2 * ci->rounds : ci->section ? 0 : ci->rounds;
	for (i = 0; i < ci->nrows; i++)
		for (r = 0; r < REL_COUNT; r++)
			if (check_idle_rel(c, r))
				ci->nwindows += per;
	if (c->time_given)
		ci->win_s = c->cell_s;
	else if (ci->section)
		ci->win_s = 0;		/* the check's own cell time, set once it is sized */
	else {
		ci->win_s = ci->nwindows > 0 ? IDLE_BUDGET_S / ci->nwindows -
		    IDLE_OVERHEAD_S : IDLE_WIN_MAX_S;
		ci->win_s = ci->win_s < IDLE_WIN_MIN_S ? IDLE_WIN_MIN_S :
		    ci->win_s > IDLE_WIN_MAX_S ? IDLE_WIN_MAX_S : ci->win_s;
	}
	return 0;
}

/* Start a cell's load and wait until it works; its id, or -1 (c->signo on a signal). */
static int
check_idle_start(struct idle_runner *ir, const struct idle_row *row, int r,
    struct idle_cell *cell)
{
	struct check		*c = ir->c;
	struct load_spec	 spec;
	struct load		*l;
	char			 text[160];
	int			 id, rc, p = c->plan.rel[r].cpu;

	if (row->ends == 2 || p != c->plan.anchor)
		snprintf(text, sizeof text, "%s@%d,%d", row->kern, c->plan.anchor, p);
	else
		snprintf(text, sizeof text, "%s@%d", row->kern, c->plan.anchor);
	if (loads_parse(c->m, text, &spec, cell->error, sizeof cell->error) == -1 ||
	    (id = loads_start(ir->ls, &spec, cell->error, sizeof cell->error)) == -1)
		return -1;
	if ((rc = measure_wait_ready(ir->ls, id, IDLE_READY_S)) > 0) {
		c->signo = rc;
		return -1;
	}
	if (rc == -1) {
		l = loads_get(ir->ls, id);
		snprintf(cell->error, sizeof cell->error, "%s: %s", text,
		    l != NULL && l->state == LOAD_DEAD ? l->death : "did no work");
		return -1;
	}
	return id;
}

/* One window of a mode over a running load; -1 when the cell fails (or a signal came). */
static int
check_idle_window(struct idle_runner *ir, int id, int m, const struct cpuset *set,
    struct idle_cell *cell)
{
	struct check_idle	*ci = ir->c->idle;
	struct idle_win		*w = &cell->win[m][cell->nwin[m]];
	struct measure_win	 mw;
	struct measure_fig	 fig;
	struct cpuidle_cpu	 a, b;
	char			 err[512];
	double			 spread, secs, max_s = ci->win_s > 0 ? ci->win_s : ir->c->cell_s;
	int			 sig;

	if (m == IDLE_HELD && idle_hold_on(&ci->hold, err, sizeof err) == -1) {
		snprintf(cell->error, sizeof cell->error, "holding idle: %s", err);
		return -1;
	}
	memset(&mw, 0, sizeof mw);
	mw.min_s = max_s < IDLE_WIN_MIN_S ? max_s : IDLE_WIN_MIN_S;
	mw.max_s = max_s;
	mw.sub_s = IDLE_SUB_S;
	mw.tol = IDLE_TOL;
	mw.need = IDLE_NEED;
	if ((sig = measure_sleep(IDLE_WARMUP_S)) == 0) {
		measure_foreign_scan(ir->f, ir->ls);
		cpuidle_read(NULL, cell->cpu, &a);
		sig = measure_stable(ir->ls, &id, 1, &mw, &fig, &spread, &secs);
		cpuidle_read(NULL, cell->cpu, &b);
		measure_foreign_scan(ir->f, ir->ls);
	}
	if (m == IDLE_HELD && idle_hold_off(&ci->hold, err, sizeof err) == -1)
		check_warn(ir->c, "letting go of idle: %s", err);
	ir->c->runs_done++;
	if (sig != 0) {
		ir->c->signo = sig;
		return -1;
	}
	w->foreign = measure_foreign_cpus(ir->f, set);
	w->disturbed = w->foreign > SOLO_FOREIGN_MAX;
	/* Name who ran there in the worst window. */
	if (w->disturbed && !(w->foreign <= cell->foreign)) {
		cell->foreign = w->foreign;
		cell->nwho = measure_foreign_on(ir->f, set, IDLE_WHO_MIN, cell->who,
		    (int)(sizeof cell->who / sizeof cell->who[0]));
		cell->foreign = measure_foreign_whole(cell->foreign, cell->who, cell->nwho);
	}
	if (!(fig.rate > 0)) {
		/* A window is kept for its guard's notes, without a figure. */
		w->us = NAN;
		cell->nwin[m]++;
		snprintf(cell->error, sizeof cell->error, "the load made no progress in a "
		    "window%s", w->disturbed ? " (others took its CPUs: see the warnings)" :
		    "");
		return -1;
	}
	w->us = 1e6 / fig.rate;
	w->spread = fig.spread;

	cpuidle_delta(&a, &b, &w->res);
	cell->nwin[m]++;
	return 0;
}

/* One kernel on one relation: rounds of both windows, their order alternating. */
static void
check_idle_cell(struct idle_runner *ir, struct idle_row *row, int r)
{
	struct check		*c = ir->c;
	struct idle_cell	*cell = &row->cell[r];
	struct cpuset		 set;
	char			 what[200], who[300], cpus[40];
	int			 id, i, j, m, fail = 0;

	cell->cpu = check_idle_cpu(c, r);
	cpuset_zero(&set);
	cpuset_set(&set, c->plan.anchor);
	cpuset_set(&set, cell->cpu);
	snprintf(what, sizeof what, "%s, idle as is and held, on %s (CPUs %d and %d)",
	    row->kern, topo_rel_name(r), c->plan.anchor, cell->cpu);
	if (ir->say != NULL)
		ir->say(ir->arg, what);
	if ((id = check_idle_start(ir, row, r, cell)) == -1) {
		cell->state = CHECK_FAILED;
		if (c->signo == 0)
			c->failed = 1;
		loads_stop_all(ir->ls);
		return;
	}
	for (i = 0; i < c->idle->rounds && !fail && c->signo == 0; i++)
		for (j = 0; j < IDLE_NMODES && !fail && c->signo == 0; j++) {
			/* As is first in even rounds, held first in odd ones. */
			m = i % 2 == 0 ? j : IDLE_NMODES - 1 - j;
			if (m == IDLE_HELD && !c->idle->can_hold)
				continue;
			fail = check_idle_window(ir, id, m, &set, cell) == -1;
		}
	loads_stop_all(ir->ls);
	if (c->signo != 0)
		return;
	cell->state = fail ? CHECK_FAILED : CHECK_DONE;
	idle_cell_finish(cell);
	/* A cell others' work starved has no figure, but smtscope did not fail. */
	if (fail && !cell->disturbed)
		c->failed = 1;
	if (cell->disturbed) {
		measure_foreign_text(cell->who, cell->nwho, who, sizeof who);
		if (cell->cpu == c->plan.anchor)
			snprintf(cpus, sizeof cpus, "CPU %d", cell->cpu);
		else
			snprintf(cpus, sizeof cpus, "CPUs %d and %d", c->plan.anchor, cell->cpu);
		check_warn(c, "~ %s on %s, idle as is and held: others used %.2f CPU on %s "
		    "in %d of %d windows%s%s", row->kern, topo_rel_name(r),
		    cell->foreign, cpus, cell->ndisturbed,
		    cell->nwin[IDLE_ASIS] + cell->nwin[IDLE_HELD], who[0] != '\0' ? ": " : "",
		    who);
	}
}

/* Warn when PM QoS already held the CPUs before: then "as is" is held too. */
static void
check_idle_warn_qos(struct check *c)
{
	struct check_idle	*ci = c->idle;
	int			 k;

	for (k = 0; k < ci->nnames; k++)
		if (ci->latency_us[k] > 0 && ci->qos_before >= 0 &&
		    ci->qos_before < (long long)ci->latency_us[k]) {
			check_warn(c, "PM QoS already limits idle exit latency to %lld us "
			    "(another process holds /dev/cpu_dma_latency): %s is never "
			    "entered, and 'as is' is held too", ci->qos_before, ci->names[k]);
			return;
		}
}

/* Measure the experiment. */
void
check_idle_run(struct check *c, struct loads *ls, struct foreign *f,
    void (*say)(void *, const char *), void *arg)
{
	struct check_idle	*ci = c->idle;
	struct idle_runner	 ir;
	struct cpuset		 cpus;
	char			 err[600];
	int			 i, r;

	if (ci == NULL || ci->nwindows == 0 || c->signo != 0)
		return;
	memset(&ir, 0, sizeof ir);
	ir.c = c;
	ir.ls = ls;
	ir.f = f;
	ir.say = say;
	ir.arg = arg;
	cpuset_zero(&cpus);
	for (r = 0; r < REL_COUNT; r++)
		if (check_idle_rel(c, r))
			cpuset_set(&cpus, check_idle_cpu(c, r));
	cpuset_set(&cpus, c->plan.anchor);
	if (ci->can_hold && ci->how == IDLE_STATES &&
	    idle_hold_open(&ci->hold, &cpus, err, sizeof err) == -1) {
		ci->can_hold = 0;
		snprintf(ci->hold_why, sizeof ci->hold_why, "%s", err);
		check_warn(c, "%s: the idle states as is alone", err);
	}
	check_idle_warn_qos(c);
	for (i = 0; i < ci->nrows && c->signo == 0; i++)
		for (r = 0; r < REL_COUNT && c->signo == 0; r++)
			if (check_idle_rel(c, r))
				check_idle_cell(&ir, &ci->rows[i], r);
	if (idle_hold_close(&ci->hold, err, sizeof err) == -1) {
		check_warn(c, "%s", err);
		c->failed = 1;
	}
}
