/*
 * check.c: `smtscope check`, the ten-second verdict on new hardware: plan
 * one partner CPU per relation from the model, print the machine's facts,
 * measure each kernel alone and in pairs, and report speeds, SMT yield and
 * wakeup latency as a table, JSON or CSV.
 *
 * Latency rows: pipe runs its two ends on the anchor and the partner (both
 * on the anchor for same-pu). fork is a fork+exit+wait loop allowed on the
 * anchor and the partner (the anchor only for same-pu): the kernel places
 * each new child, on an idle partner as a rule, so the figure is the cost of
 * a fork whose child runs next door, as a parallel build meets it.
 */
#include "config.h"

#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "check.h"
#include "cmd.h"
#include "cpuinfo.h"
#include "kernel.h"
#include "loads.h"
#include "measure.h"
#include "sysinfo.h"
#include "topo.h"
#include "util.h"

#define CHECK_MAX_KERNELS	16
#define CHECK_MAX_ROWS		32
#define CHECK_MAX_WARN		32
#define CHECK_OVERHEAD_S	0.3	/* per run: start, setup, warm-up, stop */
#define CHECK_WARMUP_S		0.1
#define CHECK_READY_S		20.0	/* a load's setup may take this long */
#define CHECK_CELL_MIN_S	0.2
#define CHECK_CELL_MAX_S	2.0
#define CHECK_BUSY_SAMPLE_S	0.25
#define CHECK_BUSY_WAIT_S	2.0
#define CHECK_SCHED_TICK_S	0.01
#define CHECK_SHARE_MIN		0.9	/* below this a load lost CPU time to others */

static const char *const check_default_kernels = "hash,int,fp,chase,stream,spin,pipe,fork";

/* A kernel as asked for: its text ("chase:32k") and its description. */
struct check_kern {
	char			 text[64];
	const struct kernel	*k;
};

/* One measured run on one relation. */
struct check_cell {
	int	 state;		/* CHECK_NOT_RUN, CHECK_DONE, CHECK_FAILED */
	double	 rate_anchor;	/* work units per second */
	double	 rate_partner;
	double	 share_anchor;	/* share of wall time on a CPU, 0..1 */
	double	 share_partner;
	char	 error[600];
};
#define CHECK_NOT_RUN	0
#define CHECK_DONE	1
#define CHECK_FAILED	2

/* A row of the matrix: a kernel beside a copy of itself, or a mixed pair. */
struct check_row {
	struct check_kern	 a, b;
	int			 pair;		/* from --pairs */
	char			 name[130];	/* "hash", "hash+fp" */
	struct check_cell	 cell[REL_COUNT];
};

/* A solo baseline of one kernel on the anchor. */
struct check_solo {
	struct check_kern	 kern;
	struct check_cell	 cell;
};

/* A latency row: pipe or fork, one figure per relation. */
struct check_lat {
	struct check_kern	 kern;
	struct check_cell	 cell[REL_COUNT];
};

/* The --scheduler experiment. */
struct check_sched {
	int			 asked;
	int			 applies;
	char			 reason[128];	/* why it does not apply */
	struct cpuset		 cpus;		/* two whole cores */
	struct check_kern	 kern;
	int			 samples;	/* both CPUs known */
	int			 stacked;	/* both on one core */
	int			 state;
	char			 error[600];
};

struct check {
	struct topo		*m;
	int			 live;
	int			 json;
	int			 csv;
	int			 dry_run;
	int			 time_given;
	double			 cell_s;
	struct cpuinfo		 ci;
	struct sysinfo		 si;
	int			 have_si;
	double			*busy;		/* by OS index, NULL when no sample */
	int			 nbusy;
	struct check_plan	 plan;
	struct check_row	 rows[CHECK_MAX_ROWS];
	int			 nrows;
	struct check_solo	 solos[CHECK_MAX_ROWS];
	int			 nsolos;
	struct check_lat	 lats[2];
	int			 nlats;
	struct check_sched	 sched;
	char			*warn[CHECK_MAX_WARN];
	int			 nwarn;

	struct loads		*ls;
	int			 runs_total;
	int			 runs_done;
	uint64_t		 start_ns;
	int			 progress;	/* stderr is a terminal */
	int			 failed;
	int			 signo;
};

/* The first allowed PU (index into pus[]) of a core, or -1. */
static int
check_core_allowed_pu(const struct topo *m, int core)
{
	const struct topo_core	*c = &m->cores[core];
	int			 i;

	for (i = c->first_pu; i < c->first_pu + c->npus; i++)
		if (m->pus[i].allowed)
			return i;
	return -1;
}

/* Busy percent of a CPU in the sample; 0 when unknown. */
static double
check_busy(const double *busy, int nbusy, int os)
{
	if (busy == NULL || os < 0 || os >= nbusy || !(busy[os] > 0))
		return 0;
	return busy[os];
}

/* Are all allowed PUs of a core idle in the sample (or is there no sample)? */
static int
check_core_idle(const struct topo *m, int core, const double *busy, int nbusy)
{
	const struct topo_core	*c = &m->cores[core];
	int			 i;

	for (i = c->first_pu; i < c->first_pu + c->npus; i++) {
		if (m->pus[i].allowed &&
		    check_busy(busy, nbusy, m->pus[i].os_index) > CHECK_BUSY_PCT)
			return 0;
	}
	return 1;
}

/* Choose the anchor: the one asked for, or the first allowed CPU of the first idle core. */
static int
check_plan_anchor(const struct topo *m, int anchor, const double *busy, int nbusy,
    struct check_plan *plan, char *err, size_t errlen)
{
	int	c, p, first = -1;

	if (anchor >= 0) {
		if (topo_check_cpu(m, anchor, err, errlen) == -1)
			return -1;
		plan->anchor = anchor;
		snprintf(plan->anchor_why, sizeof plan->anchor_why, "asked for with --anchor");
		return 0;
	}
	for (c = 0; c < m->ncores; c++) {
		if ((p = check_core_allowed_pu(m, c)) == -1)
			continue;
		if (first == -1)
			first = p;
		if (busy == NULL) {
			plan->anchor = m->pus[p].os_index;
			snprintf(plan->anchor_why, sizeof plan->anchor_why,
			    "the first allowed CPU");
			return 0;
		}
		if (check_core_idle(m, c, busy, nbusy)) {
			plan->anchor = m->pus[p].os_index;
			snprintf(plan->anchor_why, sizeof plan->anchor_why,
			    "the first allowed CPU of the first idle core");
			return 0;
		}
	}
	if (first == -1) {
		snprintf(err, errlen, "no allowed CPU in %s", m->source_name);
		return -1;
	}
	plan->anchor = m->pus[first].os_index;
	snprintf(plan->anchor_why, sizeof plan->anchor_why,
	    "no idle core: the first allowed CPU (%.0f%% busy)",
	    check_busy(busy, nbusy, plan->anchor));
	return 0;
}

/* The anchor's SMT sibling: another allowed PU of its core, idle ones first. */
static void
check_plan_sibling(const struct topo *m, const double *busy, int nbusy,
    struct check_plan *plan)
{
	struct check_placement	*pl = &plan->rel[REL_SMT_SIBLING];
	const struct topo_core	*c = &m->cores[topo_pu_by_os(m, plan->anchor)->core];
	int			 i, os, best = -1, other = -1;

	for (i = c->first_pu; i < c->first_pu + c->npus; i++) {
		os = m->pus[i].os_index;
		if (os == plan->anchor)
			continue;
		if (other == -1)
			other = os;
		if (!m->pus[i].allowed)
			continue;
		if (best == -1 || (check_busy(busy, nbusy, best) > CHECK_BUSY_PCT &&
		    check_busy(busy, nbusy, os) <= CHECK_BUSY_PCT))
			best = os;
	}
	if (best != -1)
		pl->cpu = best;
	else if (m->summary.smt_width_max <= 1)
		snprintf(pl->reason, sizeof pl->reason, "no SMT");
	else if (other != -1)
		snprintf(pl->reason, sizeof pl->reason,
		    "sibling CPU %d not allowed by the cpuset", other);
	else
		snprintf(pl->reason, sizeof pl->reason,
		    "CPU %d's core has one thread", plan->anchor);
}

/* Why no other core stands in this relation to the anchor's core. */
static void
check_plan_reason(const struct topo *m, int acore, enum topo_rel r, const int *exists,
    char *buf, size_t len)
{
	const struct topo_core	*a = &m->cores[acore];
	int			 c, n = 0;

	switch (r) {
	case REL_SHARED_L2:
		for (c = 0; c < m->ncores; c++)
			if (m->cores[c].l2 != -1)
				n++;
		if (a->l2 == -1 && n > 0)
			snprintf(buf, len, "the anchor's core has its own L2 "
			    "(shared L2s elsewhere)");
		else
			snprintf(buf, len, "no shared L2");
		break;
	case REL_SHARED_L3:
		if (a->l3 == -1)
			snprintf(buf, len, "no L3");
		else if (exists[REL_SHARED_L2] > 0 && a->l2 != -1)
			snprintf(buf, len, "every core sharing the L3 also shares the L2");
		else
			snprintf(buf, len, "no other core shares the L3");
		break;
	case REL_SAME_PACKAGE:
		for (c = 0; c < m->ncores; c++)
			if (c != acore && m->cores[c].package == a->package)
				n++;
		if (n == 0)
			snprintf(buf, len, "one core in the package");
		else
			snprintf(buf, len, "one cache group in the package");
		break;
	case REL_OTHER_PACKAGE:
		if (m->npackages <= 1)
			snprintf(buf, len, "one package");
		else
			snprintf(buf, len, "no CPU in another package");
		break;
	default:
		snprintf(buf, len, "absent");
		break;
	}
}

/* Plan the placements from the model alone. */
int
check_plan(const struct topo *m, int anchor, const double *busy, int nbusy,
    struct check_plan *plan, char *err, size_t errlen)
{
	int	exists[REL_COUNT], pick[REL_COUNT], pick_idle[REL_COUNT];
	int	denied[REL_COUNT];
	int	r, c, p, acore, idle;

	memset(plan, 0, sizeof *plan);
	for (r = 0; r < REL_COUNT; r++) {
		plan->rel[r].cpu = -1;
		exists[r] = 0;
		pick[r] = pick_idle[r] = denied[r] = -1;
	}
	if (m->ncores == 0 || m->npus == 0) {
		snprintf(err, errlen, "%s has no cores", m->source_name);
		return -1;
	}
	if (check_plan_anchor(m, anchor, busy, nbusy, plan, err, errlen) == -1)
		return -1;
	acore = topo_pu_by_os(m, plan->anchor)->core;
	plan->rel[REL_SAME_PU].cpu = plan->anchor;
	check_plan_sibling(m, busy, nbusy, plan);

	/* Every other core has one relation to the anchor; take the first, idle first. */
	for (c = 0; c < m->ncores; c++) {
		if (c == acore || m->cores[c].npus == 0)
			continue;
		r = topo_relation(m, plan->anchor,
		    m->pus[m->cores[c].first_pu].os_index);
		if (r <= REL_SMT_SIBLING || r >= REL_COUNT)
			continue;
		exists[r]++;
		if ((p = check_core_allowed_pu(m, c)) == -1) {
			if (denied[r] == -1)
				denied[r] = m->pus[m->cores[c].first_pu].os_index;
			continue;
		}
		idle = check_core_idle(m, c, busy, nbusy);
		if (pick[r] == -1 || (!pick_idle[r] && idle)) {
			pick[r] = m->pus[p].os_index;
			pick_idle[r] = idle;
		}
	}
	for (r = REL_SHARED_L2; r < REL_COUNT; r++) {
		if (pick[r] != -1)
			plan->rel[r].cpu = pick[r];
		else if (denied[r] != -1)
			snprintf(plan->rel[r].reason, sizeof plan->rel[r].reason,
			    "not allowed by the cpuset (CPU %d)", denied[r]);
		else
			check_plan_reason(m, acore, r, exists, plan->rel[r].reason,
			    sizeof plan->rel[r].reason);
	}
	for (r = 0; r < REL_COUNT; r++)
		if (plan->rel[r].cpu != -1)
			plan->npresent++;
	return 0;
}

/* Measuring seconds per cell so that nruns runs fit the default budget. */
double
check_cell_seconds(int nruns)
{
	double	s;

	if (nruns < 1)
		nruns = 1;
	s = CHECK_BUDGET_S / nruns - CHECK_OVERHEAD_S;
	if (s < CHECK_CELL_MIN_S)
		s = CHECK_CELL_MIN_S;
	if (s > CHECK_CELL_MAX_S)
		s = CHECK_CELL_MAX_S;
	return s;
}

/* Add a string to a list once; its number from 1, or max when the list is full. */
static int
check_list_add(char **v, int *n, int max, const char *s)
{
	int	i;

	for (i = 0; i < *n; i++)
		if (strcmp(v[i], s) == 0)
			return i + 1;
	if (*n == max)
		return max;
	v[(*n)++] = xstrdup(s);
	return *n;
}

/* Keep a warning for the report. */
static void __attribute__((format(printf, 2, 3)))
check_warn(struct check *c, const char *fmt, ...)
{
	va_list	 ap;
	char	 msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	check_list_add(c->warn, &c->nwarn, CHECK_MAX_WARN, msg);
}

/* sysinfo_warnings() callback. */
static void
check_warn_cb(const char *msg, void *arg)
{
	check_warn(arg, "%s", msg);
}

/* Find a kernel by "NAME[:PARAM]"; NULL if the name is unknown. */
static const struct kernel *
check_kernel_lookup(const char *text, struct check_kern *out)
{
	char	name[64];
	size_t	len = strcspn(text, ":");

	if (len == 0 || len >= sizeof name || strlen(text) >= sizeof out->text)
		return NULL;
	memcpy(name, text, len);
	name[len] = '\0';
	snprintf(out->text, sizeof out->text, "%s", text);
	out->k = kernel_find(name);
	return out->k;
}

/* Add a solo baseline for a kernel unless it is there already. */
static void
check_add_solo(struct check *c, const struct check_kern *kern)
{
	int	i;

	for (i = 0; i < c->nsolos; i++)
		if (strcmp(c->solos[i].kern.text, kern->text) == 0)
			return;
	if (c->nsolos < CHECK_MAX_ROWS) {
		memset(&c->solos[c->nsolos], 0, sizeof c->solos[0]);
		c->solos[c->nsolos++].kern = *kern;
	}
}

/* The solo baseline of a kernel, or NULL. */
static struct check_solo *
check_find_solo(struct check *c, const struct check_kern *kern)
{
	int	i;

	for (i = 0; i < c->nsolos; i++)
		if (strcmp(c->solos[i].kern.text, kern->text) == 0)
			return &c->solos[i];
	return NULL;
}

/* Parse --kernels: throughput kernels become rows, pipe and fork latency rows. */
static int
check_parse_kernels(struct check *c, const char *list)
{
	struct check_kern	 kern;
	struct check_row	*row;
	char			*copy, *tok, *save = NULL;
	int			 i, dup, rc = 0;

	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		if (check_kernel_lookup(tok, &kern) == NULL) {
			rc = cmd_usage_error("check", "--kernels: unknown kernel '%s' "
			    "(see smtscope kernels)", tok);
			break;
		}
		dup = 0;
		for (i = 0; i < c->nrows; i++)
			if (!c->rows[i].pair && strcmp(c->rows[i].a.text, tok) == 0)
				dup = 1;
		for (i = 0; i < c->nlats; i++)
			if (strcmp(c->lats[i].kern.text, tok) == 0)
				dup = 1;
		if (dup)
			continue;
		if (strcmp(kern.k->name, "pipe") == 0 || strcmp(kern.k->name, "fork") == 0) {
			if (c->nlats == 2)
				continue;
			memset(&c->lats[c->nlats], 0, sizeof c->lats[0]);
			c->lats[c->nlats++].kern = kern;
			continue;
		}
		if (c->nrows == CHECK_MAX_KERNELS) {
			rc = cmd_usage_error("check", "--kernels: at most %d kernels",
			    CHECK_MAX_KERNELS);
			break;
		}
		row = &c->rows[c->nrows++];
		memset(row, 0, sizeof *row);
		row->a = row->b = kern;
		snprintf(row->name, sizeof row->name, "%s", kern.text);
		check_add_solo(c, &kern);
	}
	if (rc == 0 && c->nrows == 0 && c->nlats == 0)
		rc = cmd_usage_error("check", "--kernels: empty list");
	free(copy);
	return rc;
}

/* Parse --pairs "hash+fp,chase+fp": the anchor runs the first, the partner the second. */
static int
check_parse_pairs(struct check *c, const char *list)
{
	struct check_kern	 a, b;
	struct check_row	*row;
	char			*copy, *tok, *plus, *save = NULL;
	int			 rc = 0, npairs = 0;

	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		if ((plus = strchr(tok, '+')) == NULL) {
			rc = cmd_usage_error("check", "--pairs: '%s' is not KERNEL+KERNEL",
			    tok);
			break;
		}
		*plus++ = '\0';
		if (*tok == '\0' || *plus == '\0') {
			rc = cmd_usage_error("check", "--pairs: '%s+%s' is not KERNEL+KERNEL",
			    tok, plus);
			break;
		}
		if (check_kernel_lookup(tok, &a) == NULL ||
		    check_kernel_lookup(plus, &b) == NULL) {
			rc = cmd_usage_error("check", "--pairs: unknown kernel '%s' "
			    "(see smtscope kernels)", a.k == NULL ? tok : plus);
			break;
		}
		if (a.k->ends != 1 || b.k->ends != 1) {
			rc = cmd_usage_error("check", "--pairs: %s has two ends; "
			    "pairs take one-ended kernels", a.k->ends != 1 ? tok : plus);
			break;
		}
		if (c->nrows == CHECK_MAX_ROWS) {
			rc = cmd_usage_error("check", "--pairs: too many rows");
			break;
		}
		row = &c->rows[c->nrows++];
		memset(row, 0, sizeof *row);
		row->a = a;
		row->b = b;
		row->pair = 1;
		snprintf(row->name, sizeof row->name, "%s+%s", a.text, b.text);
		npairs++;
		check_add_solo(c, &a);
		check_add_solo(c, &b);
	}
	if (rc == 0 && npairs == 0)
		rc = cmd_usage_error("check", "--pairs: empty list");
	free(copy);
	return rc;
}

/* Check every kernel's parameter on the anchor before anything runs. */
static int
check_validate_kernels(struct check *c)
{
	struct load_spec	 spec;
	char			 text[160], err[512];
	int			 i;

	for (i = 0; i < c->nsolos; i++) {
		snprintf(text, sizeof text, "%s@%d", c->solos[i].kern.text, c->plan.anchor);
		if (loads_parse(c->m, text, &spec, err, sizeof err) == -1)
			return cmd_usage_error("check", "%s", err);
	}
	return 0;
}

/* Choose the --scheduler set: the anchor's core and the nearest other whole SMT core. */
static void
check_plan_sched(struct check *c)
{
	struct check_sched	*s = &c->sched;
	const struct topo	*m = c->m;
	int			 acore = topo_pu_by_os(m, c->plan.anchor)->core;
	int			 i, best = -1, r, bestr = REL_COUNT, p;

	s->applies = 0;
	if (m->summary.smt_width_max <= 1) {
		snprintf(s->reason, sizeof s->reason, "no SMT");
		return;
	}
	if (m->cores[acore].npus < 2 || m->cores[acore].nallowed != m->cores[acore].npus) {
		snprintf(s->reason, sizeof s->reason,
		    "the anchor's core is not a whole SMT core");
		return;
	}
	for (i = 0; i < m->ncores; i++) {
		if (i == acore || m->cores[i].npus < 2 ||
		    m->cores[i].nallowed != m->cores[i].npus)
			continue;
		r = topo_relation(m, c->plan.anchor, m->pus[m->cores[i].first_pu].os_index);
		if (best == -1 || r < bestr || (r == bestr &&
		    !check_core_idle(m, best, c->busy, c->nbusy) &&
		    check_core_idle(m, i, c->busy, c->nbusy))) {
			best = i;
			bestr = r;
		}
	}
	if (best == -1) {
		snprintf(s->reason, sizeof s->reason,
		    "fewer than two whole SMT cores allowed");
		return;
	}
	cpuset_zero(&s->cpus);
	for (p = m->cores[acore].first_pu; p < m->cores[acore].first_pu +
	    m->cores[acore].npus; p++)
		cpuset_set(&s->cpus, m->pus[p].os_index);
	for (p = m->cores[best].first_pu; p < m->cores[best].first_pu +
	    m->cores[best].npus; p++)
		cpuset_set(&s->cpus, m->pus[p].os_index);
	s->applies = 1;
	if (c->nrows > 0)
		s->kern = c->rows[0].a;
	else
		check_kernel_lookup("hash", &s->kern);
}

/* Number of measuring runs the plan makes. */
static int
check_count_runs(const struct check *c)
{
	int	n = c->nsolos + (c->nrows + c->nlats) * c->plan.npresent;

	if (c->sched.asked && c->sched.applies)
		n += 2;
	return n;
}

/* Seconds for the next cell: fixed by --time, else what the budget has left. */
static double
check_next_cell_s(const struct check *c)
{
	double	elapsed, left, s;
	int	runs_left;

	if (c->time_given || c->start_ns == 0)
		return c->cell_s;
	elapsed = (double)(util_now_ns() - c->start_ns) / 1e9;
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

/* Show what runs now on stderr, when it is a terminal. */
static void
check_progress(struct check *c, const char *what)
{
	double	elapsed, per, left;

	if (!c->progress)
		return;
	if (what == NULL) {
		fprintf(stderr, "\r\033[K");
		fflush(stderr);
		return;
	}
	elapsed = (double)(util_now_ns() - c->start_ns) / 1e9;
	per = c->runs_done > 0 ? elapsed / c->runs_done : c->cell_s + CHECK_OVERHEAD_S;
	left = per * (c->runs_total - c->runs_done);
	fprintf(stderr, "\r\033[Kcheck: %s (run %d of %d, about %.0f s left)", what,
	    c->runs_done + 1, c->runs_total, left);
	fflush(stderr);
}

/*
 * Run loads together: start each, wait until each works, warm up, measure
 * one window, stop them. Fills rates and shares; -1 with the reason in
 * cell->error, or 0. A terminating signal sets c->signo.
 */
static int
check_run(struct check *c, const char *const *texts, int n, double s,
    struct check_cell *cell)
{
	struct load_spec	 spec;
	struct load		*l;
	char			 err[512];
	int			 ids[2], i, r, started = 0, rc = -1;
	double			 rate[2] = { NAN, NAN }, share[2] = { NAN, NAN };

	err[0] = '\0';
	for (i = 0; i < n; i++) {
		if (loads_parse(c->m, texts[i], &spec, err, sizeof err) == -1 ||
		    (ids[i] = loads_start(c->ls, &spec, err, sizeof err)) == -1)
			goto out;
		started++;
	}
	for (i = 0; i < n; i++) {
		r = measure_wait_ready(c->ls, ids[i], CHECK_READY_S);
		if (r > 0) {
			c->signo = r;
			goto out;
		}
		if (r == -1) {
			l = loads_get(c->ls, ids[i]);
			if (l != NULL && l->state == LOAD_DEAD)
				snprintf(err, sizeof err, "%s: %s", texts[i], l->death);
			else
				snprintf(err, sizeof err, "%s did no work in %.0f s",
				    texts[i], CHECK_READY_S);
			goto out;
		}
	}
	if ((r = measure_sleep(CHECK_WARMUP_S)) != 0 ||
	    (r = measure_window(c->ls, s)) != 0) {
		c->signo = r;
		goto out;
	}
	for (i = 0; i < n; i++) {
		l = loads_get(c->ls, ids[i]);
		if (l == NULL || l->state == LOAD_DEAD) {
			snprintf(err, sizeof err, "%s: %s", texts[i],
			    l != NULL ? l->death : "vanished");
			goto out;
		}
		rate[i] = analysis_rate(&l->prev, &l->cur);
		share[i] = analysis_share(&l->prev, &l->cur);
		if (!(rate[i] > 0)) {
			snprintf(err, sizeof err, "%s made no progress in %.2f s",
			    texts[i], s);
			goto out;
		}
	}
	rc = 0;
out:
	loads_stop_all(c->ls);
	(void)started;
	cell->rate_anchor = rate[0];
	cell->share_anchor = share[0];
	cell->rate_partner = n > 1 ? rate[1] : NAN;
	cell->share_partner = n > 1 ? share[1] : NAN;
	if (rc == 0)
		cell->state = CHECK_DONE;
	else {
		cell->state = CHECK_FAILED;
		snprintf(cell->error, sizeof cell->error, "%s",
		    err[0] != '\0' ? err : "interrupted");
	}
	c->runs_done++;
	return rc;
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
 * from its loads, and warn when the second try was disturbed too.
 */
static void
check_run_cell(struct check *c, const char *const *texts, int n, int same_pu,
    int shares, const char *what, struct check_cell *cell)
{
	double	got;
	int	try;

	for (try = 0; try < 2; try++) {
		check_run(c, texts, n, check_next_cell_s(c), cell);
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
	check_warn(c, "%s: a load got only %.0f%% of its CPU: other work ran there, "
	    "so this figure is low", what, 100 * got);
}

/* Measure every solo baseline on the anchor. */
static void
check_measure_solos(struct check *c)
{
	char		 text[160], what[200];
	const char	*texts[1] = { text };
	int		 i;

	for (i = 0; i < c->nsolos && c->signo == 0; i++) {
		snprintf(text, sizeof text, "%s@%d", c->solos[i].kern.text, c->plan.anchor);
		snprintf(what, sizeof what, "%s alone on CPU %d", c->solos[i].kern.text,
		    c->plan.anchor);
		check_progress(c, what);
		snprintf(what, sizeof what, "%s alone", c->solos[i].kern.text);
		check_run_cell(c, texts, 1, 0, 1, what, &c->solos[i].cell);
	}
}

/* Measure each row on each present relation. */
static void
check_measure_rows(struct check *c)
{
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
			check_progress(c, what);
			snprintf(what, sizeof what, "%s on %s", row->name, topo_rel_name(r));
			check_run_cell(c, texts, 2, r == REL_SAME_PU, 1, what,
			    &row->cell[r]);
		}
	}
}

/* Measure pipe and fork latency on each present relation. */
static void
check_measure_latency(struct check *c)
{
	struct check_lat	*lat;
	char			 text[160], what[300];
	const char		*texts[1] = { text };
	int			 i, r, partner;

	for (i = 0; i < c->nlats; i++) {
		lat = &c->lats[i];
		for (r = 0; r < REL_COUNT && c->signo == 0; r++) {
			if ((partner = c->plan.rel[r].cpu) == -1)
				continue;
			if (lat->kern.k->ends == 2)
				snprintf(text, sizeof text, "%s@%d,%d", lat->kern.text,
				    c->plan.anchor, partner);
			else if (partner == c->plan.anchor)
				snprintf(text, sizeof text, "%s@%d", lat->kern.text,
				    c->plan.anchor);
			else
				snprintf(text, sizeof text, "%s@%d,%d", lat->kern.text,
				    c->plan.anchor, partner);
			snprintf(what, sizeof what, "%s latency on %s (CPUs %d and %d)",
			    lat->kern.text, topo_rel_name(r), c->plan.anchor, partner);
			check_progress(c, what);
			check_run_cell(c, texts, 1, 0, 0, what, &lat->cell[r]);
		}
	}
}

/* --scheduler: two floating copies on two whole cores; how often do they stack? */
static void
check_measure_sched(struct check *c)
{
	struct check_sched	*s = &c->sched;
	struct load_spec	 spec;
	struct load		*la, *lb;
	char			 text[160], list[64], what[300], err[512];
	int			 ids[2], i, r;
	uint64_t		 end;

	if (!s->asked || !s->applies || c->signo != 0)
		return;
	cpuset_format(&s->cpus, list, sizeof list);
	snprintf(text, sizeof text, "%s@%s", s->kern.text, list);
	snprintf(what, sizeof what, "two floating %s copies on CPUs %s", s->kern.text, list);
	check_progress(c, what);
	s->state = CHECK_FAILED;
	for (i = 0; i < 2; i++) {
		if (loads_parse(c->m, text, &spec, err, sizeof err) == -1 ||
		    (ids[i] = loads_start(c->ls, &spec, err, sizeof err)) == -1) {
			snprintf(s->error, sizeof s->error, "%s", err);
			goto out;
		}
	}
	for (i = 0; i < 2; i++) {
		if ((r = measure_wait_ready(c->ls, ids[i], CHECK_READY_S)) != 0) {
			if (r > 0)
				c->signo = r;
			snprintf(s->error, sizeof s->error, "%s did not start", text);
			goto out;
		}
	}
	end = util_now_ns() + (uint64_t)(2 * check_next_cell_s(c) * 1e9);
	while (util_now_ns() < end) {
		if ((r = measure_sleep(CHECK_SCHED_TICK_S)) != 0) {
			c->signo = r;
			goto out;
		}
		loads_sample(c->ls);
		la = loads_get(c->ls, ids[0]);
		lb = loads_get(c->ls, ids[1]);
		if (la == NULL || lb == NULL || la->cur.cpu < 0 || lb->cur.cpu < 0)
			continue;
		s->samples++;
		if (topo_relation(c->m, la->cur.cpu, lb->cur.cpu) <= REL_SMT_SIBLING)
			s->stacked++;
	}
	if (s->samples > 0)
		s->state = CHECK_DONE;
	else
		snprintf(s->error, sizeof s->error, "no CPU could be read for the loads");
out:
	loads_stop_all(c->ls);
	if (s->state == CHECK_FAILED && c->signo == 0)
		c->failed = 1;
	c->runs_done += 2;
}

/* Take a busy sample of every CPU; NULL stays when it cannot be had. */
static void
check_sample_busy(struct check *c, double s)
{
	int	n;

	if (c->busy == NULL) {
		c->nbusy = c->m->max_os > 0 ? c->m->max_os : 1;
		c->busy = xcalloc((size_t)c->nbusy, sizeof *c->busy);
	}
	n = sysinfo_busy_cpus(NULL, s, c->busy, c->nbusy);
	if (n < 0) {
		free(c->busy);
		c->busy = NULL;
		c->nbusy = 0;
	}
}

/* Is any CPU the plan uses busy with other work now? Its OS index, or -1. */
static int
check_busy_cpu(const struct check *c)
{
	int	r, cpu;

	for (r = 0; r < REL_COUNT; r++) {
		cpu = c->plan.rel[r].cpu;
		if (cpu != -1 && check_busy(c->busy, c->nbusy, cpu) > CHECK_BUSY_PCT)
			return cpu;
	}
	if (c->sched.asked && c->sched.applies)
		CPUSET_FOREACH(cpu, &c->sched.cpus)
			if (check_busy(c->busy, c->nbusy, cpu) > CHECK_BUSY_PCT)
				return cpu;
	return -1;
}

/* Wait briefly for the planned CPUs to go quiet, else warn. */
static void
check_wait_quiet(struct check *c)
{
	double	waited = 0;
	int	cpu;

	while ((cpu = check_busy_cpu(c)) != -1 && waited < CHECK_BUSY_WAIT_S) {
		check_sample_busy(c, 0.5);
		waited += 0.5;
	}
	if (cpu != -1)
		check_warn(c, "CPU %d was %.0f%% busy with other work before measuring: "
		    "figures there may be low", cpu, check_busy(c->busy, c->nbusy, cpu));
}

/* Format a number for a person: three significant digits, no exponent. */
static void
check_fmt_num(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "?");
	else if (fabs(v) >= 100)
		snprintf(buf, len, "%.0f", v);
	else if (fabs(v) >= 10)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2f", v);
}

/* The footnotes of the text report: distinct reasons, numbered from 1. */
struct check_notes {
	char	*text[64];
	int	 n;
};

/* The number of a footnote, adding it when new. */
static int __attribute__((format(printf, 2, 3)))
check_note(struct check_notes *notes, const char *fmt, ...)
{
	va_list	 ap;
	char	 msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return check_list_add(notes->text, &notes->n, 64, msg);
}

/* Print the machine's identity and facts, and the warnings about them. */
static void
check_print_facts(struct check *c, FILE *f)
{
	const struct topo_summary	*sum = &c->m->summary;
	const struct sysinfo		*si = &c->si;
	int				 i;

	fprintf(f, "smtscope check on %s\n", c->live ? "this machine" : c->m->source_name);
	fprintf(f, "  CPU        %s", c->ci.brand[0] ? c->ci.brand : "unknown model");
	if (c->ci.vendor[0])
		fprintf(f, " (%s%s%s)", c->ci.vendor, c->ci.codename[0] ? ", " : "",
		    c->ci.codename);
	if (c->ci.hypervisor[0])
		fprintf(f, ", under %s", c->ci.hypervisor);
	fprintf(f, "\n  topology   %d package%s, %d NUMA node%s, %d core%s, %d logical CPU%s\n",
	    sum->packages, sum->packages == 1 ? "" : "s",
	    sum->numa_nodes, sum->numa_nodes == 1 ? "" : "s",
	    sum->cores, sum->cores == 1 ? "" : "s", sum->pus, sum->pus == 1 ? "" : "s");
	if (!c->live)
		fprintf(f, "  SMT        %s", sum->smt_width_max > 1 ? "yes" :
		    "one thread per core in this topology");
	else
		fprintf(f, "  SMT        %s", cpuinfo_smt_name(c->ci.smt));
	if (sum->smt_width_max > 1)
		fprintf(f, ", up to %d threads per core", sum->smt_width_max);
	if (c->have_si && si->smt_control[0])
		fprintf(f, " (control: %s)", si->smt_control);
	fputc('\n', f);
	if (!c->have_si) {
		fprintf(f, "  (a view of another machine: its frequency, idle and load "
		    "facts are not known here)\n");
		return;
	}
	fprintf(f, "  CPUs       online %s; offline %s; allowed %s; isolated %s\n",
	    si->online[0] ? si->online : "?", si->offline[0] ? si->offline : "none",
	    si->allowed[0] ? si->allowed : "?", si->isolated[0] ? si->isolated : "none");
	fprintf(f, "  frequency  ");
	if (si->cpufreq_driver[0])
		fprintf(f, "driver %s, governor %s", si->cpufreq_driver,
		    si->cpufreq_governor[0] ? si->cpufreq_governor : "?");
	else
		fprintf(f, "not exposed");
	if (si->max_khz)
		fprintf(f, ", max %.2f GHz", (double)si->max_khz / 1e6);
	fprintf(f, "; boost %s\n", si->boost == 1 ? "on" : si->boost == 0 ? "off" : "unknown");
	fprintf(f, "  idle       driver %s, governor %s",
	    si->idle_driver[0] ? si->idle_driver : "none",
	    si->idle_governor[0] ? si->idle_governor : "none");
	if (si->nidle > 0) {
		fprintf(f, "; CPU 0 states");
		for (i = 0; i < si->nidle; i++)
			fprintf(f, " %s %uus%s", si->idle[i].name, si->idle[i].latency_us,
			    si->idle[i].disabled ? " (disabled)" : "");
	}
	fputc('\n', f);
	fprintf(f, "  busy       ");
	if (c->busy == NULL)
		fprintf(f, "unknown (/proc/stat unreadable)\n");
	else {
		int	n = 0;

		for (i = 0; i < c->nbusy; i++) {
			if (check_busy(c->busy, c->nbusy, i) > CHECK_BUSY_PCT) {
				fprintf(f, "%sCPU %d %.0f%%", n ? ", " : "", i, c->busy[i]);
				n++;
			}
		}
		fprintf(f, "%s\n", n ? " (other work)" : "no CPU above 20% before measuring");
	}
}

/* Print the plan: the anchor and one partner per relation. */
static void
check_print_plan(struct check *c, FILE *f)
{
	char	list[64];
	int	r;

	fprintf(f, "\nPlan: anchor CPU %d (%s)\n", c->plan.anchor, c->plan.anchor_why);
	for (r = 0; r < REL_COUNT; r++) {
		fprintf(f, "  %-14s ", topo_rel_name(r));
		if (c->plan.rel[r].cpu == -1)
			fprintf(f, "n/a: %s\n", c->plan.rel[r].reason);
		else if (r == REL_SAME_PU)
			fprintf(f, "CPU %d (both copies time-share the anchor)\n",
			    c->plan.rel[r].cpu);
		else
			fprintf(f, "CPU %d\n", c->plan.rel[r].cpu);
	}
	if (c->sched.asked) {
		if (c->sched.applies) {
			cpuset_format(&c->sched.cpus, list, sizeof list);
			fprintf(f, "  scheduler      two floating %s copies on CPUs %s\n",
			    c->sched.kern.text, list);
		} else
			fprintf(f, "  scheduler      n/a: %s\n", c->sched.reason);
	}
	fprintf(f, "%d runs of %.2f s%s each, about %.0f s\n", c->runs_total, c->cell_s,
	    c->time_given ? "" : " or less", c->runs_total * (c->cell_s + CHECK_OVERHEAD_S));
}

/* Print rows of cells as a table with aligned columns. */
static void
check_print_table(FILE *f, char ***cells, int nrows, int ncols)
{
	int	width[16], i, j, w;

	for (j = 0; j < ncols && j < 16; j++) {
		width[j] = 0;
		for (i = 0; i < nrows; i++)
			if ((w = (int)strlen(cells[i][j])) > width[j])
				width[j] = w;
	}
	for (i = 0; i < nrows; i++) {
		for (j = 0; j < ncols && j < 16; j++) {
			if (j == ncols - 1)
				fprintf(f, "%s", cells[i][j]);
			else
				fprintf(f, "%-*s  ", width[j], cells[i][j]);
		}
		fputc('\n', f);
	}
}

/* Allocate a table of nrows x ncols empty strings. */
static char ***
check_table_new(int nrows, int ncols)
{
	char	***t = xcalloc((size_t)nrows, sizeof *t);
	int	  i;

	for (i = 0; i < nrows; i++)
		t[i] = xcalloc((size_t)ncols, sizeof **t);
	return t;
}

/* Free a table from check_table_new(). */
static void
check_table_free(char ***t, int nrows, int ncols)
{
	int	i, j;

	for (i = 0; i < nrows; i++) {
		for (j = 0; j < ncols; j++)
			free(t[i][j]);
		free(t[i]);
	}
	free(t);
}

/* The cell text for a relation that is absent or failed, with its footnote. */
static char *
check_cell_note(struct check *c, struct check_notes *notes, int r,
    const struct check_cell *cell, const char *what)
{
	if (c->plan.rel[r].cpu == -1)
		return xasprintf("n/a [%d]", check_note(notes, "%s: %s",
		    topo_rel_name(r), c->plan.rel[r].reason));
	if (cell->state == CHECK_FAILED)
		return xasprintf("failed [%d]", check_note(notes, "%s on %s: %s", what,
		    topo_rel_name(r), cell->error));
	return xstrdup("-");
}

/* Speeds of a row's cell: anchor, partner, yield. NAN where not known. */
static void
check_cell_speeds(struct check *c, const struct check_row *row, int r, double *sa,
    double *sb, double *yield)
{
	struct check_solo	*soa = check_find_solo(c, &row->a);
	struct check_solo	*sob = check_find_solo(c, &row->b);
	const struct check_cell	*cell = &row->cell[r];

	*sa = *sb = *yield = NAN;
	if (cell->state != CHECK_DONE)
		return;
	if (soa != NULL && soa->cell.state == CHECK_DONE)
		*sa = analysis_speed(cell->rate_anchor, soa->cell.rate_anchor);
	if (sob != NULL && sob->cell.state == CHECK_DONE)
		*sb = analysis_speed(cell->rate_partner, sob->cell.rate_anchor);
	if (isfinite(*sa) && isfinite(*sb))
		*yield = *sa + *sb;
}

/* Print the co-run matrix, the latency table, the scheduler line and the warnings. */
static void
check_print_results(struct check *c, FILE *f)
{
	struct check_notes	 notes;
	struct check_solo	*so;
	char			***t, num[32], a[32], b[32], y[32];
	double			 sa, sb, yield, us;
	int			 i, r, col, ncols = 2 + REL_COUNT;

	memset(&notes, 0, sizeof notes);
	if (c->nrows > 0) {
		fprintf(f, "\nSpeed vs alone on the anchor, in each cell: anchor copy + partner "
		    "copy = yield\n(speed 1.00 = as fast as alone; yield 2.00 = two whole "
		    "CPUs of work, 1.00 = no more than one)\n\n");
		t = check_table_new(c->nrows + 1, ncols);
		t[0][0] = xstrdup("kernel");
		t[0][1] = xstrdup("alone");
		for (r = 0; r < REL_COUNT; r++)
			t[0][2 + r] = xstrdup(topo_rel_name(r));
		for (i = 0; i < c->nrows; i++) {
			t[i + 1][0] = xstrdup(c->rows[i].name);
			so = check_find_solo(c, &c->rows[i].a);
			if (c->rows[i].pair)
				t[i + 1][1] = xstrdup("(pair)");
			else if (so != NULL && so->cell.state == CHECK_DONE) {
				check_fmt_num(num, sizeof num, kernel_display(so->kern.k,
				    so->cell.rate_anchor));
				t[i + 1][1] = xasprintf("%s %s", num, so->kern.k->unit);
			} else if (so != NULL && so->cell.state == CHECK_FAILED)
				t[i + 1][1] = xasprintf("failed [%d]", check_note(&notes,
				    "%s alone: %s", so->kern.text, so->cell.error));
			else
				t[i + 1][1] = xstrdup("-");
			for (r = 0; r < REL_COUNT; r++) {
				col = 2 + r;
				check_cell_speeds(c, &c->rows[i], r, &sa, &sb, &yield);
				if (c->rows[i].cell[r].state == CHECK_DONE && isfinite(yield)) {
					snprintf(a, sizeof a, "%.2f", sa);
					snprintf(b, sizeof b, "%.2f", sb);
					snprintf(y, sizeof y, "%.2f", yield);
					t[i + 1][col] = xasprintf("%s+%s=%s", a, b, y);
				} else if (c->rows[i].cell[r].state == CHECK_DONE)
					t[i + 1][col] = xasprintf("no solo [%d]", check_note(&notes,
					    "%s: no speed without its solo rate", c->rows[i].name));
				else
					t[i + 1][col] = check_cell_note(c, &notes, r,
					    &c->rows[i].cell[r], c->rows[i].name);
			}
		}
		check_print_table(f, t, c->nrows + 1, ncols);
		check_table_free(t, c->nrows + 1, ncols);
	}
	if (c->nlats > 0) {
		fprintf(f, "\nLatency in microseconds (lower is better)\n\n");
		t = check_table_new(c->nlats + 1, ncols - 1);
		t[0][0] = xstrdup("");
		for (r = 0; r < REL_COUNT; r++)
			t[0][1 + r] = xstrdup(topo_rel_name(r));
		for (i = 0; i < c->nlats; i++) {
			t[i + 1][0] = xstrdup(c->lats[i].kern.k->ends == 2 ?
			    "pipe round trip" : "fork+exit+wait");
			if (strcmp(c->lats[i].kern.text, c->lats[i].kern.k->name) != 0) {
				free(t[i + 1][0]);
				t[i + 1][0] = xstrdup(c->lats[i].kern.text);
			}
			for (r = 0; r < REL_COUNT; r++) {
				if (c->lats[i].cell[r].state == CHECK_DONE) {
					us = 1e6 / c->lats[i].cell[r].rate_anchor;
					check_fmt_num(num, sizeof num, us);
					t[i + 1][1 + r] = xstrdup(num);
				} else
					t[i + 1][1 + r] = check_cell_note(c, &notes, r,
					    &c->lats[i].cell[r], c->lats[i].kern.text);
			}
		}
		check_print_table(f, t, c->nlats + 1, ncols - 1);
		check_table_free(t, c->nlats + 1, ncols - 1);
		for (i = 0; i < c->nlats; i++) {
			if (c->lats[i].kern.k->ends == 2)
				fprintf(f, "(pipe: one end on the anchor, one on the partner)\n");
			else
				fprintf(f, "(fork: the loop may run on the anchor and the "
				    "partner; the kernel places each child)\n");
		}
	}
	if (notes.n > 0) {
		fputc('\n', f);
		for (i = 0; i < notes.n; i++) {
			fprintf(f, "[%d] %s\n", i + 1, notes.text[i]);
			free(notes.text[i]);
		}
	}
	if (c->sched.asked) {
		fprintf(f, "\nScheduler: ");
		if (!c->sched.applies)
			fprintf(f, "n/a: %s\n", c->sched.reason);
		else if (c->sched.state == CHECK_DONE) {
			cpuset_format(&c->sched.cpus, a, sizeof a);
			fprintf(f, "two floating %s copies on CPUs %s (two whole cores) sat on "
			    "one core, with the other core free, in %.0f%% of %d samples\n",
			    c->sched.kern.text, a,
			    100.0 * c->sched.stacked / c->sched.samples, c->sched.samples);
		} else
			fprintf(f, "failed: %s\n", c->sched.error);
	}
	if (c->nwarn > 0) {
		fprintf(f, "\nWarnings:\n");
		for (i = 0; i < c->nwarn; i++)
			fprintf(f, "  ! %s\n", c->warn[i]);
	}
}

/* Add the "machine" and "facts" members to a JSON object being built. */
static void
check_json_machine(struct check *c, struct strbuf *sb)
{
	const struct topo_summary	*sum = &c->m->summary;
	const struct sysinfo		*si = &c->si;
	int				 i;

	strbuf_puts(sb, "\"machine\":{\"source\":");
	strbuf_json_str(sb, c->live ? "this machine" : c->m->source_name);
	strbuf_puts(sb, ",\"vendor\":");
	strbuf_json_str(sb, c->ci.vendor);
	strbuf_puts(sb, ",\"brand\":");
	strbuf_json_str(sb, c->ci.brand);
	strbuf_puts(sb, ",\"codename\":");
	strbuf_json_str(sb, c->ci.codename);
	strbuf_puts(sb, ",\"hypervisor\":");
	strbuf_json_str(sb, c->ci.hypervisor);
	strbuf_printf(sb, ",\"packages\":%d,\"numa_nodes\":%d,\"cores\":%d,\"pus\":%d,"
	    "\"smt_width_max\":%d,\"smt\":", sum->packages, sum->numa_nodes, sum->cores,
	    sum->pus, sum->smt_width_max);
	strbuf_json_str(sb, cpuinfo_smt_name(c->ci.smt));
	strbuf_puts(sb, ",\"smt_control\":");
	strbuf_json_str(sb, c->have_si ? si->smt_control : "");
	strbuf_puts(sb, "},\"facts\":");
	if (!c->have_si) {
		strbuf_puts(sb, "null");
		return;
	}
	strbuf_puts(sb, "{\"online\":");
	strbuf_json_str(sb, si->online);
	strbuf_puts(sb, ",\"offline\":");
	strbuf_json_str(sb, si->offline);
	strbuf_puts(sb, ",\"allowed\":");
	strbuf_json_str(sb, si->allowed);
	strbuf_puts(sb, ",\"isolated\":");
	strbuf_json_str(sb, si->isolated);
	strbuf_puts(sb, ",\"cpufreq_driver\":");
	strbuf_json_str(sb, si->cpufreq_driver);
	strbuf_puts(sb, ",\"cpufreq_governor\":");
	strbuf_json_str(sb, si->cpufreq_governor);
	strbuf_printf(sb, ",\"boost\":%s,\"max_khz\":%llu,\"idle_driver\":",
	    si->boost == 1 ? "true" : si->boost == 0 ? "false" : "null",
	    (unsigned long long)si->max_khz);
	strbuf_json_str(sb, si->idle_driver);
	strbuf_puts(sb, ",\"idle_governor\":");
	strbuf_json_str(sb, si->idle_governor);
	strbuf_puts(sb, ",\"idle_states\":[");
	for (i = 0; i < si->nidle; i++) {
		strbuf_puts(sb, i ? ",{\"name\":" : "{\"name\":");
		strbuf_json_str(sb, si->idle[i].name);
		strbuf_printf(sb, ",\"latency_us\":%u,\"disabled\":%s}", si->idle[i].latency_us,
		    si->idle[i].disabled ? "true" : "false");
	}
	strbuf_puts(sb, "],\"busy_pct\":");
	if (c->busy == NULL)
		strbuf_puts(sb, "null");
	else {
		strbuf_puts(sb, "[");
		for (i = 0; i < c->nbusy; i++) {
			if (i)
				strbuf_puts(sb, ",");
			strbuf_json_num(sb, c->busy[i] < 0 ? NAN : round(c->busy[i] * 10) / 10);
		}
		strbuf_puts(sb, "]");
	}
	strbuf_puts(sb, "}");
}

/* Add "anchor", "placements" and "absent". */
static void
check_json_plan(struct check *c, struct strbuf *sb)
{
	int	r;

	strbuf_printf(sb, ",\"anchor\":%d,\"anchor_why\":", c->plan.anchor);
	strbuf_json_str(sb, c->plan.anchor_why);
	strbuf_puts(sb, ",\"placements\":{");
	for (r = 0; r < REL_COUNT; r++) {
		strbuf_puts(sb, r ? "," : "");
		strbuf_json_str(sb, topo_rel_name(r));
		if (c->plan.rel[r].cpu == -1)
			strbuf_puts(sb, ":null");
		else
			strbuf_printf(sb, ":%d", c->plan.rel[r].cpu);
	}
	strbuf_puts(sb, "},\"absent\":{");
	for (r = 0; r < REL_COUNT; r++) {
		if (c->plan.rel[r].cpu != -1)
			continue;
		if (sb->s[sb->len - 1] != '{')
			strbuf_puts(sb, ",");
		strbuf_json_str(sb, topo_rel_name(r));
		strbuf_puts(sb, ":");
		strbuf_json_str(sb, c->plan.rel[r].reason);
	}
	strbuf_printf(sb, "},\"runs\":%d,\"cell_seconds\":", c->runs_total);
	strbuf_json_num(sb, c->cell_s);
}

/* Add one result cell object of a row. */
static void
check_json_cell(struct check *c, struct strbuf *sb, const struct check_row *row, int r)
{
	const struct check_cell	*cell = &row->cell[r];
	struct check_solo	*soa = check_find_solo(c, &row->a);
	struct check_solo	*sob = check_find_solo(c, &row->b);
	double			 sa, sb_, yield, solo = NAN;

	if (c->plan.rel[r].cpu == -1) {
		strbuf_puts(sb, "null");
		return;
	}
	check_cell_speeds(c, row, r, &sa, &sb_, &yield);
	if (soa != NULL && soa->cell.state == CHECK_DONE)
		solo = soa->cell.rate_anchor;
	strbuf_printf(sb, "{\"partner\":%d,\"solo\":", c->plan.rel[r].cpu);
	strbuf_json_num(sb, solo);
	strbuf_puts(sb, ",\"solo_partner\":");
	strbuf_json_num(sb, sob != NULL && sob->cell.state == CHECK_DONE ?
	    sob->cell.rate_anchor : NAN);
	strbuf_puts(sb, ",\"rate_anchor\":");
	strbuf_json_num(sb, cell->state == CHECK_DONE ? cell->rate_anchor : NAN);
	strbuf_puts(sb, ",\"rate_partner\":");
	strbuf_json_num(sb, cell->state == CHECK_DONE ? cell->rate_partner : NAN);
	strbuf_puts(sb, ",\"speed_anchor\":");
	strbuf_json_num(sb, sa);
	strbuf_puts(sb, ",\"speed_partner\":");
	strbuf_json_num(sb, sb_);
	strbuf_puts(sb, ",\"yield\":");
	strbuf_json_num(sb, yield);
	strbuf_puts(sb, ",\"cpu_share\":");
	strbuf_json_num(sb, cell->state == CHECK_DONE ? cell->share_anchor : NAN);
	strbuf_puts(sb, ",\"efficiency\":");
	strbuf_json_num(sb, analysis_efficiency(sa, cell->state == CHECK_DONE ?
	    cell->share_anchor : NAN, NAN));
	strbuf_puts(sb, ",\"error\":");
	if (cell->state == CHECK_FAILED)
		strbuf_json_str(sb, cell->error);
	else if (cell->state == CHECK_DONE && !isfinite(yield))
		strbuf_json_str(sb, "no solo rate");
	else
		strbuf_puts(sb, cell->state == CHECK_DONE ? "null" : "\"not measured\"");
	strbuf_puts(sb, "}");
}

/* Add "results", "units", "latency" and "scheduler". */
static void
check_json_results(struct check *c, struct strbuf *sb)
{
	const struct check_cell	*cell;
	int			 i, r;

	strbuf_puts(sb, ",\"results\":{");
	for (i = 0; i < c->nrows; i++) {
		strbuf_puts(sb, i ? "," : "");
		strbuf_json_str(sb, c->rows[i].name);
		strbuf_puts(sb, ":{");
		for (r = 0; r < REL_COUNT; r++) {
			strbuf_puts(sb, r ? "," : "");
			strbuf_json_str(sb, topo_rel_name(r));
			strbuf_puts(sb, ":");
			check_json_cell(c, sb, &c->rows[i], r);
		}
		strbuf_puts(sb, "}");
	}
	strbuf_puts(sb, "},\"units\":{");
	for (i = 0; i < c->nsolos; i++) {
		strbuf_puts(sb, i ? "," : "");
		strbuf_json_str(sb, c->solos[i].kern.text);
		strbuf_printf(sb, ":\"%s/s\"", c->solos[i].kern.k->work_unit);
	}
	strbuf_puts(sb, "},\"latency\":{\"unit\":\"us\"");
	for (i = 0; i < c->nlats; i++) {
		strbuf_puts(sb, ",");
		strbuf_json_str(sb, c->lats[i].kern.text);
		strbuf_puts(sb, ":{");
		for (r = 0; r < REL_COUNT; r++) {
			cell = &c->lats[i].cell[r];
			strbuf_puts(sb, r ? "," : "");
			strbuf_json_str(sb, topo_rel_name(r));
			if (c->plan.rel[r].cpu == -1) {
				strbuf_puts(sb, ":null");
				continue;
			}
			strbuf_printf(sb, ":{\"partner\":%d,\"us\":", c->plan.rel[r].cpu);
			strbuf_json_num(sb, cell->state == CHECK_DONE ?
			    1e6 / cell->rate_anchor : NAN);
			strbuf_puts(sb, ",\"cpu_share\":");
			strbuf_json_num(sb, cell->state == CHECK_DONE ? cell->share_anchor : NAN);
			strbuf_puts(sb, ",\"error\":");
			if (cell->state == CHECK_FAILED)
				strbuf_json_str(sb, cell->error);
			else
				strbuf_puts(sb, cell->state == CHECK_DONE ? "null" :
				    "\"not measured\"");
			strbuf_puts(sb, "}");
		}
		strbuf_puts(sb, "}");
	}
	strbuf_puts(sb, "},\"scheduler\":");
	if (!c->sched.asked)
		strbuf_puts(sb, "null");
	else if (!c->sched.applies) {
		strbuf_puts(sb, "{\"applies\":false,\"reason\":");
		strbuf_json_str(sb, c->sched.reason);
		strbuf_puts(sb, "}");
	} else {
		char	list[64];

		cpuset_format(&c->sched.cpus, list, sizeof list);
		strbuf_puts(sb, "{\"applies\":true,\"kernel\":");
		strbuf_json_str(sb, c->sched.kern.text);
		strbuf_puts(sb, ",\"cpus\":");
		strbuf_json_str(sb, list);
		strbuf_printf(sb, ",\"samples\":%d,\"stacked_fraction\":", c->sched.samples);
		strbuf_json_num(sb, c->sched.samples > 0 ?
		    (double)c->sched.stacked / c->sched.samples : NAN);
		strbuf_puts(sb, ",\"error\":");
		if (c->sched.state == CHECK_FAILED)
			strbuf_json_str(sb, c->sched.error);
		else
			strbuf_puts(sb, c->sched.state == CHECK_DONE ? "null" :
			    "\"not measured\"");
		strbuf_puts(sb, "}");
	}
}

/* Write the whole report as one JSON object. */
static void
check_print_json(struct check *c, FILE *f)
{
	struct strbuf	sb;
	int		i;

	strbuf_init(&sb);
	strbuf_puts(&sb, "{");
	check_json_machine(c, &sb);
	check_json_plan(c, &sb);
	if (!c->dry_run)
		check_json_results(c, &sb);
	strbuf_puts(&sb, ",\"warnings\":[");
	for (i = 0; i < c->nwarn; i++) {
		strbuf_puts(&sb, i ? "," : "");
		strbuf_json_str(&sb, c->warn[i]);
	}
	strbuf_puts(&sb, "]}\n");
	fputs(sb.s, f);
	strbuf_free(&sb);
}

/* Write one CSV field, quoted when it needs to be. */
static void
check_csv_str(FILE *f, const char *s, int last)
{
	const char	*p;

	if (strpbrk(s, ",\"\n") != NULL) {
		fputc('"', f);
		for (p = s; *p != '\0'; p++) {
			if (*p == '"')
				fputc('"', f);
			fputc(*p, f);
		}
		fputc('"', f);
	} else
		fputs(s, f);
	fputc(last ? '\n' : ',', f);
}

/* Write one CSV number field, empty when unknown. */
static void
check_csv_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
	fputc(',', f);
}

/* The status column of a CSV row. */
static void
check_csv_status(struct check *c, FILE *f, int r, const struct check_cell *cell)
{
	char	buf[700];

	if (c->plan.rel[r].cpu == -1)
		snprintf(buf, sizeof buf, "n/a: %s", c->plan.rel[r].reason);
	else if (cell->state == CHECK_FAILED)
		snprintf(buf, sizeof buf, "failed: %s", cell->error);
	else if (cell->state == CHECK_DONE)
		snprintf(buf, sizeof buf, "ok");
	else
		snprintf(buf, sizeof buf, "not measured");
	check_csv_str(f, buf, 1);
}

/* Write one row per kernel and relation as CSV. */
static void
check_print_csv(struct check *c, FILE *f)
{
	const struct check_row	*row;
	const struct check_cell	*cell;
	struct check_solo	*so;
	double			 sa, sb, yield, ok;
	int			 i, r;

	fprintf(f, "kernel,relation,anchor,partner,solo,rate_anchor,rate_partner,"
	    "speed_anchor,speed_partner,yield,cpu_share,efficiency,latency_us,status\n");
	for (i = 0; i < c->nrows; i++) {
		row = &c->rows[i];
		so = check_find_solo(c, &row->a);
		for (r = 0; r < REL_COUNT; r++) {
			cell = &row->cell[r];
			ok = cell->state == CHECK_DONE ? 1 : NAN;
			check_cell_speeds(c, row, r, &sa, &sb, &yield);
			check_csv_str(f, row->name, 0);
			check_csv_str(f, topo_rel_name(r), 0);
			fprintf(f, "%d,", c->plan.anchor);
			if (c->plan.rel[r].cpu != -1)
				fprintf(f, "%d", c->plan.rel[r].cpu);
			fputc(',', f);
			check_csv_num(f, so != NULL && so->cell.state == CHECK_DONE &&
			    c->plan.rel[r].cpu != -1 ? so->cell.rate_anchor : NAN);
			check_csv_num(f, ok * cell->rate_anchor);
			check_csv_num(f, ok * cell->rate_partner);
			check_csv_num(f, sa);
			check_csv_num(f, sb);
			check_csv_num(f, yield);
			check_csv_num(f, ok * cell->share_anchor);
			check_csv_num(f, analysis_efficiency(sa, ok * cell->share_anchor, NAN));
			fputc(',', f);
			check_csv_status(c, f, r, cell);
		}
	}
	for (i = 0; i < c->nlats; i++) {
		for (r = 0; r < REL_COUNT; r++) {
			cell = &c->lats[i].cell[r];
			ok = cell->state == CHECK_DONE ? 1 : NAN;
			check_csv_str(f, c->lats[i].kern.text, 0);
			check_csv_str(f, topo_rel_name(r), 0);
			fprintf(f, "%d,", c->plan.anchor);
			if (c->plan.rel[r].cpu != -1)
				fprintf(f, "%d", c->plan.rel[r].cpu);
			fprintf(f, ",,");
			check_csv_num(f, ok * cell->rate_anchor);
			fprintf(f, ",,,,");
			check_csv_num(f, ok * cell->share_anchor);
			fputc(',', f);
			check_csv_num(f, ok * 1e6 / cell->rate_anchor);
			check_csv_status(c, f, r, cell);
		}
	}
}

/* Print the usage. */
static void
check_usage(FILE *f)
{
	fprintf(f,
	    "usage: smtscope check [--kernels LIST] [--pairs LIST] [--scheduler] [--time S]\n"
	    "                      [--anchor CPU] [--json|--csv] [--dry-run]\n"
	    "                      [-i FILE.xml|SYNTHETIC]\n"
	    "\n"
	    "The co-run matrix: each kernel alone on an anchor CPU, then beside a copy on\n"
	    "the same CPU, its SMT sibling, a core sharing the L2 or L3, another cache\n"
	    "group and another package; speeds vs alone and the yield (work of the pair\n"
	    "over one alone). Then pipe and fork latency on each of those. The default\n"
	    "run takes at most a minute.\n"
	    "\n"
	    "  --kernels LIST   kernels (default %s)\n"
	    "  --pairs LIST     mixed pairs, e.g. hash+fp,chase+fp: anchor runs the first\n"
	    "  --scheduler      also: do two floating copies stack on one core's threads\n"
	    "                   while a whole core is free?\n"
	    "  --time S         measuring seconds per cell (default: fit one minute)\n"
	    "  --anchor CPU     the anchor CPU (default: first allowed CPU of the first\n"
	    "                   idle core)\n"
	    "  --json, --csv    machine-readable output\n"
	    "  --dry-run        print the facts and the plan; run nothing\n"
	    "  -i, --input F    plan for another machine's topology (with --dry-run)\n",
	    check_default_kernels);
}

/* Free what a check holds. */
static void
check_free(struct check *c)
{
	int	i;

	if (c->ls != NULL)
		loads_free(c->ls);
	for (i = 0; i < c->nwarn; i++)
		free(c->warn[i]);
	free(c->busy);
	if (c->m != NULL)
		topo_free(c->m);
}

/* Read the identity and facts, and collect the warnings about them. */
static void
check_read_facts(struct check *c)
{
	memset(&c->ci, 0, sizeof c->ci);
	if (c->live) {
		cpuinfo_read(&c->ci, NULL);
		c->have_si = sysinfo_read(&c->si, NULL) == 0;
	} else
		cpuinfo_from_topology(&c->ci, c->m->cpu_vendor, c->m->cpu_model);
	cpuinfo_smt_merge(&c->ci, c->m->summary.smt_width_max);
	if (!c->live)
		c->ci.smt = c->m->summary.smt_width_max > 1 ? CPUINFO_SMT_ON :
		    CPUINFO_SMT_UNKNOWN;
}

/* Collect the warnings known before measuring. */
static void
check_collect_warnings(struct check *c)
{
	if (!c->live) {
		check_warn(c, "a view of %s: a plan only, nothing can be measured here",
		    c->m->source_name);
		return;
	}
	if (c->have_si)
		sysinfo_warnings(&c->si, check_warn_cb, c);
	if (c->ci.hypervisor[0])
		check_warn(c, "running under %s: the host may put these virtual CPUs on "
		    "SMT siblings or share them with other guests, unseen from here",
		    c->ci.hypervisor);
}

/* Measure everything in the plan. */
static void
check_measure(struct check *c)
{
	c->ls = loads_new(c->m);
	measure_signals_block();
	c->start_ns = util_now_ns();
	check_measure_solos(c);
	if (c->signo == 0)
		check_measure_rows(c);
	if (c->signo == 0)
		check_measure_latency(c);
	if (c->signo == 0)
		check_measure_sched(c);
	check_progress(c, NULL);
	loads_free(c->ls);
	c->ls = NULL;
}

/* `smtscope check`: plan, print the facts, measure, report. */
int
cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kernels", required_argument, NULL, 'k' },
		{ "pairs", required_argument, NULL, 'p' },
		{ "scheduler", no_argument, NULL, 's' },
		{ "time", required_argument, NULL, 't' },
		{ "anchor", required_argument, NULL, 'a' },
		{ "json", no_argument, NULL, 'j' },
		{ "csv", no_argument, NULL, 'c' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "input", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct check	 c;
	const char	*input = NULL, *kernels = check_default_kernels, *pairs = NULL;
	const char	*anchor_arg = NULL;
	char		 err[512];
	double		 secs;
	int		 ch, anchor = -1, rc;

	setlocale(LC_NUMERIC, "C");
	memset(&c, 0, sizeof c);
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":k:p:st:a:jcni:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'k':
			kernels = optarg;
			break;
		case 'p':
			pairs = optarg;
			break;
		case 's':
			c.sched.asked = 1;
			break;
		case 't':
			if (util_parse_seconds(optarg, &secs) == -1 || secs < 0.05 ||
			    secs > 3600)
				return cmd_usage_error("check", "--time: '%s' is not a number "
				    "of seconds from 0.05 to 3600", optarg);
			c.cell_s = secs;
			c.time_given = 1;
			break;
		case 'a':
			anchor_arg = optarg;
			break;
		case 'j':
			c.json = 1;
			break;
		case 'c':
			c.csv = 1;
			break;
		case 'n':
			c.dry_run = 1;
			break;
		case 'i':
			input = optarg;
			break;
		case 'h':
			check_usage(stdout);
			return CMD_OK;
		case ':':
			return cmd_usage_error("check", "option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			return cmd_usage_error("check", "unknown option '%s' (see smtscope "
			    "check --help)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cmd_usage_error("check", "unexpected argument '%s'", argv[optind]);
	if (c.json && c.csv)
		return cmd_usage_error("check", "--json and --csv: choose one");
	if (input != NULL && !c.dry_run)
		return cmd_usage_error("check", "-i %s is another machine's topology: "
		    "loads cannot run there (add --dry-run for the plan)", input);
	if ((rc = check_parse_kernels(&c, kernels)) != 0 ||
	    (pairs != NULL && (rc = check_parse_pairs(&c, pairs)) != 0))
		return rc;

	c.m = input != NULL ? topo_load_input(input, err, sizeof err) :
	    topo_load_live(err, sizeof err);
	if (c.m == NULL)
		return cmd_usage_error("check", "%s", err);
	c.live = topo_is_live(c.m);
	if (anchor_arg != NULL &&
	    topo_parse_place(c.m, anchor_arg, &anchor, err, sizeof err) == -1) {
		check_free(&c);
		return cmd_usage_error("check", "--anchor: %s", err);
	}
	check_read_facts(&c);
	if (c.live)
		check_sample_busy(&c, CHECK_BUSY_SAMPLE_S);
	if (check_plan(c.m, anchor, c.busy, c.nbusy, &c.plan, err, sizeof err) == -1) {
		check_free(&c);
		return cmd_usage_error("check", "%s", err);
	}
	if ((rc = check_validate_kernels(&c)) != 0) {
		check_free(&c);
		return rc;
	}
	if (c.sched.asked)
		check_plan_sched(&c);
	c.runs_total = check_count_runs(&c);
	if (!c.time_given)
		c.cell_s = check_cell_seconds(c.runs_total);
	check_collect_warnings(&c);
	if (c.live && !c.dry_run)
		check_wait_quiet(&c);
	else if (c.live && (rc = check_busy_cpu(&c)) != -1)
		check_warn(&c, "CPU %d is %.0f%% busy with other work: figures there "
		    "would be low", rc, check_busy(c.busy, c.nbusy, rc));

	if (!c.json && !c.csv) {
		check_print_facts(&c, stdout);
		for (rc = 0; rc < c.nwarn; rc++)
			printf("  ! %s\n", c.warn[rc]);
		check_print_plan(&c, stdout);
		fflush(stdout);
	}
	if (c.dry_run) {
		if (c.json)
			check_print_json(&c, stdout);
		else if (c.csv)
			check_print_csv(&c, stdout);
		check_free(&c);
		return CMD_OK;
	}

	c.progress = isatty(STDERR_FILENO);
	check_measure(&c);
	if (c.signo != 0) {
		fprintf(stderr, "smtscope: check: interrupted by signal %d (%s); "
		    "loads stopped\n", c.signo, strsignal(c.signo));
		check_free(&c);
		return CMD_FAIL;
	}
	if (c.json)
		check_print_json(&c, stdout);
	else if (c.csv)
		check_print_csv(&c, stdout);
	else
		check_print_results(&c, stdout);
	rc = c.failed ? CMD_FAIL : CMD_OK;
	check_free(&c);
	return rc;
}
