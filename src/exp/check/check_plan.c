/*
 * check_plan.c: `smtscope check` before anything runs: the machine's facts
 * and warnings, a busy sample, the placements (an anchor CPU and one
 * partner per relation, idle cores first) and the rows to measure.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis.h"
#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "model/cpuinfo.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "sample/sysinfo.h"
#include "model/topo.h"
#include "base/util.h"

#define CHECK_CELL_MAX_S	2.0
#define CHECK_BUSY_WAIT_S	2.0

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
double
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
	int			 i, os, best = -1;

	for (i = c->first_pu; i < c->first_pu + c->npus; i++) {
		os = m->pus[i].os_index;
		if (os == plan->anchor || !m->pus[i].allowed)
			continue;
		if (best == -1 || (check_busy(busy, nbusy, best) > CHECK_BUSY_PCT &&
		    check_busy(busy, nbusy, os) <= CHECK_BUSY_PCT))
			best = os;
	}
	if (best != -1)
		pl->cpu = best;
	else
		topo_no_sibling(m, plan->anchor, pl->reason, sizeof pl->reason);
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
const struct check_solo *
check_find_solo(const struct check *c, const struct check_kern *kern)
{
	int	i;

	for (i = 0; i < c->nsolos; i++)
		if (strcmp(c->solos[i].kern.text, kern->text) == 0)
			return &c->solos[i];
	return NULL;
}

/* Add one throughput row, or a latency row for pipe and fork; -1 and err. */
static int
check_add_kernel(struct check *c, const struct check_kern *kern, char *err,
    size_t errlen)
{
	struct check_row	*row;
	int			 i;

	for (i = 0; i < c->nrows; i++)
		if (!c->rows[i].pair && strcmp(c->rows[i].a.text, kern->text) == 0)
			return 0;
	for (i = 0; i < c->nlats; i++)
		if (strcmp(c->lats[i].kern.text, kern->text) == 0)
			return 0;
	if (strcmp(kern->k->name, "pipe") == 0 || strcmp(kern->k->name, "fork") == 0) {
		if (c->nlats < 2) {
			memset(&c->lats[c->nlats], 0, sizeof c->lats[0]);
			c->lats[c->nlats++].kern = *kern;
		}
		return 0;
	}
	if (c->nrows == CHECK_MAX_KERNELS) {
		snprintf(err, errlen, "--kernels: at most %d kernels", CHECK_MAX_KERNELS);
		return -1;
	}
	row = &c->rows[c->nrows++];
	memset(row, 0, sizeof *row);
	row->a = row->b = *kern;
	snprintf(row->name, sizeof row->name, "%s", kern->text);
	check_add_solo(c, kern);
	return 0;
}

/* Add the --kernels list. */
int
check_add_kernels(struct check *c, const char *list, char *err, size_t errlen)
{
	struct check_kern	 kern;
	char			*copy, *tok, *save = NULL;
	int			 rc = 0;

	if (util_list_empty_item(list)) {
		snprintf(err, errlen, "--kernels '%s': an empty item in the list", list);
		return -1;
	}
	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ",", &save)) {
		if (check_kernel_lookup(tok, &kern) == NULL) {
			snprintf(err, errlen, "--kernels: unknown kernel '%s' (see smtscope "
			    "kernels)", tok);
			rc = -1;
		} else
			rc = check_add_kernel(c, &kern, err, errlen);
	}
	if (rc == 0 && c->nrows == 0 && c->nlats == 0) {
		snprintf(err, errlen, "--kernels: empty list");
		rc = -1;
	}
	free(copy);
	return rc;
}

/* Add one "A+B" of --pairs; -1 and err. */
static int
check_add_pair(struct check *c, char *tok, char *err, size_t errlen)
{
	struct check_kern	 a, b;
	struct check_row	*row;
	char			*plus;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	if ((plus = strchr(tok, '+')) == NULL) {
		snprintf(err, errlen, "--pairs: '%s' is not KERNEL+KERNEL", tok);
		return -1;
	}
	*plus++ = '\0';
	if (*tok == '\0' || *plus == '\0') {
		snprintf(err, errlen, "--pairs: '%s+%s' is not KERNEL+KERNEL", tok, plus);
		return -1;
	}
	if (check_kernel_lookup(tok, &a) == NULL || check_kernel_lookup(plus, &b) == NULL) {
		snprintf(err, errlen, "--pairs: unknown kernel '%s' (see smtscope kernels)",
		    a.k == NULL ? tok : plus);
		return -1;
	}
	if (a.k->ends != 1 || b.k->ends != 1) {
		snprintf(err, errlen, "--pairs: %s has two ends; pairs take one-ended "
		    "kernels", a.k->ends != 1 ? tok : plus);
		return -1;
	}
	if (c->nrows == CHECK_MAX_ROWS) {
		snprintf(err, errlen, "--pairs: too many rows");
		return -1;
	}
	row = &c->rows[c->nrows++];
	memset(row, 0, sizeof *row);
	row->a = a;
	row->b = b;
	row->pair = 1;
	snprintf(row->name, sizeof row->name, "%s+%s", a.text, b.text);
	check_add_solo(c, &a);
	check_add_solo(c, &b);
	return 0;
}

/* Add the --pairs list: the anchor runs the first of each pair, the partner the second. */
int
check_add_pairs(struct check *c, const char *list, char *err, size_t errlen)
{
	char	*copy, *tok, *save = NULL;
	int	 rc = 0, npairs = 0;

	if (util_list_empty_item(list)) {
		snprintf(err, errlen, "--pairs '%s': an empty item in the list", list);
		return -1;
	}
	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ",", &save)) {
		if ((rc = check_add_pair(c, tok, err, errlen)) == 0)
			npairs++;
	}
	if (rc == 0 && npairs == 0) {
		snprintf(err, errlen, "--pairs: empty list");
		rc = -1;
	}
	free(copy);
	return rc;
}

/* Check every kernel's parameter on the anchor before anything runs. */
static int
check_validate_kernels(const struct check *c, char *err, size_t errlen)
{
	struct load_spec	 spec;
	char			 text[160];
	int			 i;

	for (i = 0; i < c->nsolos; i++) {
		snprintf(text, sizeof text, "%s@%d", c->solos[i].kern.text, c->plan.anchor);
		if (loads_parse(c->m, text, &spec, err, errlen) == -1)
			return -1;
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
	if (m->smt.allowed_threads <= 1) {
		topo_no_sibling(m, c->plan.anchor, s->reason, sizeof s->reason);
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

	/* Each throughput cell after a row's first measures its anchor copy alone. */
	if (c->plan.npresent > 1)
		n += c->nrows * (c->plan.npresent - 1);

	if (c->sched.asked && c->sched.applies)
		n += 2;
	return n;
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
int
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

/* Wait briefly for the planned CPUs to go quiet, else warn; the seconds waited. */
double
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
	return waited;
}

/* A kernel's setup on the anchor, timed here (measure_setup_s); 0 for none. */
static double
check_setup_one(const struct check *c, const struct check_kern *k)
{
	struct load_spec	spec;
	char			text[160], err[256];

	snprintf(text, sizeof text, "%s@%d", k->text, c->plan.anchor);
	return loads_parse(c->m, text, &spec, err, sizeof err) == 0 ?
	    measure_setup_s(&spec) : 0;
}

/* A kernel's setup from the cache of those timed, timing it when new. */
static double
check_setup_cached(const struct check *c, const struct check_kern *k,
    const struct check_kern **seen, double *secs, int *nseen)
{
	int	i;

	for (i = 0; i < *nseen; i++)
		if (strcmp(seen[i]->text, k->text) == 0)
			return secs[i];
	seen[*nseen] = k;
	secs[*nseen] = check_setup_one(c, k);
	return secs[(*nseen)++];
}

/*
 * The loads' setup the plan holds: each row starts its two copies at once
 * (the longer setup counts), each kernel timed once.
 */
static double
check_setup_estimate(const struct check *c)
{
	const struct check_kern	*seen[2 * CHECK_MAX_ROWS];
	double			 secs[2 * CHECK_MAX_ROWS], a, b, total = 0;
	int			 i, nseen = 0;

	for (i = 0; i < c->nrows; i++) {
		a = check_setup_cached(c, &c->rows[i].a, seen, secs, &nseen);
		b = check_setup_cached(c, &c->rows[i].b, seen, secs, &nseen);
		total += a > b ? a : b;
	}
	return total;
}

/*
 * What the run will take, from the plan it runs: a wait for busy CPUs to go
 * quiet, the loads' setup, and the windows with their overheads (check
 * --idle's as it sized them). Without
 * --time the windows shrink to keep the whole in the budget, down to the
 * shortest window: past that, setup and the shortest windows add up.
 */
static void
check_estimate(struct check *c)
{
	double	least, run;
	int	own;

	/* check --idle sizes its own windows, in its own budget (check_idle_prepare). */
	own = c->idle != NULL && !c->idle->section ? c->idle->nwindows : 0;
	c->est_windows_s = (c->runs_total - own) * (c->cell_s + CHECK_OVERHEAD_S) +
	    (own > 0 ? check_idle_seconds(c) : 0);
	c->est_setup_s = c->live ? check_setup_estimate(c) : 0;
	c->est_wait_s = c->live && check_busy_cpu(c) != -1 ? CHECK_BUSY_WAIT_S : 0;
	run = c->est_windows_s + c->est_setup_s;
	if (!c->time_given && own == 0 && run > CHECK_BUDGET_S) {
		least = c->runs_total * (CHECK_CELL_MIN_S + CHECK_OVERHEAD_S) + c->est_setup_s;
		run = least > CHECK_BUDGET_S ? least : CHECK_BUDGET_S;
	}
	c->estimate_s = c->est_wait_s + run + check_noise_plan(c);
	/* What preparing took already (the busy sample, the setup timed): the user waits it too. */
	c->est_prep_s = c->live ? (double)(util_now_ns() - c->start_ns) / 1e9 : 0;
	c->estimate_s += c->est_prep_s;
}

/* Why a disturbed cell is, naming the foreign processes and the hypervisor's steal. */
void
check_disturbed_why(const struct check_cell *cell, char *buf, size_t len)
{
	char	steal[100];
	size_t	used = 0;
	int	i;

	buf[0] = '\0';
	if (isfinite(cell->share_got) && cell->share_got < CHECK_SHARE_MIN)
		used += (size_t)snprintf(buf, len, "a load got %.0f%% of its CPU",
		    100 * cell->share_got);
	if (used < len && isfinite(cell->foreign))
		used += (size_t)snprintf(buf + used, len - used, "%sothers used %.2f CPU",
		    used > 0 ? "; " : "", cell->foreign);
	for (i = 0; i < cell->nwho && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s (%d) %.0f%% of CPU %d",
		    i == 0 ? ": " : ", ", cell->who[i].comm, (int)cell->who[i].pid,
		    100 * cell->who[i].share, cell->who[i].cpu);
	measure_steal_text(cell->steal, steal, sizeof steal);
	if (cell->nwho == 0 && used < len &&
	    !(steal[0] != '\0' && cell->foreign < MEASURE_STEAL_MIN))
		used += (size_t)snprintf(buf + used, len - used, "%sno single process named",
		    used > 0 ? ": " : "");
	if (steal[0] != '\0' && used < len)
		snprintf(buf + used, len - used, "%s%s", used > 0 ? "; " : "", steal);
}

/* Speeds of a row's cell: anchor, partner, yield. NAN where not known. */
void
check_cell_speeds(const struct check *c, const struct check_row *row, int r, double *sa,
    double *sb, double *yield)
{
	const struct check_cell	*cell = &row->cell[r];
	double			 solo_a, solo_b, share;

	*sa = *sb = *yield = NAN;
	if (cell->state != CHECK_DONE)
		return;
	check_cell_solos(c, row, r, &solo_a, &solo_b, &share);
	*sa = analysis_speed(cell->rate_anchor, solo_a);
	*sb = analysis_speed(cell->rate_partner, solo_b);
	if (isfinite(*sa) && isfinite(*sb))
		*yield = *sa + *sb;
}

/* Is a cell past what physics allows (check.h)? */
int
check_cell_beyond(const struct check *c, const struct check_row *row, int r)
{
	double	sa, sb, yield, tol = CHECK_BEYOND;

	check_cell_speeds(c, row, r, &sa, &sb, &yield);
	if (isfinite(row->cell[r].spread))
		tol += row->cell[r].spread;
	if (sa > 1 + tol)
		return CHECK_BEYOND_ANCHOR;
	if (r == REL_SAME_PU && yield > 1 + tol)
		return CHECK_BEYOND_SHARED;
	return 0;
}

/* The warning for a cell past physics, naming the bound it passed. */
void
check_beyond_why(const struct check *c, const struct check_row *row, int r, char *buf,
    size_t len)
{
	double	sa, sb, yield;

	check_cell_speeds(c, row, r, &sa, &sb, &yield);
	if (check_cell_beyond(c, row, r) == CHECK_BEYOND_SHARED)
		snprintf(buf, len, "? %s on %s: the two copies time-sharing one CPU did "
		    "%.2f of its work alone (%.2f + %.2f), more than 1: the solo ran while "
		    "the CPU was slower (a host or a frequency changing it); the yield "
		    "overstates", row->name, topo_rel_name(r), yield, sa, sb);
	else
		snprintf(buf, len, "? %s on %s: the anchor copy ran %.2f of its speed "
		    "alone, more than 1: its solo ran while the CPU was slower (a host or a "
		    "frequency changing it); the yield %.2f overstates", row->name,
		    topo_rel_name(r), sa, yield);
}

/* The mark of a row's cell: ? past physics or above 100% of a disturbed solo, ~ disturbed. */
enum analysis_mark
check_cell_mark(const struct check *c, const struct check_row *row, int r, int *which)
{
	const struct check_solo	*soa = check_find_solo(c, &row->a);
	const struct check_solo	*sob = check_find_solo(c, &row->b);
	const struct check_cell	*cell = &row->cell[r];
	double			 sa, sb, yield;
	int			 own = cell->solo > 0, da, db;

	if (which != NULL)
		*which = 0;
	if (cell->state != CHECK_DONE)
		return ANALYSIS_CLEAN;
	check_cell_speeds(c, row, r, &sa, &sb, &yield);
	/* The anchor's own solo right before the pair is clean, or it is not used. */
	da = !own && soa != NULL && soa->cell.disturbed;
	db = (!own || row->pair) && sob != NULL && sob->cell.disturbed;
	if (cell->beyond || (da && sa > 1))
		return ANALYSIS_UNKNOWN;
	if (db && sb > 1) {
		if (which != NULL)
			*which = 1;
		return ANALYSIS_UNKNOWN;
	}
	return cell->disturbed || da || db ? ANALYSIS_MARKED : ANALYSIS_CLEAN;
}

/* The solo rates a row's cell is measured against. */
void
check_cell_solos(const struct check *c, const struct check_row *row, int r,
    double *solo_a, double *solo_b, double *share_a)
{
	const struct check_solo	*soa = check_find_solo(c, &row->a);
	const struct check_solo	*sob = check_find_solo(c, &row->b);
	const struct check_cell	*cell = &row->cell[r];

	*solo_a = *solo_b = *share_a = NAN;
	if (soa != NULL && soa->cell.state == CHECK_DONE) {
		*solo_a = soa->cell.rate_anchor;
		*share_a = soa->cell.share_anchor;
	}
	if (sob != NULL && sob->cell.state == CHECK_DONE)
		*solo_b = sob->cell.rate_anchor;
	if (isfinite(cell->solo) && cell->solo > 0) {
		*solo_a = cell->solo;
		*share_a = cell->solo_share;
		if (!row->pair)
			*solo_b = cell->solo;
	}
}

/* What can be counted (perf_event) and sensed (cpufreq, hwmon, RAPL) here. */
static void
check_read_sources(struct check_sources *src)
{
	struct sensors	*sn = sensors_new(NULL);

	src->caps = *perf_probe();
	sensors_read(sn, util_now_ns());
	snprintf(src->mhz_src, sizeof src->mhz_src, "%s", sn->mhz_src);
	snprintf(src->mhz_why, sizeof src->mhz_why, "%s", sn->mhz_why);
	snprintf(src->temp_src, sizeof src->temp_src, "%s", sn->temp_src);
	snprintf(src->temp_why, sizeof src->temp_why, "%s", sn->temp_why);
	src->rapl = sn->rapl > 0 && sn->watts_why[0] == '\0';
	snprintf(src->watts_why, sizeof src->watts_why, "%s", sn->watts_why);
	sensors_free(sn);
}

/* Read the identity and facts, and collect the warnings about them. */
static void
check_read_facts(struct check *c)
{
	memset(&c->ci, 0, sizeof c->ci);
	if (c->live) {
		cpuinfo_read(&c->ci, NULL);
		c->have_si = sysinfo_read(&c->si, NULL) == 0;
		check_read_sources(&c->src);
	} else
		cpuinfo_from_topology(&c->ci, c->m->cpu_vendor, c->m->cpu_model);
}

/* sysinfo_warnings() callback: its SMT sentences (sysfs alone) give way to the model's state. */
static void
check_warn_facts_cb(const char *msg, void *arg)
{
	if (strncmp(msg, "SMT ", 4) != 0)
		check_warn(arg, "%s", msg);
}

/* The SMT state's warning: no sibling measured and why, or siblings the kernel does not report. */
static void
check_warn_smt(struct check *c)
{
	const struct smtstate	*s = &c->m->smt;
	char			 words[512];

	if (c->plan.rel[REL_SMT_SIBLING].cpu == -1)
		check_warn(c, "no SMT sibling measurements: %s",
		    c->plan.rel[REL_SMT_SIBLING].reason);
	else if (s->kind == SMTSTATE_TOPOLOGY_ONLY) {
		smtstate_words(s, words, sizeof words);
		check_warn(c, "%s: the smt-sibling figures are of CPUs the topology pairs; "
		    "what they behave like is measured, not assumed", words);
	}
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
	check_warn_smt(c);
	if (c->have_si)
		sysinfo_warnings(&c->si, check_warn_facts_cb, c);
	if (c->ci.hypervisor[0])
		check_warn(c, "running under %s: the host may put these virtual CPUs on "
		    "SMT siblings or share them with other guests, unseen from here",
		    c->ci.hypervisor);
}

/* Free what a check holds. */
void
check_free(struct check *c)
{
	int	i;

	for (i = 0; i < c->nwarn; i++)
		free(c->warn[i]);
	free(c->busy);
	free(c->idle);
	c->idle = NULL;
	check_noise_free(c);
	if (c->m != NULL)
		topo_free(c->m);
}

/* Read the facts, sample the busy CPUs, plan, check the kernels, count the runs. */
int
check_prepare(struct check *c, int anchor, char *err, size_t errlen)
{
	c->start_ns = util_now_ns();
	c->live = topo_is_live(c->m);
	check_read_facts(c);
	if (c->live)
		check_sample_busy(c, CHECK_BUSY_SAMPLE_S);
	if (check_plan(c->m, anchor, c->busy, c->nbusy, &c->plan, err, errlen) == -1 ||
	    check_validate_kernels(c, err, errlen) == -1)
		return -1;
	if (c->sched.asked)
		check_plan_sched(c);
	if (c->idle != NULL && check_idle_prepare(c, err, errlen) == -1)
		return -1;
	c->runs_total = check_count_runs(c) + (c->idle != NULL ? c->idle->nwindows : 0);
	if (!c->time_given)
		c->cell_s = check_cell_seconds(c->runs_total);
	check_estimate(c);
	check_collect_warnings(c);
	return 0;
}
