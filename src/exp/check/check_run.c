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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/capacity.h"
#include "engine/analysis.h"
#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "sample/foreign.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "model/topo.h"
#include "base/util.h"

#define CHECK_WARMUP_S		0.05	/* after a start, a move or a resume */
#define CHECK_READY_S		20.0	/* a load's setup may take this long */
#define CHECK_SUB_S		0.05	/* sub-windows of a stable window */
#define CHECK_TOL		0.02	/* their agreement that ends it */
#define CHECK_NEED		4
#define CHECK_QUIET_S		0.5	/* a disturbed figure waits this long for quiet */
#define CHECK_WHO_MIN		0.02	/* a foreign process named takes this of a CPU */
#define CHECK_NOISY		0.06	/* a figure whose parts disagree more is not known */
#define CHECK_SCHED_TICK_S	0.01

/* A check being run: the loads, foreign work, the clock, and whom to tell what runs. */
struct check_runner {
	struct check	*c;
	struct loads	*ls;
	struct foreign	*f;
	uint64_t	 start_ns;
	void		(*progress)(void *, const char *, int, int, double);
	void		*arg;
};

/* A throughput row being run: its two loads and where the partner copy is. */
struct check_pair {
	const struct check_row	*row;
	int			 ids[2];
	int			 b_cpu;		/* where the partner copy runs now */
	int			 b_node;	/* the NUMA node it set up on */
};

/* The longest window for the next cell: --time, else what the budget has left. */
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

/*
 * How long a disturbed figure may wait for quiet: CHECK_QUIET_S while the
 * budget has room for it besides the shortest window of every run left
 * (always with --time), else nothing: the figure stays marked.
 */
static double
check_quiet_s(const struct check_runner *cr)
{
	const struct check	*c = cr->c;
	double			 left;

	if (c->time_given)
		return CHECK_QUIET_S;
	left = CHECK_BUDGET_S - (double)(util_now_ns() - cr->start_ns) / 1e9;
	if (left < (c->runs_total - c->runs_done) * (CHECK_CELL_MIN_S +
	    CHECK_OVERHEAD_S) + CHECK_QUIET_S)
		return 0;
	return CHECK_QUIET_S;
}

/* A stable window of at most max_s seconds. */
static void
check_window(double max_s, struct measure_win *w, struct solo_stable *stab)
{
	solo_stable_set(stab, w, max_s < CHECK_CELL_MIN_S ? max_s : CHECK_CELL_MIN_S, max_s,
	    max_s / 200 > CHECK_SUB_S ? max_s / 200 : CHECK_SUB_S, CHECK_TOL, CHECK_NEED);
}

/*
 * Say what runs now, with the time left re-estimated (eta.h: the plan's
 * rest at the pace seen, waits and figures measured again apart); NULL at
 * the end.
 */
static void
check_progress(const struct check_runner *cr, const char *what)
{
	const struct check	*c = cr->c;
	double			 done;

	if (cr->progress == NULL)
		return;
	done = c->runs_total > 0 ? (double)c->runs_done / c->runs_total : 0;
	cr->progress(cr->arg, what, c->runs_done + 1, c->runs_total,
	    eta_left(&c->eta, done, util_now_ns()));
}

/* Start loads and wait until each works; -1 with the reason in err. */
static int
check_start_loads(struct check_runner *cr, const char *const *texts, int n, int *ids,
    char *err, size_t errlen)
{
	struct load_spec	 spec;
	struct load		*l;
	uint64_t		 t0 = util_now_ns();
	int			 i, r;

	for (i = 0; i < n; i++) {
		if (loads_parse(cr->c->m, texts[i], &spec, err, errlen) == -1 ||
		    (ids[i] = loads_start(cr->ls, &spec, err, errlen)) == -1)
			return -1;
	}
	for (i = 0; i < n; i++) {
		r = measure_wait_ready(cr->ls, ids[i], CHECK_READY_S);
		/* Their setup, all at once: the time to the last one's first unit. */
		if (i == n - 1 || r != 0)
			eta_setup(&cr->c->eta, (double)(util_now_ns() - t0) / 1e9);
		if (r > 0) {
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

/* The CPUs of a cell, the anchor and a partner, with their SMT siblings. */
static void
check_cell_cpus(const struct check *c, int partner, struct cpuset *set)
{
	struct load_spec	spec;

	memset(&spec, 0, sizeof spec);
	cpuset_zero(&spec.cpus);
	cpuset_set(&spec.cpus, c->plan.anchor);
	spec.cpu_b = partner;
	measure_core_cpus(c->m, &spec, set);
}

/* Note who else ran on a cell's CPUs over the last scanned interval. */
static void
check_note_foreign(struct check_runner *cr, const struct cpuset *set,
    struct check_cell *cell)
{
	cell->foreign = measure_foreign_cpus(cr->f, set);
	cell->steal = measure_steal_cpus(cr->f, set);
	cell->nwho = measure_foreign_on(cr->f, set, CHECK_WHO_MIN, cell->who, CHECK_WHO_MAX);
	cell->foreign = measure_foreign_whole(cell->foreign, cell->who, cell->nwho);
}

/* Wait (at most check_quiet_s()) until others leave the CPUs of a set; 1 if they did. */
static int
check_wait_quiet_set(struct check_runner *cr, const struct cpuset *set)
{
	uint64_t	t0 = util_now_ns(), end = t0 + (uint64_t)(check_quiet_s(cr) * 1e9);
	int		sig, quiet = 0;

	while (util_now_ns() < end) {
		measure_foreign_scan(cr->f, cr->ls);
		if ((sig = measure_sleep(SOLO_QUIET_TICK_S)) != 0) {
			cr->c->signo = sig;
			break;
		}
		measure_foreign_scan(cr->f, cr->ls);
		if ((quiet = measure_foreign_cpus(cr->f, set) <= SOLO_FOREIGN_MAX))
			break;
	}
	eta_wait(&cr->c->eta, (double)(util_now_ns() - t0) / 1e9);
	return quiet && cr->c->signo == 0;
}

/* Mark a cell failed with a reason. */
static void __attribute__((format(printf, 2, 3)))
check_fail(struct check_cell *cell, const char *fmt, ...)
{
	va_list	ap;

	cell->state = CHECK_FAILED;
	va_start(ap, fmt);
	vsnprintf(cell->error, sizeof cell->error, fmt, ap);
	va_end(ap);
}

/*
 * A failed cell fails the check (exit 1), unless others took its CPU: then
 * it has no figure, and a warning names them, but smtscope did not fail.
 */
static void
check_failed(struct check *c, const struct check_cell *cell)
{
	if (cell->state == CHECK_FAILED && !cell->disturbed)
		c->failed = 1;
}

/* Warn about a disturbed figure, naming who disturbed it. */
static void
check_warn_cell(struct check *c, const char *what, const struct check_cell *cell)
{
	char	why[400];

	if (cell->state == CHECK_NOT_RUN || !cell->disturbed)
		return;
	check_disturbed_why(cell, why, sizeof why);
	check_warn(c, "~ %s: low, other work took CPU time: %s", what, why);
}

/* The IPC of load id since mark; with set, mark now instead. NAN where not counted. */
static double
check_ipc(struct check_runner *cr, int id, struct load_sample *mark, int set)
{
	struct perf_window	 pw;
	struct load_sample	 now;
	struct load		*l = loads_get(cr->ls, id);

	if (l == NULL || l->perf == NULL)
		return NAN;
	loads_peek(cr->ls, l, set ? mark : &now);
	if (set)
		return NAN;
	perf_window(&mark->perf, &now.perf, now.t_ns - mark->t_ns, &pw);
	return pw.ipc;
}

/* A solo to the session's baselines (capacity.h): the check's rounds show each place's range. */
static void
check_offer(struct check_runner *cr, int id, const struct solo_result *res, int cpu_bound)
{
	struct load	*l = loads_get(cr->ls, id);
	char		 key[CAPACITY_KEY_LEN];

	if (l == NULL)
		return;
	capacity_key(&l->spec, key, sizeof key);
	capacity_offer(capacity_session(), key, res, cpu_bound, "check");
}

/*
 * Measure one running load alone on the anchor, guarded: a disturbed solo
 * is measured again once its core is quiet. cpu_bound: the load would use
 * its whole CPU. Fills the cell (rates, share, spread, the guard's notes).
 */
static void
check_alone(struct check_runner *cr, int id, const char *text, int partner, int cpu_bound,
    struct check_cell *cell)
{
	struct solo_stable	 stab;
	struct measure_win	 w;
	struct solo_result	 res;
	struct cpuset		 set;
	struct load_sample	 mark;
	struct load		*l;
	uint64_t		 t0;
	char			 why[64];
	int			 r, tries;

	check_window(check_next_cell_s(cr), &w, &stab);
	check_cell_cpus(cr->c, partner, &set);
	measure_foreign_scan(cr->f, cr->ls);
	check_ipc(cr, id, &mark, 1);
	t0 = util_now_ns();
	r = solo_measure_guarded(&solo_loads_ops, cr->ls, id,
	    (uint64_t)(CHECK_WARMUP_S * 1e9), &stab, cpu_bound,
	    (uint64_t)(check_quiet_s(cr) * 1e9), &res, &tries);
	/* Its waits for quiet windows, and the figures measured again while disturbed. */
	if (r == 0)
		eta_guarded(&cr->c->eta, (double)(util_now_ns() - t0) / 1e9, res.waited_s,
		    tries);
	if (isfinite(cell->ipc_alone = check_ipc(cr, id, &mark, 0)))
		cell->ipc_have |= CHECK_IPC_ALONE;
	measure_foreign_scan(cr->f, cr->ls);
	cell->tries += tries;
	cr->c->runs_done += tries;
	cr->c->runs_total += tries - 1;
	if (r > 0) {
		cr->c->signo = r;
		return;
	}
	if (r == -1) {
		l = loads_get(cr->ls, id);
		check_fail(cell, "%s: %s", text, l != NULL ? l->death : "vanished");
		return;
	}
	check_note_foreign(cr, &set, cell);
	/* The kept window's figure, never less than the processes named. */
	cell->foreign = measure_foreign_kept(res.foreign, cell->foreign, cell->who, cell->nwho);
	cell->share_got = cpu_bound ? res.share : NAN;
	cell->disturbed = solo_disturbed(&res, cpu_bound);
	if (!(res.rate > 0) && (l = loads_get(cr->ls, id)) != NULL &&
	    loads_stall(cr->ls, l, why, sizeof why)) {
		check_fail(cell, "%s: %s", text, why);
		return;
	}
	if (!(res.rate > 0)) {
		check_fail(cell, "%s made no progress%s", text, cell->disturbed ?
		    " (others took its CPU, see the warnings)" : "");
		return;
	}
	check_offer(cr, id, &res, cpu_bound);
	cell->state = CHECK_DONE;
	cell->rate_anchor = res.rate;
	cell->share_anchor = res.share;
	cell->spread = res.spread;
}

/* The CPU share a pair's loads got, as a fraction of what their placement gives. */
static double
check_share_got(const struct check_cell *cell, int same_pu)
{
	double	got = cell->share_anchor;

	if (same_pu)
		got += cell->share_partner;
	else if (cell->share_partner < got)
		got = cell->share_partner;
	return got;
}

/* One window over a pair: the yield known when the solos are, else each rate. */
static int
check_pair_window(struct check_runner *cr, struct check_pair *p, const double *weight,
    const struct cpuset *set, int same_pu, struct check_cell *cell)
{
	struct solo_stable	stab;
	struct measure_win	w;
	struct measure_fig	fig[2];
	struct load_sample	mark;
	double			spread, secs;
	int			sig;

	check_window(check_next_cell_s(cr), &w, &stab);
	w.weight = weight;
	if ((sig = measure_sleep(CHECK_WARMUP_S)) != 0) {
		cr->c->signo = sig;
		return -1;
	}
	measure_foreign_scan(cr->f, cr->ls);
	check_ipc(cr, p->ids[0], &mark, 1);
	sig = measure_stable(cr->ls, p->ids, 2, &w, fig, &spread, &secs);
	if (isfinite(cell->ipc_together = check_ipc(cr, p->ids[0], &mark, 0)))
		cell->ipc_have |= CHECK_IPC_TOGETHER;
	measure_foreign_scan(cr->f, cr->ls);
	if (sig != 0) {
		cr->c->signo = sig;
		return -1;
	}
	if (!isfinite(fig[0].rate) || !isfinite(fig[1].rate)) {
		cell->disturbed = 0;
		check_fail(cell, "%s: a load died", p->row->name);
		return -1;
	}
	cell->state = CHECK_DONE;
	cell->rate_anchor = fig[0].rate;
	cell->rate_partner = fig[1].rate;
	cell->share_anchor = fig[0].share;
	cell->share_partner = fig[1].share;
	cell->spread = weight != NULL ? spread : fmax(fig[0].spread, fig[1].spread);
	cell->share_got = check_share_got(cell, same_pu);
	check_note_foreign(cr, set, cell);
	cell->disturbed = cell->foreign > SOLO_FOREIGN_MAX ||
	    (isfinite(cell->share_got) && cell->share_got < CHECK_SHARE_MIN);
	return 0;
}

/*
 * Measure a pair on one relation (the partner copy already there); once
 * more when others disturbed it and its CPUs went quiet (else it is
 * marked), or when its window was noisy and the budget has room.
 */
static void
check_pair_cell(struct check_runner *cr, struct check_pair *p, int r,
    struct check_cell *cell)
{
	struct check		*c = cr->c;
	struct cpuset		 set;
	double			 solo_a, solo_b, share, weight[2];
	const double		*yield = NULL;
	uint64_t		 t0;
	int			 try;

	check_cell_cpus(c, p->b_cpu, &set);
	/* With both solos known, the window ends when the yield is known. */
	check_cell_solos(c, p->row, r, &solo_a, &solo_b, &share);
	if (solo_a > 0 && solo_b > 0) {
		weight[0] = 1 / solo_a;
		weight[1] = 1 / solo_b;
		yield = weight;
	}
	for (try = 0; try < 2 && c->signo == 0; try++) {
		cell->tries++;
		t0 = util_now_ns();
		if (check_pair_window(cr, p, yield, &set, r == REL_SAME_PU, cell) == -1)
			break;
		if (try == 1)
			eta_again(&c->eta, 1, (double)(util_now_ns() - t0) / 1e9);
		/* A noisy window (the machine, not others) is measured once more. */
		if (!cell->disturbed && cell->state == CHECK_DONE && try == 0 &&
		    cell->spread > CHECK_NOISY && check_quiet_s(cr) > 0) {
			c->runs_total++;
			c->runs_done++;
			continue;
		}
		if (!cell->disturbed || try == 1 || !check_wait_quiet_set(cr, &set))
			break;
		c->runs_total++;
		c->runs_done++;
	}
	c->runs_done++;
	/* No progress at all: others took the whole CPU (it is disturbed), or a bug. */
	if (cell->state == CHECK_DONE && (!(cell->rate_anchor > 0) ||
	    !(cell->rate_partner > 0)))
		check_fail(cell, "%s made no progress%s", p->row->name, cell->disturbed ?
		    " (others took its CPU, see the warnings)" : "");
	check_failed(c, cell);
}

/* Put the partner copy on a CPU: moved there, or started anew on another NUMA node. */
static int
check_place_partner(struct check_runner *cr, struct check_pair *p, int cpu, char *err,
    size_t errlen)
{
	const struct topo_pu	*pu = topo_pu_by_os(cr->c->m, cpu);
	struct cpuset		 set;
	char			 text[160];
	const char		*texts[1] = { text };

	if (cpu == p->b_cpu)
		return 0;
	if (pu != NULL && topo_numa_of(cr->c->m, cpu) == p->b_node) {
		cpuset_zero(&set);
		cpuset_set(&set, cpu);
		if (loads_move(cr->ls, p->ids[1], &set, -1, err, errlen) == -1)
			return -1;
		p->b_cpu = cpu;
		return 0;
	}
	/* Its memory stays where it set up: a copy on another node starts there. */
	loads_stop(cr->ls, p->ids[1]);
	snprintf(text, sizeof text, "%s@%d", p->row->b.text, cpu);
	if (check_start_loads(cr, texts, 1, &p->ids[1], err, errlen) == -1)
		return -1;
	p->b_cpu = cpu;
	p->b_node = topo_numa_of(cr->c->m, cpu);
	return 0;
}

/* A solo not measured yet: of the anchor copy, or of the partner copy moved to the anchor. */
static void
check_row_solos(struct check_runner *cr, struct check_pair *p, char *err, size_t errlen)
{
	struct check		*c = cr->c;
	struct check_solo	*so;
	uint64_t		 t0;
	char			 what[200];
	int			 end, prev = p->b_cpu;

	for (end = 0; end < 2 && c->signo == 0; end++) {
		so = (struct check_solo *)check_find_solo(c, end == 0 ? &p->row->a :
		    &p->row->b);
		if (so == NULL || so->cell.state != CHECK_NOT_RUN)
			continue;
		snprintf(what, sizeof what, "%s alone on CPU %d", so->kern.text,
		    c->plan.anchor);
		check_progress(cr, what);
		if (end == 1 && check_place_partner(cr, p, c->plan.anchor, err, errlen) == -1) {
			check_fail(&so->cell, "%s", err);
			c->failed = 1;
			continue;
		}
		check_alone(cr, p->ids[end], what, c->plan.anchor,
		    kernel_cpu_bound(so->kern.k), &so->cell);
		/* A noisy solo (the machine, not others) is measured once more. */
		if (so->cell.state == CHECK_DONE && !so->cell.disturbed &&
		    so->cell.spread > CHECK_NOISY && check_quiet_s(cr) > 0) {
			c->runs_total++;
			t0 = util_now_ns();
			check_alone(cr, p->ids[end], what, c->plan.anchor,
			    kernel_cpu_bound(so->kern.k), &so->cell);
			eta_again(&c->eta, 1, (double)(util_now_ns() - t0) / 1e9);
		}
		snprintf(what, sizeof what, "%s alone", so->kern.text);
		check_warn_cell(c, what, &so->cell);
		check_failed(c, &so->cell);
	}
	if (p->b_cpu != prev && c->signo == 0)
		check_place_partner(cr, p, prev, err, errlen);
}

/*
 * The anchor copy alone right before a pair, so that a slow drift of the
 * machine (a memory bus, a host) moves solo and pair alike; a disturbed,
 * noisy or failed one leaves the cell on the row's solo.
 */
static void
check_adjacent_solo(struct check_runner *cr, struct check_pair *p, struct check_cell *cell)
{
	struct check_cell	alone;
	char			what[200];

	memset(&alone, 0, sizeof alone);
	snprintf(what, sizeof what, "%s alone on CPU %d", p->row->a.text,
	    cr->c->plan.anchor);
	check_progress(cr, what);
	check_alone(cr, p->ids[0], what, cr->c->plan.anchor, kernel_cpu_bound(p->row->a.k),
	    &alone);
	if (alone.state == CHECK_DONE && !alone.disturbed && !(alone.spread > CHECK_NOISY)) {
		cell->solo = alone.rate_anchor;
		cell->solo_share = alone.share_anchor;
	}
	if (alone.ipc_have & CHECK_IPC_ALONE) {
		cell->ipc_alone = alone.ipc_alone;
		cell->ipc_have |= CHECK_IPC_ALONE;
	}
}

/*
 * A cell past what physics allows (check_cell_beyond): its solo ran while
 * the CPU was slower. The anchor copy is measured alone again now, when the
 * budget has room, and the cell takes that solo; one still past it is
 * marked and warned of.
 */
static void
check_beyond(struct check_runner *cr, struct check_pair *p, int r, struct check_cell *cell)
{
	struct check	*c = cr->c;
	uint64_t	 t0;
	char		 why[400];

	if (cell->state != CHECK_DONE || c->signo != 0 || !check_cell_beyond(c, p->row, r))
		return;
	if (check_quiet_s(cr) > 0) {
		c->runs_total++;
		t0 = util_now_ns();
		check_adjacent_solo(cr, p, cell);
		eta_again(&c->eta, 1, (double)(util_now_ns() - t0) / 1e9);
		if (c->signo != 0 || !check_cell_beyond(c, p->row, r))
			return;
	}
	cell->beyond = 1;
	check_beyond_why(c, p->row, r, why, sizeof why);
	check_warn(c, "%s", why);
}

/* The partner CPU the copy sets up on: another CPU than the anchor when there is one. */
static int
check_first_partner(const struct check *c)
{
	int	r;

	for (r = REL_SAME_PU + 1; r < REL_COUNT; r++)
		if (c->plan.rel[r].cpu != -1)
			return c->plan.rel[r].cpu;
	return c->plan.anchor;
}

/* Fail every cell of a row not measured yet (its loads would not start). */
static void
check_row_failed(struct check *c, struct check_row *row, const char *err)
{
	struct check_solo	*so;
	int			 r, end;

	for (r = 0; r < REL_COUNT; r++) {
		if (c->plan.rel[r].cpu != -1 && row->cell[r].state == CHECK_NOT_RUN) {
			check_fail(&row->cell[r], "%s", err);
			c->runs_done++;
		}
	}
	for (end = 0; end < 2; end++) {
		so = (struct check_solo *)check_find_solo(c, end == 0 ? &row->a : &row->b);
		if (so != NULL && so->cell.state == CHECK_NOT_RUN) {
			check_fail(&so->cell, "%s", err);
			c->runs_done++;
		}
	}
	c->failed = 1;
}

/*
 * One throughput row: a copy on the anchor and one on a partner, started
 * once; the solos not measured yet; then the partner copy moves to each
 * relation's CPU in turn, starting where it set up.
 */
static void
check_run_row(struct check_runner *cr, struct check_row *row)
{
	struct check		*c = cr->c;
	struct check_pair	 p;
	char			 ta[160], tb[160], what[300], err[512];
	const char		*texts[2] = { ta, tb };
	int			 k, r, order[REL_COUNT], n = 0;

	memset(&p, 0, sizeof p);
	p.row = row;
	p.b_cpu = check_first_partner(c);
	p.b_node = topo_numa_of(c->m, p.b_cpu);
	snprintf(ta, sizeof ta, "%s@%d", row->a.text, c->plan.anchor);
	snprintf(tb, sizeof tb, "%s@%d", row->b.text, p.b_cpu);
	err[0] = '\0';
	if (check_start_loads(cr, texts, 2, p.ids, err, sizeof err) == -1) {
		if (c->signo == 0)
			check_row_failed(c, row, err);
		loads_stop_all(cr->ls);
		return;
	}
	check_row_solos(cr, &p, err, sizeof err);
	/* The relation where the copy is first, then the others in order. */
	for (r = 0; r < REL_COUNT; r++)
		if (c->plan.rel[r].cpu == p.b_cpu)
			order[n++] = r;
	for (r = 0; r < REL_COUNT; r++)
		if (c->plan.rel[r].cpu != -1 && c->plan.rel[r].cpu != p.b_cpu)
			order[n++] = r;
	for (k = 0; k < n && c->signo == 0; k++) {
		r = order[k];
		/* The first pair follows the row's solos; each later one its own. */
		if (k > 0)
			check_adjacent_solo(cr, &p, &row->cell[r]);
		snprintf(what, sizeof what, "%s on %s (CPUs %d and %d)", row->name,
		    topo_rel_name(r), c->plan.anchor, c->plan.rel[r].cpu);
		check_progress(cr, what);
		if (check_place_partner(cr, &p, c->plan.rel[r].cpu, err, sizeof err) == -1) {
			check_row_failed(c, row, err);
			break;
		}
		check_pair_cell(cr, &p, r, &row->cell[r]);
		check_beyond(cr, &p, r, &row->cell[r]);
		snprintf(what, sizeof what, "%s on %s", row->name, topo_rel_name(r));
		check_warn_cell(c, what, &row->cell[r]);
	}
	loads_stop_all(cr->ls);
}

/* Measure pipe and fork latency on each present relation, a load started for each. */
static void
check_measure_latency(struct check_runner *cr)
{
	struct check		*c = cr->c;
	struct check_lat	*lat;
	char			 text[160], what[300], err[512];
	const char		*texts[1] = { text };
	int			 i, r, partner, id;

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
			err[0] = '\0';
			if (check_start_loads(cr, texts, 1, &id, err, sizeof err) == 0)
				check_alone(cr, id, text, partner, 0, &lat->cell[r]);
			else if (c->signo == 0) {
				check_fail(&lat->cell[r], "%s", err);
				c->runs_done++;
			}
			check_failed(c, &lat->cell[r]);
			snprintf(what, sizeof what, "%s latency on %s", lat->kern.text,
			    topo_rel_name(r));
			check_warn_cell(c, what, &lat->cell[r]);
			loads_stop_all(cr->ls);
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

/* What the idle experiment runs now, as the check's progress. */
static void
check_idle_say(void *arg, const char *what)
{
	check_progress(arg, what);
}

/* Measure everything in the plan. */
void
check_run(struct check *c, void (*progress)(void *, const char *, int, int, double),
    void *arg)
{
	struct check_runner	cr;
	int			i;

	memset(&cr, 0, sizeof cr);
	cr.c = c;
	cr.progress = progress;
	cr.arg = arg;
	measure_signals_block();
	/* The clock runs from check_prepare, as the user's does. */
	eta_start(&c->eta, c->estimate_s, c->est_setup_s, c->est_wait_s,
	    c->start_ns != 0 ? c->start_ns : util_now_ns());
	/* --time bounds each window; one ends sooner when its figure is known. */
	c->eta.at_most = c->time_given;
	/* The plan's wait for busy CPUs to go quiet, in the estimate. */
	if (c->live && check_busy_cpu(c) != -1) {
		check_progress(&cr, "waiting for busy CPUs to go quiet");
		eta_wait(&c->eta, check_wait_quiet(c));
	}
	cr.ls = loads_new(c->m);
	cr.f = foreign_new(NULL, c->m->max_os > 0 ? c->m->max_os : 1);
	cr.start_ns = util_now_ns();
	/* The noise rounds: at the start, in the middle of the rows, at the end. */
	check_noise_round(c, 0);
	for (i = 0; i < c->nrows && c->signo == 0; i++) {
		if (i == c->nrows / 2 && i > 0)
			check_noise_round(c, 1);
		check_run_row(&cr, &c->rows[i]);
	}
	if (c->nrows < 2)
		check_noise_round(c, 1);
	if (c->signo == 0)
		check_measure_latency(&cr);
	if (c->signo == 0)
		check_measure_sched(&cr);
	check_noise_round(c, 2);
	check_idle_run(c, cr.ls, cr.f, check_idle_say, &cr);
	check_progress(&cr, NULL);
	eta_end(&c->eta, util_now_ns());
	foreign_free(cr.f);
	loads_free(cr.ls);
}
